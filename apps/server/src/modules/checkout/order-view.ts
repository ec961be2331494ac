/** A placed order as the shopper sees it (the confirmation page), by number for its owner or by id. */
import type { PlacedOrder } from "@atelier/contract";
import { and, asc, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { buyingHistory, couponRedemptions, orderLines } from "../../db/schema/index.ts";
import { NotFoundError } from "../../errors.ts";
import type { Shopper } from "../../http/shopper.ts";
import { ownerCondition } from "./cart-lines.ts";
import type { CheckoutContext } from "./checkout-context.ts";

/** Builds what the confirmation page shows; undefined when the shopper does not own it. */
export async function orderView(
  deps: CheckoutContext,
  where: { number: string; shopper: Shopper } | { id: number },
  tx: Db | Tx = deps.db,
) {
  const { settings } = deps;
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

export async function orderConfirmation(deps: CheckoutContext, shopper: Shopper, number: string): Promise<PlacedOrder> {
  const found = await orderView(deps, { number, shopper });
  if (!found) throw new NotFoundError("No such order.");
  return found.view;
}
