/**
 * Checkout: the shopper's options, a quote, and placing an order.
 *
 * Placing is ONE transaction of a few statements (ADR 0017; `checkout-statements.test.ts`
 * pins how many):
 *  1. the shopper's cart row, its lines and their variants locked in one statement
 *     (`lockedCart`, variants in id order); a second request with the same
 *     Idempotency-Key waits here for the first (a custom order takes an advisory lock on
 *     (shopper, key) instead);
 *  2. ONE read of everything else the order needs, as of after the locks: an earlier order
 *     with this key (same body → that order; other body → 409), the payment settings, the
 *     zone, the tax rate, the stock levels the zone ships from, and the drop guard's and the
 *     discount engine's reads (they add statements only to lock and count limited drops
 *     and coupons);
 *  3. prices, coupon, delivery fee and tax recomputed with priceOrder() from the catalogue,
 *     stock allocated by warehouse priority (`allocateFrom`);
 *  4. ONE statement writes the order, its lines, their stock ledger rows (a card order
 *     reserves; a level never goes below zero) and allocations, its redemptions and first
 *     timeline events, empties the cart and saves the address if asked (`write-order.ts`).
 * After the commit: card orders get their Stripe Checkout Session, and `onOrderPlaced`
 * listeners run (the orders module's confirmation mail plugs in there).
 */
