/** What an order was charged, paid and refunded, and what chosen lines of it come to: the refund form's numbers. */
import type { OrderMoney } from "@atelier/contract";
import { asc, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { buyingHistory, orderLines } from "../../db/schema/index.ts";
import { NotFoundError, ValidationError } from "../../errors.ts";
import { ledgerTotals } from "../payment-ledger/index.ts";
import type { PaymentsDeps } from "./transactions.ts";

export async function orderMoney(deps: PaymentsDeps, id: number, executor: Db | Tx = deps.db): Promise<OrderMoney> {
  const [order] = await executor.select().from(buyingHistory).where(eq(buyingHistory.id, id));
  if (!order || order.isDraft) throw new NotFoundError("No such order.");
  const [lines, totals] = await Promise.all([
    executor.select().from(orderLines).where(eq(orderLines.historyId, id)).orderBy(asc(orderLines.id)),
    ledgerTotals(id, executor),
  ]);
  return {
    id: order.id,
    number: order.number,
    customerName: order.customerName,
    email: order.email,
    status: order.status,
    paymentMethod: order.paymentMethod,
    paymentState: order.paymentState,
    total: order.total,
    paid: totals.paid,
    refunded: totals.refunded,
    refundable: Math.max(0, totals.paid - totals.refunded),
    currency: order.currency,
    version: order.version,
    transferReference: order.transferReference,
    courier: order.courier,
    lines: lines.map((line) => ({
      id: line.id,
      productName: line.productName,
      sizeName: line.sizeName,
      colorName: line.colorName,
      quantity: line.quantity,
      paid: line.totalPrice - line.discount,
    })),
  };
}

/**
 * What `quantity` more units of each chosen line were paid (their share of the line's
 * discount taken off), after the units earlier refunds by line (pending or done) already
 * gave back: a line is never refunded for more units than it had, and its refunds add up
 * to exactly what it was paid (each refund takes the difference of cumulative shares).
 */
export async function amountOfLines(
  deps: PaymentsDeps,
  orderId: number,
  chosen: readonly { orderLineId: number; quantity: number }[],
) {
  const { db } = deps;
  const [lines, earlier] = await Promise.all([
    db.select().from(orderLines).where(eq(orderLines.historyId, orderId)),
    db.execute<{ line_id: number; quantity: number }>(sql`
      select (pick->>'orderLineId')::int as line_id, sum((pick->>'quantity')::int)::int as quantity
      from payment_ledger l, jsonb_array_elements(coalesce(l.provider_data->'lines', '[]')) pick
      where l.history_id = ${orderId} and l.event = 'refunded' and l.status <> 'failed'
      group by 1`),
  ]);
  const refundedUnits = new Map(earlier.rows.map((row) => [row.line_id, row.quantity]));
  let amount = 0;
  for (const pick of chosen) {
    const line = lines.find((candidate) => candidate.id === pick.orderLineId);
    if (!line) throw new ValidationError("Check the refund.", { lines: "A chosen line is not on this order." });
    const before = refundedUnits.get(line.id) ?? 0;
    if (before + pick.quantity > line.quantity) {
      const left = line.quantity - before;
      throw new ValidationError("Check the refund.", {
        lines:
          before === 0
            ? `At most ${line.quantity} of ${line.productName} can be refunded.`
            : `At most ${left} more of ${line.productName} can be refunded (${before} of ${line.quantity} already were).`,
      });
    }
    refundedUnits.set(line.id, before + pick.quantity);
    const paid = line.totalPrice - line.discount;
    const share = (units: number) => Math.round((paid * units) / line.quantity);
    amount += share(before + pick.quantity) - share(before);
  }
  return amount;
}

export async function orderMoneyByNumber(deps: PaymentsDeps, number: string): Promise<OrderMoney> {
  const { db } = deps;
  const [order] = await db
    .select({ id: buyingHistory.id })
    .from(buyingHistory)
    .where(eq(buyingHistory.number, number.trim().toUpperCase()));
  if (!order) throw new NotFoundError(`No order ${number}.`);
  return orderMoney(deps, order.id);
}
