/** Reconciliation: the provider's balance lines matched to the ledger, and what needs action (missing, pending, unmatched). */
import { ledgerDirection, type Reconciliation } from "@atelier/contract";
import { and, eq, inArray, sql } from "drizzle-orm";
import { buyingHistory, courierRemittances, paymentLedger } from "../../db/schema/index.ts";
import { ValidationError } from "../../errors.ts";
import { addDays, periodOf, todayIn } from "../reports/index.ts";
import { loadPayouts } from "./payouts.ts";
import type { PaymentsDeps } from "./transactions.ts";
import { localEnd, localStart } from "./transactions.ts";

/** Payout lines → orders: a charge by its payment intent, a refund by its id, else the order number Stripe kept. */
export async function matchLines(
  deps: PaymentsDeps,
  lines: { id: string; source: string | null; paymentIntent: string | null; orderNumber: string | null }[],
) {
  const { db } = deps;
  const references = lines.flatMap((line) => [line.source, line.paymentIntent].filter((x): x is string => Boolean(x)));
  const numbers = lines.map((line) => line.orderNumber).filter((x): x is string => Boolean(x));
  const [byReference, byNumber] = await Promise.all([
    references.length
      ? db
          .select({
            reference: paymentLedger.providerReference,
            event: paymentLedger.event,
            orderId: buyingHistory.id,
            orderNumber: buyingHistory.number,
          })
          .from(paymentLedger)
          .innerJoin(buyingHistory, eq(buyingHistory.id, paymentLedger.historyId))
          .where(inArray(paymentLedger.providerReference, references))
      : Promise.resolve([]),
    numbers.length
      ? db
          .select({ orderId: buyingHistory.id, orderNumber: buyingHistory.number })
          .from(buyingHistory)
          .where(inArray(buyingHistory.number, numbers))
      : Promise.resolve([]),
  ]);
  const result = new Map<string, { orderId: number | null; orderNumber: string | null; captured: boolean }>();
  for (const line of lines) {
    const hit = byReference.find((row) => row.reference === line.source || row.reference === line.paymentIntent);
    const numbered = byNumber.find((row) => row.orderNumber === line.orderNumber);
    const order = hit ?? numbered;
    result.set(line.id, {
      orderId: order?.orderId ?? null,
      orderNumber: order?.orderNumber ?? null,
      captured: Boolean(hit),
    });
  }
  return result;
}

/**
 * Money per period and method, the periods being days (weeks from Monday, months) in the
 * store's time zone — a sale at 23:30 in the shop is that day's, whatever UTC says. A
 * Stripe payout counts on its arrival date (Stripe gives a calendar date).
 */
