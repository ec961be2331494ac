/** Manual bank transfers: the queue waiting for staff to verify, and verifying or rejecting one. */
import type { VerificationQueue } from "@atelier/contract";
import { and, asc, eq, sql } from "drizzle-orm";
import { buyingHistory, orderEvents } from "../../db/schema/index.ts";
import { ConflictError, NotFoundError, ValidationError } from "../../errors.ts";
import { recordActivity } from "../activity-log/index.ts";
import { type Actor, activityActorOf } from "../orders/index.ts";
import { recordLedger } from "../payment-ledger/index.ts";
import type { PaymentsDeps } from "./transactions.ts";
import { STALE } from "./transactions.ts";

export async function verificationQueue(deps: PaymentsDeps): Promise<VerificationQueue> {
  const { db } = deps;
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
}

export async function decideTransfer(
  deps: PaymentsDeps,
  id: number,
  input: { version: number; decision: "verify" | "reject"; note: string; reference?: string | undefined },
  actor: Actor,
) {
  const { db, adminOrders } = deps;
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
  if (!input.note) throw new ValidationError("Check the rejection.", { note: "Say why the transfer was rejected." });
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
}
