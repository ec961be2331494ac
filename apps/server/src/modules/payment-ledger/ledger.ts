/**
 * The payment ledger (issue 15): every money event of an order is one `payment_ledger`
 * row. What an order was paid and refunded, and its payment state, come from ONE SQL
 * function, `payment_ledger_totals(order id)` (migration 0013), which a trigger also
 * applies to `buying_history.payment_state` after every ledger write — so the order row,
 * the staff pages and the refund limit can never disagree with the ledger.
 *
 * `deriveLedgerState` is the same rule in TypeScript, for the property test that compares
 * the two after random sequences of events and for readers that hold the rows already.
 *
 * The rule: paid = succeeded captured + cash collected + transfer verified; refunded =
 * refunds that are pending or succeeded, plus lost disputes (the card network took the
 * money back). refunded ≥ paid > 0 → refunded; refunded > 0 → partially_refunded; paid > 0
 * → paid; otherwise the latest of voided (expired) / failed or transfer rejected (failed)
 * / authorised (unpaid); with no such event a manual transfer awaits verification and
 * everything else is unpaid.
 */
import { eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import type { PaymentMethod, PaymentState } from "../../db/schema/commerce.ts";
import { type LedgerEvent, type LedgerStatus, paymentLedger } from "../../db/schema/index.ts";

export interface LedgerTotals {
  paid: number;
  refunded: number;
  /** Refunds issued but not yet confirmed (part of `refunded`). */
  refundPending: number;
  state: PaymentState;
}

export const moneyInEvents: readonly LedgerEvent[] = ["captured", "cash_collected", "transfer_verified"];

/** The ledger rule in TypeScript (same as the SQL function `payment_ledger_totals`). */
export function deriveLedgerState(
  method: PaymentMethod,
  rows: readonly { event: LedgerEvent; status: LedgerStatus; amount: number }[],
): LedgerTotals {
  let paid = 0;
  let refunded = 0;
  let refundPending = 0;
  let latest: PaymentState | undefined;
  for (const row of rows) {
    if (moneyInEvents.includes(row.event) && row.status === "succeeded") paid += row.amount;
    if (row.event === "refunded" && row.status !== "failed") {
      refunded += row.amount;
      if (row.status === "pending") refundPending += row.amount;
    }
    if (row.event === "dispute_lost" && row.status === "succeeded") refunded += row.amount;
    if (row.event === "voided") latest = "expired";
    if (row.event === "failed" || row.event === "transfer_rejected") latest = "failed";
    if (row.event === "authorised") latest = "unpaid";
  }
  const state: PaymentState =
    paid > 0 && refunded >= paid
      ? "refunded"
      : refunded > 0
        ? "partially_refunded"
        : paid > 0
          ? "paid"
          : (latest ?? (method === "manual_transfer" ? "awaiting_verification" : "unpaid"));
  return { paid, refunded, refundPending, state };
}

/** An order's totals and state, as the database derives them from its ledger. */
export async function ledgerTotals(orderId: number, db: Db | Tx): Promise<LedgerTotals> {
  const result = await db.execute<{ paid: number; refunded: number; refund_pending: number; state: PaymentState }>(
    sql`select paid, refunded, refund_pending, state from payment_ledger_totals(${orderId})`,
  );
  const row = result.rows[0];
  return {
    paid: Number(row?.paid ?? 0),
    refunded: Number(row?.refunded ?? 0),
    refundPending: Number(row?.refund_pending ?? 0),
    state: row?.state ?? "unpaid",
  };
}

export interface LedgerEntry {
  historyId: number;
  event: LedgerEvent;
  status?: LedgerStatus;
  method: PaymentMethod;
  amount: number;
  currency: string;
  providerReference?: string | null;
  reason?: string;
  providerData?: Record<string, unknown>;
  actorUserId?: string | null;
  actorName: string;
  remittanceId?: number | null;
  /** The provider's fee, when known as the row is written (it is then marked read). */
  fee?: number;
}

/**
 * Appends one event. The caller holds the order row's lock; the trigger updates the
 * order's payment_state (and the older payments table) in the same transaction.
 */
export async function recordLedger(tx: Db | Tx, entry: LedgerEntry): Promise<number> {
  const [row] = await tx
    .insert(paymentLedger)
    .values({
      historyId: entry.historyId,
      event: entry.event,
      status: entry.status ?? "succeeded",
      method: entry.method,
      amount: entry.amount,
      currency: entry.currency,
      providerReference: entry.providerReference ?? null,
      reason: entry.reason ?? "",
      providerData: entry.providerData ?? {},
      actorUserId: entry.actorUserId ?? null,
      actorName: entry.actorName,
      remittanceId: entry.remittanceId ?? null,
      ...(entry.fee === undefined ? {} : { fee: entry.fee, feeReadAt: new Date() }),
    })
    .returning({ id: paymentLedger.id });
  if (!row) throw new Error("ledger insert returned nothing");
  return row.id;
}

/** Moves a pending refund to succeeded / failed (Stripe's webhook, or staff for cash). */
export async function settleLedgerRow(
  tx: Db | Tx,
  id: number,
  status: Exclude<LedgerStatus, "pending">,
  patch: { providerReference?: string; providerData?: Record<string, unknown> } = {},
): Promise<void> {
  await tx
    .update(paymentLedger)
    .set({
      status,
      updatedAt: new Date(),
      ...(patch.providerReference ? { providerReference: patch.providerReference } : {}),
      ...(patch.providerData
        ? { providerData: sql`${paymentLedger.providerData} || ${JSON.stringify(patch.providerData)}::jsonb` }
        : {}),
    })
    .where(eq(paymentLedger.id, id));
}

/**
 * Card fees (ADR 0012, addendum): a Stripe capture (its payment intent) or a succeeded
 * Stripe refund whose fee has not been read yet. SQL over `payment_ledger`; never null (a
 * card row without a provider reference is simply not awaiting a fee).
 */
export const awaitingFee = sql<boolean>`coalesce(${paymentLedger.feeReadAt} is null and ${paymentLedger.method} = 'card'
  and ${paymentLedger.status} = 'succeeded'
  and ((${paymentLedger.event} = 'captured' and ${paymentLedger.providerReference} like 'pi\\_%')
    or (${paymentLedger.event} = 'refunded' and ${paymentLedger.providerReference} like 're\\_%')), false)`;

export interface ProviderFee {
  /** The payment intent (a capture) or the refund id, as the ledger row holds it. */
  reference: string;
  event: "captured" | "refunded";
  fee: number;
}

/**
 * Writes the provider's fees onto their card ledger rows and marks them read. `latest`:
 * Stripe's newer word (a payout's balance transaction) replaces a fee read before;
 * otherwise only unread rows are written. Rows whose fee stays the same are not touched,
 * so only a real change marks the order's day for the report roll-ups (the ledger's
 * update trigger, migration 0016). Returns the rows changed.
 */
export async function recordProviderFees(
  db: Db | Tx,
  fees: readonly ProviderFee[],
  mode: "unread" | "latest",
): Promise<number> {
  if (fees.length === 0) return 0;
  const result = await db.execute(sql`
    update payment_ledger l set fee = v.fee, fee_read_at = now(), updated_at = now()
    from jsonb_to_recordset(${JSON.stringify(fees)}::jsonb) as v(reference text, event text, fee integer)
    where l.provider_reference = v.reference and l.event = v.event and l.method = 'card'
      and (l.fee_read_at is null ${mode === "latest" ? sql`or l.fee <> v.fee` : sql``})`);
  return result.rowCount ?? 0;
}