export async function reconcile(
  deps: PaymentsDeps,
  query: {
    from?: string | undefined;
    to?: string | undefined;
    group?: "day" | "week" | "month" | undefined;
  },
): Promise<Reconciliation> {
  const { db } = deps;
  const timeZone = await deps.storeTimeZone();
  const to = query.to ?? todayIn(timeZone);
  const from = query.from ?? addDays(to, -29);
  if (from > to) throw new ValidationError("Check the period.", { from: "must be on or before the end date" });
  const group = query.group ?? "day";
  const periodOfDay = (day: string) => (group === "month" ? day.slice(0, 7) : periodOf(day, group));
  const localDay = (column: typeof paymentLedger.createdAt | typeof courierRemittances.createdAt) =>
    sql<string>`to_char(${column} at time zone ${timeZone}, 'YYYY-MM-DD')`;
  // Payouts first: reading them writes the fees they paid out onto the ledger.
  const stripeView = await loadPayouts(deps);
  const [ledger, remitted, currency] = await Promise.all([
    db
      .select({
        day: localDay(paymentLedger.createdAt),
        method: paymentLedger.method,
        event: paymentLedger.event,
        status: paymentLedger.status,
        amount: paymentLedger.amount,
        fee: paymentLedger.fee,
      })
      .from(paymentLedger)
      .where(
        and(
          sql`${paymentLedger.createdAt} >= ${localStart(from, timeZone)}`,
          sql`${paymentLedger.createdAt} < ${localEnd(to, timeZone)}`,
        ),
      ),
    db
      .select({ day: localDay(courierRemittances.createdAt), amount: courierRemittances.amount })
      .from(courierRemittances)
      .where(
        and(
          sql`${courierRemittances.createdAt} >= ${localStart(from, timeZone)}`,
          sql`${courierRemittances.createdAt} < ${localEnd(to, timeZone)}`,
        ),
      ),
    deps.storeCurrency(),
  ]);
  type Row = Reconciliation["rows"][number];
  const rows = new Map<string, Row>();
  const rowOf = (period: string, method: Row["method"]) => {
    const key = `${period}|${method}`;
    let row = rows.get(key);
    if (!row) {
      row = { period, method, captured: 0, refunded: 0, fees: 0, net: 0, paidOut: 0, outstanding: 0 };
      rows.set(key, row);
    }
    return row;
  };
  for (const event of ledger) {
    const direction = ledgerDirection(event.event, event.status);
    if (direction === 0) continue;
    const row = rowOf(periodOfDay(event.day), event.method);
    if (direction > 0) row.captured += event.amount;
    else row.refunded += event.amount;
    // The ledger's fees, on their payment's day: a refund's is what it gave back.
    row.fees += direction * event.fee;
  }
  for (const remittance of remitted) rowOf(periodOfDay(remittance.day), "cod").paidOut += remittance.amount;
  for (const payout of stripeView.payouts) {
    const arrival = payout.arrivalDate.slice(0, 10);
    if (arrival < from || arrival > to) continue;
    rowOf(periodOfDay(arrival), "card").paidOut += payout.amount;
  }
  for (const row of rows.values()) {
    row.net = row.captured - row.refunded - row.fees;
    // A transfer lands in the shop's account as it is made: nothing stays outstanding.
    if (row.method === "manual_transfer") row.paidOut = Math.max(0, row.net);
    row.outstanding = row.net - row.paidOut;
  }
  const sorted = [...rows.values()].sort(
    (a, b) => a.period.localeCompare(b.period) || a.method.localeCompare(b.method),
  );

  const mismatches: Reconciliation["mismatches"] = [];
  for (const payout of stripeView.payouts) {
    for (const line of payout.lines) {
      if ((line.type === "charge" || line.type === "payment" || line.type === "refund") && line.orderId === null) {
        mismatches.push({
          kind: "payout_line_without_order",
          message: `Payout ${payout.id} has a ${line.type} (${line.source ?? line.id}) that matches no order.`,
          orderId: null,
          orderNumber: null,
          reference: line.source ?? line.id,
        });
      } else if ((line.type === "charge" || line.type === "payment") && line.orderId !== null && !line.captured) {
        mismatches.push({
          kind: "webhook_missing",
          message: `Stripe paid out a charge for ${line.orderNumber} but its payment webhook never came.`,
          orderId: line.orderId,
          orderNumber: line.orderNumber,
          reference: line.source,
        });
      }
    }
  }
  const stale = await db.execute<{ id: number; number: string; reference: string | null; kind: string }>(sql`
    select b.id, b.number, b.stripe_session_id as reference, 'webhook_missing' as kind
    from buying_history b
    where b.payment_method = 'card' and b.status = 'pending_payment' and b.payment_state = 'unpaid'
      and b.hold_expires_at < now() - interval '15 minutes'
    union all
    select b.id, b.number, l.provider_reference, case when l.provider_data ? 'stripeRefundId' then 'webhook_missing' else 'refund_pending' end
    from payment_ledger l join buying_history b on b.id = l.history_id
    where l.event = 'refunded' and l.status = 'pending' and (l.created_at < now() - interval '1 day' or not (l.provider_data ? 'stripeRefundId'))
    union all
    select b.id, b.number, b.courier, 'cash_not_remitted'
    from buying_history b
    where b.payment_method = 'cod' and not b.is_draft and b.courier is not null and b.status = 'delivered'
      and not exists (select 1 from courier_remittance_orders r where r.history_id = b.id)
      and (select max(e.created_at) from order_events e where e.history_id = b.id and e.to_status = 'delivered')
          < now() - interval '7 days'
    order by 1 limit 200`);
  for (const row of stale.rows) {
    mismatches.push({
      kind: row.kind === "refund_pending" || row.kind === "cash_not_remitted" ? row.kind : "webhook_missing",
      message:
        row.kind === "cash_not_remitted"
          ? `${row.reference ?? "The courier"} delivered ${row.number} over a week ago and has not handed its cash over.`
          : row.kind === "refund_pending"
            ? `A refund on ${row.number} waits for someone to hand the money back.`
            : row.reference?.startsWith("re_")
              ? `Stripe never confirmed the refund ${row.reference} on ${row.number}.`
              : `Stripe never said whether ${row.number} was paid (its hold has expired).`,
      orderId: row.id,
      orderNumber: row.number,
      reference: row.reference,
    });
  }
  return { from, to, currency, rows: sorted, mismatches };
}