import { createHash } from "node:crypto";
import type {
  CheckoutOptions,
  DeliveryZone,
  PlacedOrder,
  PlaceOrderAnswer,
  PlaceOrderBody,
  Quote,
  QuoteBody,
  TaxRate,
} from "@atelier/contract";
import { and, asc, eq, type SQL, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { z } from "zod";
import type { Db, Tx } from "../../db/client.ts";
import { executePrepared } from "../../db/prepared.ts";
import {
  addresses,
  buyingHistory,
  couponRedemptions,
  customizationRequests,
  orderLines,
  type PaymentMethod,
  type PostalAddress,
  products,
  users,
} from "../../db/schema/index.ts";
import { ConflictError, NotFoundError, ValidationError } from "../../errors.ts";
import type { Shopper } from "../../http/shopper.ts";
import { allocateFrom, type ShippableLevel, shippableLevelsSql, shortMessage } from "../inventory/index.ts";
import { type CheckoutLine, cartLines, lockedCart, ownerCondition } from "./cart-lines.ts";
import { type CouponEngine, type DiscountVerdict, noCoupons } from "./coupons.ts";
import { priceOrder } from "./pricing.ts";
import {
  type CheckoutSettingsService,
  type PaymentSettings,
  paymentsFromRead,
  placementSettingsSql,
} from "./settings.ts";
import type { PaymentGateway } from "./stripe.ts";
import { writeOrder } from "./write-order.ts";

type PlaceInput = z.output<typeof PlaceOrderBody>;
type QuoteInput = z.output<typeof QuoteBody>;

export interface OrderPlacedEvent {
  orderId: number;
  number: string;
  paymentMethod: PaymentMethod;
  /**
   * A line's variant is left at or under inventory's "Only N left" limit (or sold out):
   * known at placement from the locked lines (ADR 0017); undefined when not known.
   */
  lowStock?: boolean;
  /**
   * What was written, as the placing request answers it, and the owner: the confirmation
   * mail is built from it instead of reading the order back (issue 18). Undefined when not
   * at hand (a card order paid later, through the webhook).
   */
  placed?: { view: PlacedOrder; userId: string | null };
}
export type OrderPlacedListener = (event: OrderPlacedEvent) => Promise<void> | void;
/**
 * A check inside the placement transaction after the cart lines are locked (collabs: drops).
 * `read` is its part of the transaction's one read (a JSON-valued SQL expression; ADR 0017);
 * `check` gets what it answered and throws to refuse (it may lock and count with statements
 * of its own when it must).
 */
export interface PlacementGuard {
  read(input: { lines: readonly CheckoutLine[] }): SQL;
  check(
    tx: Tx,
    input: { lines: readonly CheckoutLine[]; shopper: Shopper; email: string },
    read: unknown,
  ): Promise<void>;
}

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

  /**
   * The place-order transaction's one read (ADR 0017), after the cart lines (or the
   * customization request) are locked, so that it sees what the locks protect as of now:
   * an earlier order with this Idempotency-Key, the payment settings, the zone, the tax
   * rate of a typed address, the saved address, the stock levels the zone can ship from,
   * the "Only N left" limit, the customer's name, and each placement guard's and the
   * discount engine's own reads.
   */
  async function readForOrder(
    tx: Tx,
    shopper: Shopper,
    input: PlaceInput,
    idempotencyKey: string,
    lines: readonly CheckoutLine[],
  ) {
    const variantIds = lines.map((line) => line.variantId).filter((id) => id > 0);
    const userId = "userId" in shopper ? shopper.userId : null;
    const owner = ownerCondition(shopper, { userId: sql.raw("o.user_id"), guestId: sql.raw("o.guest_id") });
    const engineRead =
      lines.length > 0 && variantIds.length > 0 && coupons.placementRead
        ? coupons.placementRead({ code: input.couponCode, lines, shopper })
        : sql`null::json`;
    const guardReads = variantIds.length > 0 ? guards.map((guard) => guard.read({ lines })) : [];
    const { rows } = await executePrepared<{
      earlier: { id: number; request_hash: string | null } | null;
      payments: unknown;
      zone: DeliveryZone | null;
      rate: TaxRate | null;
      saved: PostalAddress | null;
      levels: ShippableLevel[] | null;
      only_left_below: number | null;
      actor_name: string | null;
      discounts: unknown;
      guards: unknown[] | null;
    }>(
      tx,
      "checkout_read",
      sql`select
      (select json_build_object('id', o.id, 'request_hash', o.request_hash) from buying_history o
        where o.idempotency_key = ${idempotencyKey} and ${owner}) as earlier,
      ${placementSettingsSql.payments} as payments,
      ${placementSettingsSql.zone(input.deliveryZoneId)} as zone,
      ${input.address ? placementSettingsSql.rate(input.address.country, input.address.region) : sql`null::json`} as rate,
      ${
        input.savedAddressId !== null && userId !== null
          ? sql`(select json_build_object('fullName', a.full_name, 'phone', a.phone, 'line1', a.line1, 'line2', a.line2,
              'city', a.city, 'region', a.region, 'postalCode', a.postal_code, 'country', a.country)
              from addresses a where a.id = ${input.savedAddressId} and a.user_id = ${userId})`
          : sql`null::json`
      } as saved,
      ${variantIds.length > 0 ? shippableLevelsSql(input.deliveryZoneId, variantIds) : sql`null::json`} as levels,
      (select only_left_below from inventory_settings where id = 1) as only_left_below,
      ${userId === null ? sql`null::text` : sql`(select name from "user" where id = ${userId})`} as actor_name,
      ${engineRead} as discounts,
      ${guardReads.length > 0 ? sql`json_build_array(${sql.join(guardReads, sql`, `)})` : sql`null::json`} as guards`,
    );
    const row = rows[0];
    if (!row) throw new Error("the order read returned nothing");
    return row;
  }

  async function place(
    shopper: Shopper,
    input: PlaceInput,
    idempotencyKey: string,
  ): Promise<{ answer: PlaceOrderAnswer; created?: OrderPlacedEvent }> {
    const requestHash = createHash("sha256").update(JSON.stringify(input)).digest("hex");
    const ownerKey = "userId" in shopper ? `u:${shopper.userId}` : `g:${shopper.guestId}`;

    const outcome = await db.transaction(async (tx) => {
      // Two requests with one Idempotency-Key must run one after the other, so that the
      // second finds the first's order. A cart checkout is serialised by its cart lock
      // (`lockedCart` locks the cart row with its lines and variants); a custom order takes
      // an advisory lock on (shopper, key) first, as every checkout did before ADR 0017.
      const customRequested = input.customizationRequestId !== null;
      if (customRequested) {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`${ownerKey}:${idempotencyKey}`}, 7))`);
      }
      const cart = customRequested ? { cartId: null, lines: [] } : await lockedCart(tx, shopper);
      const read = await readForOrder(tx, shopper, input, idempotencyKey, cart.lines);
      if (read.earlier) {
        if (read.earlier.request_hash !== requestHash) {
          throw new ConflictError(
            "This Idempotency-Key was already used for a different order. Use a new key for a new order.",
          );
        }
        return { replayedId: read.earlier.id } as const;
      }
      const payment = paymentsFromRead(read.payments);
      allowedMethod(input.paymentMethod, payment);

      // A customization request's accepted quote is paid through the same steps, with one
      // line at the quoted price instead of the cart (no stock taken, the cart left alone).
      const custom = customRequested ? await customizationLine(tx, shopper, input) : null;
      const lines = custom ? [custom.line] : cart.lines;
      if (lines.length === 0) throw new ValidationError("Your cart is empty.", { cart: "is empty" });
      if (!custom) checkStock(lines);
      if (!custom) {
        for (const [index, guard] of guards.entries()) {
          await guard.check(tx, { lines, shopper, email: input.contact.email }, read.guards?.[index] ?? null);
        }
      }

      const zone = read.zone;
      if (!zone)
        throw new ValidationError("Choose one of the delivery zones offered.", { deliveryZoneId: "is not offered" });
      let address: PostalAddress;
      let rate: TaxRate | null;
      if (input.savedAddressId !== null) {
        if (!read.saved) throw new NotFoundError("That address is not in your address book.");
        address = read.saved;
        rate = await destinationRate(address.country, address.region, tx);
      } else {
        if (!input.address) throw new ValidationError("Enter a delivery address.", { address: "is required" });
        address = input.address;
        rate = read.rate;
      }
      // Custom orders take no discounts (a typed code was refused above); carts ask the engine,
      // which locks the coupons it uses until this transaction ends.
      const verdict = custom
        ? null
        : await coupons.evaluate({
            code: input.couponCode,
            lines,
            shopper,
            email: input.contact.email,
            tx,
            ...(read.discounts ? { read: read.discounts } : {}),
          });
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

      // Stock (issue 14): the variants are locked (lockedCart above); the zone's warehouses
      // give what each line needs, by priority, split across warehouses when needed.
      const allocated = custom
        ? null
        : allocateFrom(
            read.levels ?? [],
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
      const actor =
        "userId" in shopper
          ? { actorUserId: shopper.userId, actorName: read.actor_name || "Customer" }
          : { actorUserId: null, actorName: "Guest" };
      const couponCode = coupon?.valid ? coupon.code : null;
      const orderLinesWritten = lines.map((line, index) => ({
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
      }));
      const redemptions =
        verdict && coupons.redemptions ? coupons.redemptions({ verdict, shopper, email: input.contact.email }) : [];
      const order = await writeOrder(tx, {
        order: {
          shopper,
          email: input.contact.email,
          phone: input.contact.phone,
          customerName: address.fullName,
          shippingAddress: address,
          deliveryZoneId: zone.id,
          deliveryZoneName: zone.name,
          currency: payment.currency,
          subtotal: totals.subtotal,
          discount: totals.discount,
          couponCode,
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
        },
        lines: orderLinesWritten,
        allocations: allocated?.allocations ?? new Map(),
        hold: card,
        redemptions,
        events: [
          {
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
                  kind: "payment",
                  message: `Transfer reference ${input.transferReference} reported; waiting for the shop to verify it.`,
                  ...actor,
                },
              ]
            : []),
        ],
        cartId: custom ? null : cart.cartId,
        saveAddress:
          "userId" in shopper && input.saveAddress && input.savedAddressId === null
            ? { userId: shopper.userId, deliveryZoneId: zone.id }
            : null,
      });
      if (verdict && !coupons.redemptions) {
        await coupons.record({ orderId: order.id, verdict, shopper, email: input.contact.email, tx });
      }

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
      // What the confirmation shows, from what was just written (no read after the commit).
      const view: PlacedOrder = {
        number: order.number,
        status,
        paymentMethod: input.paymentMethod,
        paymentState,
        currency: payment.currency,
        email: input.contact.email,
        phone: input.contact.phone,
        customerName: address.fullName,
        shippingAddress: address,
        deliveryZoneName: zone.name,
        lines: orderLinesWritten.map((line) => ({
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
          subtotal: totals.subtotal,
          discount: totals.discount,
          deliveryFee: totals.deliveryFee,
          tax: totals.tax,
          taxRateBasisPoints: totals.taxRateBasisPoints,
          total: totals.total,
        },
        couponCode,
        discounts: redemptions.map((entry) => ({
          title: (entry.detail as { title?: string } | null)?.title ?? "",
          code: entry.code,
          amount: entry.amount,
          freeDelivery: entry.freeDelivery,
        })),
        transferReference: input.paymentMethod === "manual_transfer" ? input.transferReference : null,
        transferInstructions:
          input.paymentMethod === "manual_transfer"
            ? { title: payment.manualTransfer.title, instructions: payment.manualTransfer.instructions }
            : null,
        holdExpiresAt: holdExpiresAt?.toISOString() ?? null,
        placedAt: order.placedAt.toISOString(),
      };
      const limit = Math.max(0, read.only_left_below ?? 0);
      const lowStock = !custom && lines.some((line) => line.stock - line.quantity <= limit);
      return { createdId: order.id, number: order.number, holdExpiresAt, total: totals.total, view, payment, lowStock };
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
          currency: outcome.payment.currency,
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
    const created: OrderPlacedEvent = {
      orderId: outcome.createdId,
      number: outcome.number,
      paymentMethod: input.paymentMethod,
      lowStock: outcome.lowStock,
      placed: { view: outcome.view, userId: "userId" in shopper ? shopper.userId : null },
    };
    return { answer: { order: outcome.view, redirectUrl, replayed: false }, created };
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
