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
 * Still inside it, `onOrderPlacedIn` listeners run on the transaction (the orders module's
 * confirmation mail is enqueued there, so it commits with the order: ADR 0008). After the
 * commit: card orders get their Stripe Checkout Session, and `onOrderPlaced` listeners run.
 */

import { createHash } from "node:crypto";
import type { PlacedOrder, PlaceOrderAnswer, TaxRate } from "@atelier/contract";
import { eq, sql } from "drizzle-orm";
import { buyingHistory, customizationRequests, type PostalAddress } from "../../db/schema/index.ts";
import { ConflictError, NotFoundError, ValidationError } from "../../errors.ts";
import type { Shopper } from "../../http/shopper.ts";
import { allocateFrom, shortMessage } from "../inventory/index.ts";
import { lockedCart } from "./cart-lines.ts";
import {
  type CheckoutContext,
  emitPlaced,
  emitPlacedIn,
  lineName,
  type OrderPlacedEvent,
  type PlaceInput,
} from "./checkout-context.ts";
import { orderView } from "./order-view.ts";
import { allowedMethod, checkStock, customizationLine, readForOrder } from "./place-checks.ts";
import { priceOrder } from "./pricing.ts";
import { destinationRate } from "./quote.ts";
import { paymentsFromRead } from "./settings.ts";
import { writeOrder } from "./write-order.ts";

async function place(
  deps: CheckoutContext,
  shopper: Shopper,
  input: PlaceInput,
  idempotencyKey: string,
): Promise<{ answer: PlaceOrderAnswer; created?: OrderPlacedEvent }> {
  const { db, gateway, log, state } = deps;
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
    const read = await readForOrder(deps, tx, shopper, input, idempotencyKey, cart.lines);
    if (read.earlier) {
      if (read.earlier.request_hash !== requestHash) {
        throw new ConflictError(
          "This Idempotency-Key was already used for a different order. Use a new key for a new order.",
        );
      }
      return { replayedId: read.earlier.id } as const;
    }
    const payment = paymentsFromRead(read.payments);
    allowedMethod(deps, input.paymentMethod, payment);

    // A customization request's accepted quote is paid through the same steps, with one
    // line at the quoted price instead of the cart (no stock taken, the cart left alone).
    const custom = customRequested ? await customizationLine(tx, shopper, input) : null;
    const lines = custom ? [custom.line] : cart.lines;
    if (lines.length === 0) throw new ValidationError("Your cart is empty.", { cart: "is empty" });
    const onlyLeftBelow = Math.max(0, read.only_left_below ?? 0);
    if (!custom) checkStock(lines, onlyLeftBelow);
    if (!custom) {
      for (const [index, guard] of state.guards.entries()) {
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
      rate = await destinationRate(deps, address.country, address.region, tx);
    } else {
      if (!input.address) throw new ValidationError("Enter a delivery address.", { address: "is required" });
      address = input.address;
      rate = read.rate;
    }
    // Custom orders take no discounts (a typed code was refused above); carts ask the engine,
    // which locks the coupons it uses until this transaction ends.
    const verdict = custom
      ? null
      : await state.coupons.evaluate({
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
    const lineDiscounts = verdict && verdict.discount === totals.discount ? verdict.lineDiscounts : lines.map(() => 0);

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
      const short = shortMessage(line ? lineName(line) : "an item", shortLine.available, onlyLeftBelow);
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
      verdict && state.coupons.redemptions
        ? state.coupons.redemptions({ verdict, shopper, email: input.contact.email })
        : [];
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
    if (verdict && !state.coupons.redemptions) {
      await state.coupons.record({ orderId: order.id, verdict, shopper, email: input.contact.email, tx });
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
    // What must commit with the order (its confirmation mail's job): on this transaction,
    // one statement more (ADR 0017); a card order's runs once it is paid (card-payments.ts).
    if (!card) {
      await emitPlacedIn(deps, tx, {
        orderId: order.id,
        number: order.number,
        paymentMethod: input.paymentMethod,
        placed: { view, userId: "userId" in shopper ? shopper.userId : null },
      });
    }
    const lowStock = !custom && lines.some((line) => line.stock - line.quantity <= onlyLeftBelow);
    return { createdId: order.id, number: order.number, holdExpiresAt, total: totals.total, view, payment, lowStock };
  });

  if ("replayedId" in outcome && outcome.replayedId !== undefined) {
    const found = await orderView(deps, { id: outcome.replayedId });
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

export async function placeOrder(
  deps: CheckoutContext,
  shopper: Shopper,
  input: PlaceInput,
  idempotencyKey: string,
): Promise<PlaceOrderAnswer> {
  const { log, state } = deps;
  const { answer, created } = await place(deps, shopper, input, idempotencyKey);
  if (created) {
    for (const listener of state.createdListeners) {
      try {
        await listener(created);
      } catch (error) {
        log.error({ err: error, order: created.number }, "an onOrderCreated listener failed");
      }
    }
  }
  if (created && created.paymentMethod !== "card") await emitPlaced(deps, created);
  return answer;
}
