/** Refunds: the list staff work through, issuing one (through the orders module's refund rule) and settling a pending one by hand. */
import type { RefundPage } from "@atelier/contract";
import { and, asc, count, desc, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import { buyingHistory, orderEvents, paymentLedger } from "../../db/schema/index.ts";
import { ConflictError, NotFoundError, ValidationError } from "../../errors.ts";
import { recordActivity } from "../activity-log/index.ts";
import { type Actor, activityActorOf } from "../orders/index.ts";
import { ledgerTotals, settleLedgerRow } from "../payment-ledger/index.ts";
import { amountOfLines } from "./order-money.ts";
import type { PaymentsDeps } from "./transactions.ts";
import { likeOf, money, needsActionSql, rowColumns, rowView } from "./transactions.ts";

export async function listRefunds(
  deps: PaymentsDeps,
  query: {
    q?: string | undefined;
    view?: "all" | "pending" | "succeeded" | "failed" | undefined;
    page: number;
    pageSize: number;
  },
): Promise<RefundPage> {
  const { db } = deps;
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
}

export async function issueRefund(
  deps: PaymentsDeps,
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
  const { refunds } = deps;
  const amount = input.amount ?? (await amountOfLines(deps, input.orderId, input.lines ?? []));
  if (input.amount !== undefined && input.lines?.length) await amountOfLines(deps, input.orderId, input.lines);
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
}

/** A pending refund completed by hand (money handed back) or given up (failed). */
export async function settleRefund(
  deps: PaymentsDeps,
  id: number,
  input: { outcome: "succeeded" | "failed"; reference: string; note: string },
  actor: Actor,
) {
  const { db } = deps;
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
}
