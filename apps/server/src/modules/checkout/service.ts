/**
 * Checkout: the shopper's options, a quote, and placing an order.
 *
 * Placing is ONE transaction (steps in order):
 *  1. an advisory lock on (shopper, Idempotency-Key): the same key waits for the first
 *     request, then finds its order (same body → that order; other body → 409);
 *  2. the shopper's cart row locked, then its lines with their variants locked in id order;
 *  3. prices, coupon, delivery fee and tax recomputed with priceOrder() from the catalogue;
 *  4. stock allocated from the delivery zone's warehouses by priority and posted to the
 *     stock ledger (modules/inventory/ledger.ts; a card order reserves it; a level never
 *     goes below zero), the order, its lines with their allocations and its first timeline
 *     events written, the cart emptied, the address saved if asked.
 * After the commit: card orders get their Stripe Checkout Session, and `onOrderPlaced`
 * listeners run (the orders module's confirmation mail plugs in there).
 */
import { createHash } from "node:crypto";
import type {
  CheckoutOptions,
  PlacedOrder,
  PlaceOrderAnswer,
  PlaceOrderBody,
  Quote,
  QuoteBody,
} from "@atelier/contract";
import { and, asc, eq, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { z } from "zod";
import type { Db, Tx } from "../../db/client.ts";
import {
  addresses,
  buyingHistory,
  cartLines as cartLinesTable,
  couponRedemptions,
  customizationRequests,
  orderEvents,
  orderLines,
  type PaymentMethod,
  type PostalAddress,
  products,
  users,
} from "../../db/schema/index.ts";
import { ConflictError, NotFoundError, ValidationError } from "../../errors.ts";
import type { Shopper } from "../../http/shopper.ts";
import { allocate, shortMessage, takeForOrder } from "../inventory/ledger.ts";
import { type CheckoutLine, cartLines, lockCart, ownerCondition } from "./cart-lines.ts";
import { type CouponEngine, type DiscountVerdict, noCoupons } from "./coupons.ts";
import { priceOrder } from "./pricing.ts";
import type { CheckoutSettingsService, PaymentSettings } from "./settings.ts";
import type { PaymentGateway } from "./stripe.ts";

type PlaceInput = z.output<typeof PlaceOrderBody>;
type QuoteInput = z.output<typeof QuoteBody>;

export interface OrderPlacedEvent {
  orderId: number;
  number: string;
  paymentMethod: PaymentMethod;
}
export type OrderPlacedListener = (event: OrderPlacedEvent) => Promise<void> | void;
/** Runs inside the placement transaction after the cart lines are locked; throws to refuse (collabs: drops). */
export type PlacementGuard = (
  tx: Tx,
  input: { lines: readonly CheckoutLine[]; shopper: Shopper; email: string },
) => Promise<void>;

const lineName = (line: CheckoutLine) => `${line.productName} (${line.sizeName} / ${line.colorName})`;

export function checkoutService(deps: {
  db: Db;
  settings: CheckoutSettingsService;
  gateway: PaymentGateway | null;
  publicUrl: string;
  log: FastifyBaseLogger;
  coupons?: CouponEngine;
}) {
  const { db, settings, gateway, log } = deps;
  let coupons = deps.coupons ?? noCoupons;
  const listeners: OrderPlacedListener[] = [];
  /** Run for every order created, card orders (holding stock, unpaid) included. */
  const createdListeners: OrderPlacedListener[] = [];
  const guards: PlacementGuard[] = [];

  async function emitPlaced(event: OrderPlacedEvent): Promise<void> {
    for (const listener of listeners) {
      try {
        await listener(event);
      } catch (error) {
        log.error({ err: error, order: event.number }, "an onOrderPlaced listener failed");
      }
    }
  }

  /** The discount engine's answer for these lines: the typed code and any automatic discounts. */
  async function discountsFor(
    code: string | null,
    lines: readonly CheckoutLine[],
    shopper: Shopper,
    email: string | null,
    tx?: Tx,
  ): Promise<DiscountVerdict> {
    return coupons.evaluate({ code, lines, shopper, email, ...(tx ? { tx } : {}) });
  }

  async function destinationRate(country: string, region: string, tx?: Db | Tx) {
    return settings.rateFor(country, region, tx);
  }

  /** Builds what the confirmation page shows; undefined when the shopper does not own it. */
  async function orderView(where: { number: string; shopper: Shopper } | { id: number }, tx: Db | Tx = db) {
    const condition =
      "id" in where
        ? eq(buyingHistory.id, where.id)
        : and(
            eq(buyingHistory.number, where.number),
            ownerCondition(where.shopper, { userId: buyingHistory.userId, guestId: buyingHistory.guestId }),
          );
    const [order] = await tx.select().from(buyingHistory).where(condition);
    if (!order || order.isDraft) return undefined;
    const lines = await tx
      .select()
      .from(orderLines)
      .where(eq(orderLines.historyId, order.id))
      .orderBy(asc(orderLines.id));
    const payment = await settings.payments(tx);
    const discounts = await tx
      .select({
        title: sql<string>`${couponRedemptions.detail}->>'title'`,
        code: couponRedemptions.code,
        amount: couponRedemptions.amount,
        freeDelivery: couponRedemptions.freeDelivery,
      })
      .from(couponRedemptions)
      .where(eq(couponRedemptions.orderId, order.id))
      .orderBy(asc(couponRedemptions.id));
    const view: PlacedOrder = {
      number: order.number,
      status: order.status,
      paymentMethod: order.paymentMethod,
      paymentState: order.paymentState,
      currency: order.currency,
      email: order.email,
      phone: order.phone,
      customerName: order.customerName,
      shippingAddress: order.shippingAddress,
      deliveryZoneName: order.deliveryZoneName,
      lines: lines.map((line) => ({
        productId: line.productId,
        productName: line.productName,
        sizeName: line.sizeName,
        colorName: line.colorName,
        image: line.filename,
        unitPrice: line.unitPrice,
        quantity: line.quantity,
        totalPrice: line.totalPrice,
        discount: line.discount,
      })),
      totals: {
        subtotal: order.subtotal,
        discount: order.discount,
        deliveryFee: order.deliveryFee,
        tax: order.tax,
        taxRateBasisPoints: order.taxRateBasisPoints,
        total: order.total,
      },
      couponCode: order.couponCode,
      discounts: discounts.map((entry) => ({ ...entry, title: entry.title ?? "" })),
      transferReference: order.transferReference,
      transferInstructions:
        order.paymentMethod === "manual_transfer"
          ? { title: payment.manualTransfer.title, instructions: payment.manualTransfer.instructions }
          : null,
      holdExpiresAt: order.holdExpiresAt?.toISOString() ?? null,
      placedAt: order.placedAt.toISOString(),
    };
    return { view, id: order.id, stripeSessionId: order.stripeSessionId, requestHash: order.requestHash };
  }

  async function resolveAddress(tx: Tx, shopper: Shopper, input: PlaceInput): Promise<PostalAddress> {
    if (input.savedAddressId !== null) {
      const [saved] =
        "userId" in shopper
          ? await tx
              .select()
              .from(addresses)
              .where(and(eq(addresses.id, input.savedAddressId), eq(addresses.userId, shopper.userId)))
          : [];
      if (!saved) throw new NotFoundError("That address is not in your address book.");
      const { fullName, phone, line1, line2, city, region, postalCode, country } = saved;
      return { fullName, phone, line1, line2, city, region, postalCode, country };
    }
    if (!input.address) throw new ValidationError("Enter a delivery address.", { address: "is required" });
    return input.address;
  }

  function allowedMethod(method: PaymentMethod, current: PaymentSettings): void {
    const enabled =
      method === "cod"
        ? current.cashOnDelivery.enabled
        : method === "manual_transfer"
          ? current.manualTransfer.enabled
          : gateway !== null;
    if (!enabled) {
      throw new ValidationError("This shop does not take that payment method now.", {
        paymentMethod: "is not available",
      });
    }
  }

  function checkStock(lines: readonly CheckoutLine[]): void {
    for (const line of lines) {
      const field = `lines.${line.variantId}`;
      if (!line.isPublished) {
        throw new ValidationError(`${lineName(line)} is no longer sold. Remove it from your cart.`, {
          [field]: "is no longer sold",
        });
      }
      if (line.stock < line.quantity) {
        const left = line.stock === 0 ? "is sold out" : `has only ${line.stock} left`;
        throw new ConflictError(`Sorry, ${lineName(line)} ${left}. Update your cart and try again.`, {
          [field]: line.stock === 0 ? "is sold out" : `only ${line.stock} left`,
        });
      }
    }
  }

  async function place(
    shopper: Shopper,
    input: PlaceInput,
    idempotencyKey: string,
  ): Promise<{ answer: PlaceOrderAnswer; created?: OrderPlacedEvent }> {
    const requestHash = createHash("sha256").update(JSON.stringify(input)).digest("hex");
    const ownerKey = "userId" in shopper ? `u:${shopper.userId}` : `g:${shopper.guestId}`;
    const payment = await settings.payments();
    allowedMethod(input.paymentMethod, payment);

    const outcome = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`${ownerKey}:${idempotencyKey}`}, 7))`);
      const [earlier] = await tx
        .select({ id: buyingHistory.id, requestHash: buyingHistory.requestHash })
        .from(buyingHistory)
        .where(
          and(
            eq(buyingHistory.idempotencyKey, idempotencyKey),
            ownerCondition(shopper, { userId: buyingHistory.userId, guestId: buyingHistory.guestId }),
          ),
        );
      if (earlier) {
        if (earlier.requestHash !== requestHash) {
          throw new ConflictError(
            "This Idempotency-Key was already used for a different order. Use a new key for a new order.",
          );
        }
        return { replayedId: earlier.id } as const;
      }

      // A customization request's accepted quote is paid through the same steps, with one
      // line at the quoted price instead of the cart (no stock taken, the cart left alone).
      const custom = input.customizationRequestId === null ? null : await customizationLine(tx, shopper, input);
      const cartId = custom ? undefined : await lockCart(tx, shopper);
      const lines = custom ? [custom.line] : cartId === undefined ? [] : await cartLines(tx, shopper, { lock: true });
      if (lines.length === 0) throw new ValidationError("Your cart is empty.", { cart: "is empty" });
      if (!custom) checkStock(lines);
      if (!custom) for (const guard of guards) await guard(tx, { lines, shopper, email: input.contact.email });

      const zone = await settings.activeZone(input.deliveryZoneId, tx);
      if (!zone)
        throw new ValidationError("Choose one of the delivery zones offered.", { deliveryZoneId: "is not offered" });
      const address = await resolveAddress(tx, shopper, input);
      const rate = await destinationRate(address.country, address.region, tx);
      // Custom orders take no discounts (a typed code was refused above); carts ask the engine,
      // which locks the coupons it uses until this transaction ends.
      const verdict = custom ? null : await discountsFor(input.couponCode, lines, shopper, input.contact.email, tx);
      const coupon = verdict?.coupon ?? null;
      if (coupon && !coupon.valid) throw new ValidationError(coupon.message, { couponCode: coupon.message });
      const totals = priceOrder({
        lines,
        discount: verdict?.discount ?? 0,
        freeDelivery: verdict?.freeDelivery ?? false,
        zone,
        tax: rate,
      });
      const lineDiscounts =
        verdict && verdict.discount === totals.discount ? verdict.lineDiscounts : lines.map(() => 0);

      // Stock (issue 14): the variants are locked (cartLines above); the zone's warehouses
      // give what each line needs, by priority, split across warehouses when needed.
      const allocated = custom
        ? null
        : await allocate(
            tx,
            zone.id,
            lines.map((line) => ({ variantId: line.variantId, quantity: line.quantity })),
          );
      const shortLine = allocated?.short[0];
      if (shortLine) {
        const line = lines.find((candidate) => candidate.variantId === shortLine.variantId);
        const short = shortMessage(line ? lineName(line) : "an item", shortLine.available);
        throw new ConflictError(short.message, { [`lines.${shortLine.variantId}`]: short.field });
      }

      const card = input.paymentMethod === "card";
      const status = card ? "pending_payment" : "placed";
      const paymentState = input.paymentMethod === "manual_transfer" ? "awaiting_verification" : ("unpaid" as const);
      const holdExpiresAt = card ? new Date(Date.now() + payment.cardHoldMinutes * 60_000) : null;
      const [order] = await tx
        .insert(buyingHistory)
        .values({
          number: sql`'A' || nextval('order_number_seq')`,
          ...("userId" in shopper ? { userId: shopper.userId } : { guestId: shopper.guestId }),
          email: input.contact.email,
          phone: input.contact.phone,
          customerName: address.fullName,
          shippingAddress: address,
          deliveryZoneId: zone.id,
          deliveryZoneName: zone.name,
          currency: payment.currency,
          subtotal: totals.subtotal,
          discount: totals.discount,
          couponCode: coupon?.valid ? coupon.code : null,
          deliveryFee: totals.deliveryFee,
          tax: totals.tax,
          taxRateBasisPoints: totals.taxRateBasisPoints,
          total: totals.total,
          status,
          paymentMethod: input.paymentMethod,
          paymentState,
          transferReference: input.paymentMethod === "manual_transfer" ? input.transferReference : null,
          holdExpiresAt,
          customerNote: input.note,
          idempotencyKey,
          requestHash,
        })
        .returning({ id: buyingHistory.id, number: buyingHistory.number });
      if (!order) throw new Error("order insert returned nothing");

      const insertedLines = await tx
        .insert(orderLines)
        .values(
          lines.map((line, index) => ({
            historyId: order.id,
            productId: custom ? custom.productId : line.productId,
            variantId: custom ? null : line.variantId,
            productName: line.productName,
            sizeName: line.sizeName,
            colorName: line.colorName,
            sku: line.sku,
            filename: line.image,
            unitPrice: line.unitPrice,
            quantity: line.quantity,
            totalPrice: line.unitPrice * line.quantity,
            discount: lineDiscounts[index] ?? 0,
          })),
        )
        .returning({ id: orderLines.id, variantId: orderLines.variantId });
      if (verdict) await coupons.record({ orderId: order.id, verdict, shopper, email: input.contact.email, tx });

      const actor = await actorOf(tx, shopper);
      if (allocated) {
        await takeForOrder(tx, {
          orderId: order.id,
          hold: card,
          actorName: "Checkout",
          lines: insertedLines.flatMap((row) =>
            row.variantId === null
              ? []
              : [
                  {
                    orderLineId: row.id,
                    variantId: row.variantId,
                    allocations: allocated.allocations.get(row.variantId) ?? [],
                  },
                ],
          ),
        });
      }
      await tx.insert(orderEvents).values([
        {
          historyId: order.id,
          kind: "status",
          toStatus: status,
          message: `${card ? "Order created; waiting for the card payment." : "Order placed."}${
            custom ? ` From customization request #${custom.requestId}.` : ""
          }`,
          ...actor,
        },
        ...(input.paymentMethod === "manual_transfer"
          ? [
              {
                historyId: order.id,
                kind: "payment",
                message: `Transfer reference ${input.transferReference} reported; waiting for the shop to verify it.`,
                ...actor,
              },
            ]
          : []),
      ]);

      if (custom) {
        await tx
          .update(customizationRequests)
          .set({
            status: "ordered",
            resultingOrderId: order.id,
            version: sql`${customizationRequests.version} + 1`,
            updatedAt: new Date(),
          })
          .where(eq(customizationRequests.id, custom.requestId));
      }
      if (cartId !== undefined) await tx.delete(cartLinesTable).where(eq(cartLinesTable.cartId, cartId));
      if ("userId" in shopper && input.saveAddress && input.savedAddressId === null) {
        await tx.insert(addresses).values({ userId: shopper.userId, ...address, deliveryZoneId: zone.id });
      }
      return { createdId: order.id, number: order.number, holdExpiresAt, total: totals.total };
    });

    if ("replayedId" in outcome && outcome.replayedId !== undefined) {
      const found = await orderView({ id: outcome.replayedId });
      if (!found) throw new NotFoundError("That order no longer exists.");
      const redirectUrl =
        found.view.status === "pending_payment" && found.stripeSessionId && gateway
          ? await gateway.sessionUrl(found.stripeSessionId).catch(() => null)
          : null;
      return { answer: { order: found.view, redirectUrl, replayed: true } };
    }

    let redirectUrl: string | null = null;
    if (input.paymentMethod === "card" && gateway && outcome.holdExpiresAt) {
      const back = `${deps.publicUrl}/checkout/complete/${outcome.number}`;
      try {
        const session = await gateway.createSession({
          orderNumber: outcome.number,
          currency: payment.currency,
          total: outcome.total,
          email: input.contact.email,
          expiresAt: outcome.holdExpiresAt,
          successUrl: `${back}?payment=success`,
          cancelUrl: `${back}?payment=cancelled`,
        });
        await db
          .update(buyingHistory)
          .set({ stripeSessionId: session.id, updatedAt: new Date() })
          .where(eq(buyingHistory.id, outcome.createdId));
        redirectUrl = session.url;
      } catch (error) {
        // The order keeps its hold; the sweeper gives the stock back if it is never paid.
        log.error({ err: error, order: outcome.number }, "could not create the Stripe Checkout Session");
      }
    }
    const found = await orderView({ id: outcome.createdId });
    if (!found) throw new Error("the order just placed is missing");
    const created = { orderId: outcome.createdId, number: outcome.number, paymentMethod: input.paymentMethod };
    return { answer: { order: found.view, redirectUrl, replayed: false }, created };
  }

  /** The accepted quote of the shopper's customization request as a checkout line (locked). */
  async function customizationLine(
    tx: Tx,
    shopper: Shopper,
    input: PlaceInput,
  ): Promise<{ requestId: number; productId: number | null; line: CheckoutLine }> {
    const requestId = input.customizationRequestId ?? 0;
    const [request] = await tx
      .select()
      .from(customizationRequests)
      .where(
        and(
          eq(customizationRequests.id, requestId),
          ownerCondition(shopper, { userId: customizationRequests.userId, guestId: customizationRequests.guestId }),
        ),
      )
      .for("update");
    if (!request) throw new NotFoundError("That customization request was not found.");
    if (request.status !== "accepted" || request.quotePrice === null) {
      throw new ConflictError("Only an accepted quote can be ordered.");
    }
    if (input.couponCode) {
      throw new ValidationError("Coupons do not apply to custom orders.", { couponCode: "does not apply" });
    }
    const [product] = request.productId
      ? await tx.select({ name: products.name }).from(products).where(eq(products.id, request.productId))
      : [];
    return {
      requestId,
      productId: request.productId,
      line: {
        variantId: 0,
        productId: request.productId ?? 0,
        productName: `Custom order #${request.id}${product ? `: ${product.name}` : ""}`.slice(0, 160),
        sizeName: request.size,
        colorName: request.color,
        sku: `CUSTOM-${request.id}`,
        image: request.images[0] ?? null,
        unitPrice: request.quotePrice,
        quantity: request.quantity,
        stock: request.quantity,
        isPublished: true,
      },
    };
  }

  async function actorOf(tx: Tx, shopper: Shopper) {
    if (!("userId" in shopper)) return { actorUserId: null, actorName: "Guest" };
    const [user] = await tx.select({ name: users.name }).from(users).where(eq(users.id, shopper.userId));
    return { actorUserId: shopper.userId, actorName: user?.name || "Customer" };
  }

  return {
    /** Listeners run after an order is placed (cash on delivery, transfer) or paid by card. */
    onOrderPlaced(listener: OrderPlacedListener): void {
      listeners.push(listener);
    },
    emitPlaced,

    /** Listeners run after any new order commits, card orders at creation (stock held; inventory). */
    onOrderCreated(listener: OrderPlacedListener): void {
      createdListeners.push(listener);
    },

    /** Collabs (issue 16) installs its drop guard (launch, end, per-customer limit) here. */
    usePlacementGuard(guard: PlacementGuard): void {
      guards.push(guard);
    },

    /** The promotions issue installs its coupon engine here. */
    useCouponEngine(engine: CouponEngine): void {
      coupons = engine;
    },

    async options(shopper: Shopper | undefined): Promise<CheckoutOptions> {
      const [current, zones] = await Promise.all([settings.payments(), settings.listZones()]);
      const methods: CheckoutOptions["paymentMethods"] = [];
      if (current.cashOnDelivery.enabled) {
        methods.push({
          method: "cod",
          title: "Cash on delivery",
          instructions: "Pay the courier when your order arrives.",
        });
      }
      if (current.manualTransfer.enabled) {
        methods.push({
          method: "manual_transfer",
          title: current.manualTransfer.title,
          instructions: current.manualTransfer.instructions,
        });
      }
      if (gateway) {
        methods.push({ method: "card", title: "Card", instructions: "You will pay on Stripe's secure page." });
      }
      let savedAddresses: CheckoutOptions["savedAddresses"] = [];
      let contact: CheckoutOptions["contact"] = null;
      if (shopper && "userId" in shopper) {
        savedAddresses = await db
          .select({
            id: addresses.id,
            label: addresses.label,
            fullName: addresses.fullName,
            phone: addresses.phone,
            line1: addresses.line1,
            line2: addresses.line2,
            city: addresses.city,
            region: addresses.region,
            postalCode: addresses.postalCode,
            country: addresses.country,
            deliveryZoneId: addresses.deliveryZoneId,
            isDefault: addresses.isDefault,
          })
          .from(addresses)
          .where(eq(addresses.userId, shopper.userId))
          .orderBy(sql`${addresses.isDefault} desc`, asc(addresses.id));
        const [user] = await db
          .select({ email: users.email, name: users.name })
          .from(users)
          .where(eq(users.id, shopper.userId));
        contact = user ?? null;
      }
      return {
        currency: current.currency,
        country: current.country,
        zones: zones.filter((zone) => zone.isActive).map(({ isActive: _active, sortOrder: _order, ...zone }) => zone),
        paymentMethods: methods,
        savedAddresses,
        contact,
      };
    },

    async quote(shopper: Shopper | undefined, input: QuoteInput): Promise<Quote> {
      const current = await settings.payments();
      const lines = shopper ? await cartLines(db, shopper) : [];
      const zone = input.deliveryZoneId === null ? null : ((await settings.activeZone(input.deliveryZoneId)) ?? null);
      if (input.deliveryZoneId !== null && !zone) {
        throw new ValidationError("Choose one of the delivery zones offered.", { deliveryZoneId: "is not offered" });
      }
      const destination = input.destination ?? { country: current.country, region: "" };
      const rate = await destinationRate(destination.country, destination.region);
      const verdict = shopper ? await discountsFor(input.couponCode, lines, shopper, input.email) : null;
      const coupon = verdict?.coupon ?? null;
      const totals = priceOrder({
        lines,
        discount: verdict?.discount ?? 0,
        freeDelivery: verdict?.freeDelivery ?? false,
        zone,
        tax: rate,
      });
      return {
        currency: current.currency,
        lines: lines.map((line, index) => ({
          variantId: line.variantId,
          productId: line.productId,
          productName: line.productName,
          sizeName: line.sizeName,
          colorName: line.colorName,
          image: line.image,
          unitPrice: line.unitPrice,
          quantity: line.quantity,
          totalPrice: line.unitPrice * line.quantity,
          available: line.isPublished ? line.stock : 0,
          discount: verdict?.lineDiscounts[index] ?? 0,
        })),
        totals,
        coupon: coupon ? { code: coupon.code, valid: coupon.valid, message: coupon.message } : null,
        discounts: verdict?.discounts ?? [],
      };
    },

    async place(shopper: Shopper, input: PlaceInput, idempotencyKey: string): Promise<PlaceOrderAnswer> {
      const { answer, created } = await place(shopper, input, idempotencyKey);
      if (created) {
        for (const listener of createdListeners) {
          try {
            await listener(created);
          } catch (error) {
            log.error({ err: error, order: created.number }, "an onOrderCreated listener failed");
          }
        }
      }
      if (created && created.paymentMethod !== "card") await emitPlaced(created);
      return answer;
    },

    async confirmation(shopper: Shopper, number: string): Promise<PlacedOrder> {
      const found = await orderView({ number, shopper });
      if (!found) throw new NotFoundError("No such order.");
      return found.view;
    },
  };
}

export type CheckoutService = ReturnType<typeof checkoutService>;
