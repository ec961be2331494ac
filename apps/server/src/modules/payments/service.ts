/**
 * The payments back office (issue 15): the ledger's transactions, refunds (issued through
 * the orders module's `refund`, which locks the order and checks paid − refunded), the
 * manual-transfer verification queue, courier remittances for cash on delivery, Stripe
 * payouts read through Stripe's API, and the per-period reconciliation.
 */
import {
  formatMinor,
  type LedgerRow,
  ledgerDirection,
  minorDigits,
  type OrderMoney,
  type PayoutsView,
  type Reconciliation,
  type RefundPage,
  type RemittanceOverview,
  type TransactionDetail,
  type TransactionPage,
  type VerificationQueue,
} from "@atelier/contract";
import { and, asc, count, desc, eq, ilike, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import {
  buyingHistory,
  courierRemittanceOrders,
  courierRemittances,
  orderEvents,
  orderLines,
  paymentLedger,
} from "../../db/schema/index.ts";
import { ConflictError, NotFoundError, ValidationError } from "../../errors.ts";
import { recordActivity } from "../activity-log/index.ts";
import type { AdminOrdersService } from "../admin-orders/index.ts";
import type { Refunds } from "../orders/index.ts";
import { type Actor, activityActorOf } from "../orders/index.ts";
import {
  awaitingFee,
  ledgerTotals,
  type ProviderFee,
  recordLedger,
  recordProviderFees,
  settleLedgerRow,
} from "../payment-ledger/index.ts";
import { addDays, periodOf, todayIn } from "../reports/index.ts";
import type { StripeReader } from "./stripe-reader.ts";

const STALE = "This order changed since you opened it. Reload it and try again.";

export interface TransactionFilterInput {
  q?: string | undefined;
  method?: "cod" | "manual_transfer" | "card" | undefined;
  event?: LedgerRow["event"] | undefined;
  status?: LedgerRow["status"] | undefined;
  from?: string | undefined;
  to?: string | undefined;
  sort?: "newest" | "oldest" | "amount-desc" | "amount-asc" | undefined;
}

const likeOf = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The instant a store-local day starts (`YYYY-MM-DD` at 00:00 in the store's time zone). */
const localStart = (day: string, timeZone: string) => sql`(${day}::date::timestamp at time zone ${timeZone})`;
/** The instant after a store-local day ends. */
const localEnd = (day: string, timeZone: string) => sql`((${day}::date + 1)::timestamp at time zone ${timeZone})`;

/** Filters of the ledger; dates are days in the store's time zone (as the reports count them). */
function whereOf(filter: TransactionFilterInput, timeZone: string): SQL | undefined {
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

const rowColumns = {
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

const rowView = (row: RawRow): LedgerRow => ({
  ...row,
  direction: ledgerDirection(row.event, row.status),
  createdAt: row.createdAt.toISOString(),
});

/** SQL for "money in" (+) and "money out" (−) of a ledger row, as `ledgerDirection`. */
const moneyIn = sql`(${paymentLedger.event} in ('captured', 'cash_collected', 'transfer_verified') and ${paymentLedger.status} = 'succeeded')`;
const moneyOut = sql`((${paymentLedger.event} = 'refunded' and ${paymentLedger.status} <> 'failed') or (${paymentLedger.event} = 'dispute_lost' and ${paymentLedger.status} = 'succeeded'))`;
/** Fees: a capture's fee is a cost, a fee a refund gave back is not (a row's fee runs against its money). */
const feeCost = sql`case when ${moneyIn} then ${paymentLedger.fee} when ${moneyOut} then -${paymentLedger.fee} else 0 end`;

/** A pending refund nobody but staff can complete: no Stripe refund behind it. */
const needsActionSql = sql<boolean>`(${paymentLedger.status} = 'pending' and not (${paymentLedger.providerData} ? 'stripeRefundId'))`;

const money = (amount: number, currency: string) => `${currency} ${formatMinor(amount, minorDigits(currency))}`;

export function paymentsService(deps: {
  db: Db;
  refunds: Refunds;
  adminOrders: AdminOrdersService;
  stripe: StripeReader | null;
  storeCurrency: () => Promise<string>;
  /** The store's time zone (Settings → Checkout): days and periods are counted in it. */
  storeTimeZone: () => Promise<string>;
}) {
  const { db, refunds, adminOrders, stripe } = deps;

  async function orderMoney(id: number, executor: Db | Tx = db): Promise<OrderMoney> {
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
  async function amountOfLines(orderId: number, chosen: readonly { orderLineId: number; quantity: number }[]) {
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

  async function transactions(query: TransactionFilterInput & { page: number; pageSize: number }) {
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

  return {
    transactions,

    async exportTransactions(filter: TransactionFilterInput): Promise<LedgerRow[]> {
      const rows = await db
        .select(rowColumns)
        .from(paymentLedger)
        .innerJoin(buyingHistory, eq(buyingHistory.id, paymentLedger.historyId))
        .where(whereOf(filter, await deps.storeTimeZone()))
        .orderBy(...orderByOf(filter.sort))
        .limit(50_000);
      return rows.map(rowView);
    },

    async transaction(id: number): Promise<TransactionDetail> {
      const [row] = await db
        .select({ ...rowColumns, providerData: paymentLedger.providerData })
        .from(paymentLedger)
        .innerJoin(buyingHistory, eq(buyingHistory.id, paymentLedger.historyId))
        .where(eq(paymentLedger.id, id));
      if (!row) throw new NotFoundError("No such transaction.");
      const [order, events] = await Promise.all([
        orderMoney(row.orderId),
        db
          .select(rowColumns)
          .from(paymentLedger)
          .innerJoin(buyingHistory, eq(buyingHistory.id, paymentLedger.historyId))
          .where(eq(paymentLedger.historyId, row.orderId))
          .orderBy(asc(paymentLedger.id)),
      ]);
      const { providerData, ...rest } = row;
      return { transaction: { ...rowView(rest), providerData }, order, events: events.map(rowView) };
    },

    orderMoney: (id: number) => orderMoney(id),

    async orderMoneyByNumber(number: string): Promise<OrderMoney> {
      const [order] = await db
        .select({ id: buyingHistory.id })
        .from(buyingHistory)
        .where(eq(buyingHistory.number, number.trim().toUpperCase()));
      if (!order) throw new NotFoundError(`No order ${number}.`);
      return orderMoney(order.id);
    },

    async refundList(query: {
      q?: string | undefined;
      view?: "all" | "pending" | "succeeded" | "failed" | undefined;
      page: number;
      pageSize: number;
    }): Promise<RefundPage> {
      const conditions: (SQL | undefined)[] = [eq(paymentLedger.event, "refunded")];
      if (query.view && query.view !== "all") conditions.push(eq(paymentLedger.status, query.view));
      if (query.q) {
        const like = likeOf(query.q);
        conditions.push(
          or(
            ilike(buyingHistory.number, like),
            ilike(buyingHistory.customerName, like),
            ilike(buyingHistory.email, like),
            ilike(paymentLedger.providerReference, like),
          ),
        );
      }
      const where = and(...conditions);
      const [rows, [n], [pending]] = await Promise.all([
        db
          .select({ ...rowColumns, needsAction: needsActionSql })
          .from(paymentLedger)
          .innerJoin(buyingHistory, eq(buyingHistory.id, paymentLedger.historyId))
          .where(where)
          .orderBy(
            query.view === "pending" ? asc(paymentLedger.createdAt) : desc(paymentLedger.createdAt),
            desc(paymentLedger.id),
          )
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize),
        db
          .select({ n: count() })
          .from(paymentLedger)
          .innerJoin(buyingHistory, eq(buyingHistory.id, paymentLedger.historyId))
          .where(where),
        db
          .select({ n: count() })
          .from(paymentLedger)
          .where(and(eq(paymentLedger.event, "refunded"), eq(paymentLedger.status, "pending"))),
      ]);
      const total = n?.n ?? 0;
      return {
        items: rows.map(({ needsAction, ...row }) => ({ ...rowView(row), needsAction: Boolean(needsAction) })),
        page: query.page,
        pageSize: query.pageSize,
        total,
        pageCount: Math.ceil(total / query.pageSize),
        pendingCount: pending?.n ?? 0,
      };
    },

    async issueRefund(
      input: {
        orderId: number;
        version: number;
        amount?: number | undefined;
        lines?: { orderLineId: number; quantity: number }[] | undefined;
        reason: string;
        reference?: string | undefined;
        idempotencyKey?: string | undefined;
      },
      actor: Actor,
    ) {
      const amount = input.amount ?? (await amountOfLines(input.orderId, input.lines ?? []));
      if (input.amount !== undefined && input.lines?.length) await amountOfLines(input.orderId, input.lines);
      const result = await refunds.refund({
        orderId: input.orderId,
        amount,
        reason: input.reason,
        actor,
        expectedVersion: input.version,
        ...(input.reference ? { reference: input.reference } : {}),
        ...(input.lines?.length ? { lines: input.lines } : {}),
        ...(input.idempotencyKey ? { idempotencyKey: input.idempotencyKey } : {}),
      });
      return {
        refundId: result.ledgerId,
        status: result.status,
        replayed: result.replayed,
        amount,
        version: result.version,
        paid: result.paid,
        refunded: result.refunded,
      };
    },

    /** A pending refund completed by hand (money handed back) or given up (failed). */
    async settleRefund(
      id: number,
      input: { outcome: "succeeded" | "failed"; reference: string; note: string },
      actor: Actor,
    ) {
      return db.transaction(async (tx) => {
        const [row] = await tx.select().from(paymentLedger).where(eq(paymentLedger.id, id));
        if (row?.event !== "refunded") throw new NotFoundError("No such refund.");
        const [order] = await tx.select().from(buyingHistory).where(eq(buyingHistory.id, row.historyId)).for("update");
        if (!order) throw new NotFoundError("No such order.");
        const [fresh] = await tx.select().from(paymentLedger).where(eq(paymentLedger.id, id));
        if (fresh?.status !== "pending") throw new ConflictError("This refund is no longer pending.");
        if ((fresh.providerData as Record<string, unknown>).stripeRefundId) {
          throw new ConflictError("Stripe is making this refund; its webhook will confirm it.");
        }
        if (input.outcome === "succeeded" && !input.reference && !fresh.providerReference) {
          throw new ValidationError("Check the refund.", {
            reference: "Enter the receipt or transaction id of the money handed back.",
          });
        }
        const before = await ledgerTotals(order.id, tx);
        await settleLedgerRow(tx, id, input.outcome, {
          ...(input.reference ? { providerReference: input.reference } : {}),
          providerData: { settledBy: actor.name, ...(input.note ? { settleNote: input.note } : {}) },
        });
        const after = await ledgerTotals(order.id, tx);
        const [updated] = await tx
          .update(buyingHistory)
          .set({ version: sql`${buyingHistory.version} + 1`, updatedAt: new Date() })
          .where(eq(buyingHistory.id, order.id))
          .returning({ version: buyingHistory.version });
        await tx.insert(orderEvents).values({
          historyId: order.id,
          kind: "refund",
          message:
            input.outcome === "succeeded"
              ? `Refund of ${money(fresh.amount, fresh.currency)} handed back${input.reference ? ` (reference ${input.reference})` : ""}.`
              : `Refund of ${money(fresh.amount, fresh.currency)} was not made${input.note ? `: ${input.note}` : "."}`,
          isPublic: input.outcome === "succeeded",
          actorUserId: actor.userId,
          actorName: actor.name,
        });
        await recordActivity(tx, {
          actor: activityActorOf(actor),
          action: "order.refund-settle",
          subject: { type: "order", id: order.id, label: order.number },
          before: { refund: "pending", paymentState: before.state, refunded: money(before.refunded, order.currency) },
          after: {
            refund: input.outcome,
            paymentState: after.state,
            refunded: money(after.refunded, order.currency),
            ...(input.reference ? { reference: input.reference } : {}),
            ...(input.note ? { note: input.note } : {}),
          },
        });
        return { version: updated?.version ?? order.version + 1 };
      });
    },

    async verifications(): Promise<VerificationQueue> {
      const rows = await db
        .select()
        .from(buyingHistory)
        .where(
          and(
            eq(buyingHistory.isDraft, false),
            eq(buyingHistory.paymentMethod, "manual_transfer"),
            eq(buyingHistory.paymentState, "awaiting_verification"),
            sql`${buyingHistory.status} <> 'cancelled'`,
          ),
        )
        .orderBy(asc(buyingHistory.placedAt), asc(buyingHistory.id))
        .limit(500);
      return {
        items: rows.map((order) => ({
          orderId: order.id,
          orderNumber: order.number,
          customerName: order.customerName,
          email: order.email,
          total: order.total,
          currency: order.currency,
          transferReference: order.transferReference,
          placedAt: order.placedAt.toISOString(),
          version: order.version,
        })),
      };
    },

    async decideTransfer(
      id: number,
      input: { version: number; decision: "verify" | "reject"; note: string; reference?: string | undefined },
      actor: Actor,
    ) {
      const [order] = await db.select().from(buyingHistory).where(eq(buyingHistory.id, id));
      if (!order || order.isDraft) throw new NotFoundError("No such order.");
      if (order.paymentMethod !== "manual_transfer") throw new ConflictError("This order is not paid by transfer.");
      if (input.decision === "verify") {
        const result = await adminOrders.verifyPayment(
          id,
          { version: input.version, ...(input.reference ? { reference: input.reference } : {}) },
          actor,
        );
        if (input.note) await adminOrders.note(id, `Transfer verified: ${input.note}`, actor);
        return result;
      }
      if (!input.note)
        throw new ValidationError("Check the rejection.", { note: "Say why the transfer was rejected." });
      return db.transaction(async (tx) => {
        const [locked] = await tx.select().from(buyingHistory).where(eq(buyingHistory.id, id)).for("update");
        if (!locked) throw new NotFoundError("No such order.");
        if (locked.version !== input.version) throw new ConflictError(STALE);
        if (locked.paymentState !== "awaiting_verification") {
          throw new ConflictError("This transfer is not waiting for verification.");
        }
        await recordLedger(tx, {
          historyId: id,
          event: "transfer_rejected",
          method: "manual_transfer",
          amount: locked.total,
          currency: locked.currency,
          providerReference: input.reference || locked.transferReference,
          reason: input.note,
          providerData: locked.transferReference ? { transferReference: locked.transferReference } : {},
          actorUserId: actor.userId,
          actorName: actor.name,
        });
        const [updated] = await tx
          .update(buyingHistory)
          .set({ version: sql`${buyingHistory.version} + 1`, updatedAt: new Date() })
          .where(eq(buyingHistory.id, id))
          .returning({ version: buyingHistory.version, paymentState: buyingHistory.paymentState });
        await tx.insert(orderEvents).values({
          historyId: id,
          kind: "payment",
          message: `The transfer could not be verified: ${input.note}`,
          actorUserId: actor.userId,
          actorName: actor.name,
        });
        await recordActivity(tx, {
          actor: activityActorOf(actor),
          action: "order.reject-payment",
          subject: { type: "order", id, label: locked.number },
          before: { paymentState: locked.paymentState },
          after: {
            paymentState: updated?.paymentState ?? "failed",
            note: input.note,
            ...(locked.transferReference ? { reference: locked.transferReference } : {}),
          },
        });
        return { version: updated?.version ?? locked.version + 1 };
      });
    },

    async remittances(): Promise<RemittanceOverview> {
      const [owedRows, remittedRows, recent, currency] = await Promise.all([
        db.execute<{
          id: number;
          number: string;
          courier: string;
          total: number;
          delivered_at: Date | string | null;
        }>(sql`
          select b.id, b.number, b.courier, b.total,
                 (select max(e.created_at) from order_events e where e.history_id = b.id and e.to_status = 'delivered') as delivered_at
          from buying_history b
          where b.payment_method = 'cod' and not b.is_draft and b.courier is not null
            and b.status in ('delivered', 'return_requested', 'returned', 'refunded')
            and not exists (select 1 from courier_remittance_orders r where r.history_id = b.id)
          order by b.courier, b.id`),
        db
          .select({ courier: courierRemittances.courier, amount: sql<number>`sum(${courierRemittances.amount})::int` })
          .from(courierRemittances)
          .groupBy(courierRemittances.courier),
        db.execute<{
          id: number;
          courier: string;
          amount: number;
          reference: string;
          note: string;
          actor_name: string;
          created_at: Date | string;
          numbers: string[] | null;
        }>(sql`
          select r.id, r.courier, r.amount, r.reference, r.note, r.actor_name, r.created_at,
                 array(select b.number from courier_remittance_orders o join buying_history b on b.id = o.history_id
                       where o.remittance_id = r.id order by b.id) as numbers
          from courier_remittances r order by r.created_at desc, r.id desc limit 50`),
        deps.storeCurrency(),
      ]);
      const couriers = new Map<string, RemittanceOverview["couriers"][number]>();
      const entry = (courier: string) => {
        let found = couriers.get(courier);
        if (!found) {
          found = { courier, owed: 0, remitted: 0, orders: [] };
          couriers.set(courier, found);
        }
        return found;
      };
      for (const row of owedRows.rows) {
        const item = entry(row.courier);
        item.owed += Number(row.total);
        item.orders.push({
          orderId: row.id,
          orderNumber: row.number,
          total: Number(row.total),
          deliveredAt: row.delivered_at ? new Date(row.delivered_at).toISOString() : null,
        });
      }
      for (const row of remittedRows) entry(row.courier).remitted = row.amount;
      return {
        couriers: [...couriers.values()].sort((a, b) => b.owed - a.owed || a.courier.localeCompare(b.courier)),
        recent: recent.rows.map((row) => ({
          id: row.id,
          courier: row.courier,
          amount: Number(row.amount),
          orderNumbers: row.numbers ?? [],
          reference: row.reference,
          note: row.note,
          actorName: row.actor_name,
          createdAt: new Date(row.created_at).toISOString(),
        })),
        currency,
      };
    },

    /**
     * Cash a courier handed over for delivered cash orders: the amount must be exactly
     * those orders' totals; each order is remitted once (the unique index makes a racing
     * second remittance fail); an order not yet marked paid gets its "cash collected".
     */
    async recordRemittance(
      input: { courier: string; orderIds: number[]; amount: number; reference: string; note: string },
      actor: Actor,
    ) {
      const ids = [...new Set(input.orderIds)].sort((a, b) => a - b);
      return db.transaction(async (tx) => {
        const orders = await tx
          .select()
          .from(buyingHistory)
          .where(inArray(buyingHistory.id, ids))
          .orderBy(asc(buyingHistory.id))
          .for("update");
        if (orders.length !== ids.length) throw new NotFoundError("One of the orders does not exist.");
        for (const order of orders) {
          if (order.paymentMethod !== "cod") {
            throw new ValidationError("Check the remittance.", {
              orderIds: `${order.number} is not cash on delivery.`,
            });
          }
          if (order.courier !== input.courier) {
            throw new ValidationError("Check the remittance.", {
              orderIds: `${order.number} was delivered by ${order.courier ?? "no courier"}, not ${input.courier}.`,
            });
          }
          if (!["delivered", "return_requested", "returned", "refunded"].includes(order.status)) {
            throw new ValidationError("Check the remittance.", { orderIds: `${order.number} has not been delivered.` });
          }
        }
        const already = await tx
          .select({ historyId: courierRemittanceOrders.historyId })
          .from(courierRemittanceOrders)
          .where(inArray(courierRemittanceOrders.historyId, ids));
        if (already.length > 0) {
          const numbers = orders.filter((o) => already.some((a) => a.historyId === o.id)).map((o) => o.number);
          throw new ConflictError(`Already remitted: ${numbers.join(", ")}. Reload and try again.`);
        }
        const expected = orders.reduce((sum, order) => sum + order.total, 0);
        const currency = orders[0]?.currency ?? (await deps.storeCurrency());
        if (input.amount !== expected) {
          throw new ValidationError("Check the remittance.", {
            amount: `These orders come to ${money(expected, currency)}; the courier handed over ${money(input.amount, currency)}.`,
          });
        }
        const [remittance] = await tx
          .insert(courierRemittances)
          .values({
            courier: input.courier,
            amount: expected,
            currency,
            reference: input.reference,
            note: input.note,
            actorUserId: actor.userId,
            actorName: actor.name,
          })
          .returning({ id: courierRemittances.id });
        if (!remittance) throw new Error("remittance insert returned nothing");
        await tx
          .insert(courierRemittanceOrders)
          .values(orders.map((order) => ({ remittanceId: remittance.id, historyId: order.id, amount: order.total })));
        for (const order of orders) {
          const totals = await ledgerTotals(order.id, tx);
          if (totals.paid === 0) {
            await recordLedger(tx, {
              historyId: order.id,
              event: "cash_collected",
              method: "cod",
              amount: order.total,
              currency: order.currency,
              providerReference: input.reference || `remittance-${remittance.id}`,
              providerData: { courier: input.courier, remittanceId: remittance.id },
              actorUserId: actor.userId,
              actorName: actor.name,
              remittanceId: remittance.id,
            });
            await tx
              .update(buyingHistory)
              .set({ version: sql`${buyingHistory.version} + 1`, updatedAt: new Date() })
              .where(eq(buyingHistory.id, order.id));
            await tx.insert(orderEvents).values({
              historyId: order.id,
              kind: "payment",
              message: `Cash handed over by ${input.courier}: paid.`,
              actorUserId: actor.userId,
              actorName: actor.name,
            });
          } else {
            await tx
              .update(paymentLedger)
              .set({ remittanceId: remittance.id })
              .where(
                and(
                  eq(paymentLedger.historyId, order.id),
                  eq(paymentLedger.event, "cash_collected"),
                  isNull(paymentLedger.remittanceId),
                ),
              );
          }
        }
        await recordActivity(tx, {
          actor: activityActorOf(actor),
          action: "remittance.create",
          subject: { type: "remittance", id: remittance.id, label: input.courier },
          before: null,
          after: {
            courier: input.courier,
            amount: money(expected, currency),
            orders: orders.map((order) => order.number).join(", "),
            ...(input.reference ? { reference: input.reference } : {}),
          },
        });
        return { id: remittance.id, amount: expected, orders: orders.length };
      });
    },

    payouts: async (): Promise<PayoutsView> => {
      const view = await loadPayouts();
      return {
        ...view,
        payouts: view.payouts.map((payout) => ({
          ...payout,
          lines: payout.lines.map(({ captured: _captured, paymentIntent: _intent, ...line }) => line),
        })),
      };
    },

    /**
     * Money per period and method, the periods being days (weeks from Monday, months) in the
     * store's time zone — a sale at 23:30 in the shop is that day's, whatever UTC says. A
     * Stripe payout counts on its arrival date (Stripe gives a calendar date).
     */
    async reconciliation(query: {
      from?: string | undefined;
      to?: string | undefined;
      group?: "day" | "week" | "month" | undefined;
    }): Promise<Reconciliation> {
      const timeZone = await deps.storeTimeZone();
      const to = query.to ?? todayIn(timeZone);
      const from = query.from ?? addDays(to, -29);
      if (from > to) throw new ValidationError("Check the period.", { from: "must be on or before the end date" });
      const group = query.group ?? "day";
      const periodOfDay = (day: string) => (group === "month" ? day.slice(0, 7) : periodOf(day, group));
      const localDay = (column: typeof paymentLedger.createdAt | typeof courierRemittances.createdAt) =>
        sql<string>`to_char(${column} at time zone ${timeZone}, 'YYYY-MM-DD')`;
      // Payouts first: reading them writes the fees they paid out onto the ledger.
      const stripeView = await loadPayouts();
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
    },
  };

  async function loadPayouts() {
    if (!stripe) return { configured: false, payouts: [], error: null };
    try {
      const payouts = await stripe.payouts();
      const lines = payouts.flatMap((payout) => payout.lines);
      // Stripe's word on a fee, as paid out, is the ledger's (a fee read earlier is replaced).
      await recordProviderFees(db, lines.flatMap(feeOfLine), "latest");
      const matched = await matchLines(lines);
      return {
        configured: true,
        payouts: payouts.map((payout) => ({
          ...payout,
          lines: payout.lines.map((line) => ({
            ...line,
            ...(matched.get(line.id) ?? { orderId: null, orderNumber: null, captured: false }),
          })),
        })),
        error: null as string | null,
      };
    } catch (error) {
      return { configured: true, payouts: [], error: `Stripe did not answer: ${(error as Error).message}` };
    }
  }

  /** Payout lines → orders: a charge by its payment intent, a refund by its id, else the order number Stripe kept. */
  async function matchLines(
    lines: { id: string; source: string | null; paymentIntent: string | null; orderNumber: string | null }[],
  ) {
    const references = lines.flatMap((line) =>
      [line.source, line.paymentIntent].filter((x): x is string => Boolean(x)),
    );
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
}

/** The ledger row a payout line's fee belongs to: a charge's capture (by payment intent) or a refund. */
function feeOfLine(line: {
  type: string;
  fee: number;
  source: string | null;
  paymentIntent: string | null;
}): ProviderFee[] {
  if ((line.type === "charge" || line.type === "payment") && line.paymentIntent) {
    return [{ reference: line.paymentIntent, event: "captured", fee: line.fee }];
  }
  if (line.type === "refund" && line.source)
    return [{ reference: line.source, event: "refunded", fee: Math.max(0, -line.fee) }];
  return [];
}

export type PaymentsService = ReturnType<typeof paymentsService>;
