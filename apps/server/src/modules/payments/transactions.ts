/** The payment ledger as staff read it: the transaction list (filtered, sorted, with totals), its CSV, one transaction with its order's events. */
import {
  formatMinor,
  type LedgerRow,
  ledgerDirection,
  minorDigits,
  type TransactionDetail,
  type TransactionPage,
} from "@atelier/contract";
import { and, asc, count, desc, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { buyingHistory, paymentLedger } from "../../db/schema/index.ts";
import { NotFoundError } from "../../errors.ts";
import type { AdminOrdersService } from "../admin-orders/index.ts";
import type { Refunds } from "../orders/index.ts";
import { awaitingFee } from "../payment-ledger/index.ts";
import { orderMoney } from "./order-money.ts";
import type { StripeReader } from "./stripe-reader.ts";

/** What the payments back office works with (app.ts composes it). */
export interface PaymentsDeps {
  db: Db;
  refunds: Refunds;
  adminOrders: AdminOrdersService;
  stripe: StripeReader | null;
  storeCurrency: () => Promise<string>;
  /** The store's time zone (Settings → Checkout): days and periods are counted in it. */
  storeTimeZone: () => Promise<string>;
}

export const STALE = "This order changed since you opened it. Reload it and try again.";

export interface TransactionFilterInput {
  q?: string | undefined;
  method?: "cod" | "manual_transfer" | "card" | undefined;
  event?: LedgerRow["event"] | undefined;
  status?: LedgerRow["status"] | undefined;
  from?: string | undefined;
  to?: string | undefined;
  sort?: "newest" | "oldest" | "amount-desc" | "amount-asc" | undefined;
}

export const likeOf = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The instant a store-local day starts (`YYYY-MM-DD` at 00:00 in the store's time zone). */
export const localStart = (day: string, timeZone: string) => sql`(${day}::date::timestamp at time zone ${timeZone})`;
/** The instant after a store-local day ends. */
export const localEnd = (day: string, timeZone: string) =>
  sql`((${day}::date + 1)::timestamp at time zone ${timeZone})`;

/** Filters of the ledger; dates are days in the store's time zone (as the reports count them). */
export function whereOf(filter: TransactionFilterInput, timeZone: string): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (filter.q) {
    const like = likeOf(filter.q);
    conditions.push(
      or(
        ilike(buyingHistory.number, like),
        ilike(buyingHistory.customerName, like),
        ilike(buyingHistory.email, like),
        ilike(paymentLedger.providerReference, like),
      ),
    );
  }
  if (filter.method) conditions.push(eq(paymentLedger.method, filter.method));
  if (filter.event) conditions.push(eq(paymentLedger.event, filter.event));
  if (filter.status) conditions.push(eq(paymentLedger.status, filter.status));
  if (filter.from) conditions.push(sql`${paymentLedger.createdAt} >= ${localStart(filter.from, timeZone)}`);
  if (filter.to) conditions.push(sql`${paymentLedger.createdAt} < ${localEnd(filter.to, timeZone)}`);
  return and(...conditions);
}

function orderByOf(sort: TransactionFilterInput["sort"]) {
  switch (sort) {
    case "oldest":
      return [asc(paymentLedger.createdAt), asc(paymentLedger.id)];
    case "amount-desc":
      return [desc(paymentLedger.amount), desc(paymentLedger.id)];
    case "amount-asc":
      return [asc(paymentLedger.amount), desc(paymentLedger.id)];
    default:
      return [desc(paymentLedger.createdAt), desc(paymentLedger.id)];
  }
}

export const rowColumns = {
  id: paymentLedger.id,
  orderId: paymentLedger.historyId,
  orderNumber: buyingHistory.number,
  customerName: buyingHistory.customerName,
  email: buyingHistory.email,
  event: paymentLedger.event,
  status: paymentLedger.status,
  method: paymentLedger.method,
  amount: paymentLedger.amount,
  fee: paymentLedger.fee,
  feePending: awaitingFee,
  currency: paymentLedger.currency,
  providerReference: paymentLedger.providerReference,
  reason: paymentLedger.reason,
  actorName: paymentLedger.actorName,
  createdAt: paymentLedger.createdAt,
};
type RawRow = Omit<LedgerRow, "direction" | "createdAt"> & { createdAt: Date };

export const rowView = (row: RawRow): LedgerRow => ({
  ...row,
  direction: ledgerDirection(row.event, row.status),
  createdAt: row.createdAt.toISOString(),
});

/** SQL for "money in" (+) and "money out" (−) of a ledger row, as `ledgerDirection`. */
export const moneyIn = sql`(${paymentLedger.event} in ('captured', 'cash_collected', 'transfer_verified') and ${paymentLedger.status} = 'succeeded')`;
export const moneyOut = sql`((${paymentLedger.event} = 'refunded' and ${paymentLedger.status} <> 'failed') or (${paymentLedger.event} = 'dispute_lost' and ${paymentLedger.status} = 'succeeded'))`;
/** Fees: a capture's fee is a cost, a fee a refund gave back is not (a row's fee runs against its money). */
export const feeCost = sql`case when ${moneyIn} then ${paymentLedger.fee} when ${moneyOut} then -${paymentLedger.fee} else 0 end`;

/** A pending refund nobody but staff can complete: no Stripe refund behind it. */
export const needsActionSql = sql<boolean>`(${paymentLedger.status} = 'pending' and not (${paymentLedger.providerData} ? 'stripeRefundId'))`;

export const money = (amount: number, currency: string) => `${currency} ${formatMinor(amount, minorDigits(currency))}`;

export async function transactions(
  deps: PaymentsDeps,
  query: TransactionFilterInput & { page: number; pageSize: number },
) {
  const { db } = deps;
  const where = whereOf(query, await deps.storeTimeZone());
  const base = () =>
    db.select(rowColumns).from(paymentLedger).innerJoin(buyingHistory, eq(buyingHistory.id, paymentLedger.historyId));
  const [rows, [sums], currency] = await Promise.all([
    base()
      .where(where)
      .orderBy(...orderByOf(query.sort))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db
      .select({
        n: count(),
        moneyIn: sql<number>`coalesce(sum(${paymentLedger.amount}) filter (where ${moneyIn}), 0)::int`,
        moneyOut: sql<number>`coalesce(sum(${paymentLedger.amount}) filter (where ${moneyOut}), 0)::int`,
        fees: sql<number>`coalesce(sum(${feeCost}), 0)::int`,
      })
      .from(paymentLedger)
      .innerJoin(buyingHistory, eq(buyingHistory.id, paymentLedger.historyId))
      .where(where),
    deps.storeCurrency(),
  ]);
  const total = sums?.n ?? 0;
  const net = (sums?.moneyIn ?? 0) - (sums?.moneyOut ?? 0);
  const page: TransactionPage = {
    items: rows.map(rowView),
    page: query.page,
    pageSize: query.pageSize,
    total,
    pageCount: Math.ceil(total / query.pageSize),
    totals: {
      moneyIn: sums?.moneyIn ?? 0,
      moneyOut: sums?.moneyOut ?? 0,
      net,
      fees: sums?.fees ?? 0,
      netAfterFees: net - (sums?.fees ?? 0),
      currency,
    },
  };
  return page;
}

export async function exportTransactions(deps: PaymentsDeps, filter: TransactionFilterInput): Promise<LedgerRow[]> {
  const { db } = deps;
  const rows = await db
    .select(rowColumns)
    .from(paymentLedger)
    .innerJoin(buyingHistory, eq(buyingHistory.id, paymentLedger.historyId))
    .where(whereOf(filter, await deps.storeTimeZone()))
    .orderBy(...orderByOf(filter.sort))
    .limit(50_000);
  return rows.map(rowView);
}

export async function transactionDetail(deps: PaymentsDeps, id: number): Promise<TransactionDetail> {
  const { db } = deps;
  const [row] = await db
    .select({ ...rowColumns, providerData: paymentLedger.providerData })
    .from(paymentLedger)
    .innerJoin(buyingHistory, eq(buyingHistory.id, paymentLedger.historyId))
    .where(eq(paymentLedger.id, id));
  if (!row) throw new NotFoundError("No such transaction.");
  const [order, events] = await Promise.all([
    orderMoney(deps, row.orderId),
    db
      .select(rowColumns)
      .from(paymentLedger)
      .innerJoin(buyingHistory, eq(buyingHistory.id, paymentLedger.historyId))
      .where(eq(paymentLedger.historyId, row.orderId))
      .orderBy(asc(paymentLedger.id)),
  ]);
  const { providerData, ...rest } = row;
  return { transaction: { ...rowView(rest), providerData }, order, events: events.map(rowView) };
}
