/** One order as staff see it: lines, payments, events, refunds and what may happen next. */
import type { AdminOrder } from "@atelier/contract";
import { asc, eq } from "drizzle-orm";
import { buyingHistory, orderEvents, orderLines, payments } from "../../db/schema/index.ts";
import { NotFoundError } from "../../errors.ts";
import { shipsFrom } from "../inventory/index.ts";
import { nextStatuses, orderLineView } from "../orders/index.ts";
import { ledgerTotals } from "../payment-ledger/index.ts";
import type { AdminOrdersDeps } from "./order-list.ts";

export async function orderDetail(deps: AdminOrdersDeps, id: number): Promise<AdminOrder> {
  const { db } = deps;
  const [order] = await db.select().from(buyingHistory).where(eq(buyingHistory.id, id));
  if (!order || order.isDraft) throw new NotFoundError("No such order.");
  const [lines, events, money, totals, allocations] = await Promise.all([
    db.select().from(orderLines).where(eq(orderLines.historyId, id)).orderBy(asc(orderLines.id)),
    db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.historyId, id))
      .orderBy(asc(orderEvents.createdAt), asc(orderEvents.id)),
    db.select().from(payments).where(eq(payments.historyId, id)).orderBy(asc(payments.createdAt), asc(payments.id)),
    ledgerTotals(id, db),
    shipsFrom(db, id),
  ]);
  return {
    id: order.id,
    number: order.number,
    placedAt: order.placedAt.toISOString(),
    status: order.status,
    nextStatuses: [...nextStatuses[order.status]],
    paymentMethod: order.paymentMethod,
    paymentState: order.paymentState,
    transferReference: order.transferReference,
    currency: order.currency,
    subtotal: order.subtotal,
    discount: order.discount,
    couponCode: order.couponCode,
    deliveryFee: order.deliveryFee,
    tax: order.tax,
    total: order.total,
    paid: totals.paid,
    refunded: totals.refunded,
    customerName: order.customerName,
    email: order.email,
    phone: order.phone,
    isGuest: order.userId === null,
    shippingAddress: order.shippingAddress,
    deliveryZoneName: order.deliveryZoneName,
    customerNote: order.customerNote,
    courier: order.courier,
    trackingNumber: order.trackingNumber,
    isChecked: order.isChecked,
    checkedDate: order.checkedDate?.toISOString() ?? null,
    version: order.version,
    lines: lines.map((line) => ({
      ...orderLineView(line),
      shipsFrom: allocations
        .filter((allocation) => allocation.orderLineId === line.id)
        .map((allocation) => ({
          warehouse: allocation.warehouseName,
          code: allocation.warehouseCode,
          quantity: allocation.quantity,
        })),
    })),
    payments: money.map((row) => ({
      id: row.id,
      kind: row.kind,
      method: row.method,
      amount: row.amount,
      reference: row.reference,
      note: row.note,
      recordedByName: row.recordedByName,
      createdAt: row.createdAt.toISOString(),
    })),
    timeline: events.map((event) => ({
      at: event.createdAt.toISOString(),
      kind: event.kind,
      fromStatus: event.fromStatus,
      toStatus: event.toStatus,
      message: event.message,
      actorName: event.actorName,
      isPublic: event.isPublic,
    })),
  };
}
