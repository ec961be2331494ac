/** What staff do to an order: check it, change its status (restocking on cancel), refund, verify a transfer, add a note, act in bulk; each version-checked and logged. */
import { type AdminOrdersBulkBody, formatMinor, minorDigits } from "@atelier/contract";
import { eq, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Tx } from "../../db/client.ts";
import type { OrderStatus } from "../../db/schema/commerce.ts";
import { buyingHistory, orderEvents } from "../../db/schema/index.ts";
import { ConflictError, NotFoundError, ValidationError } from "../../errors.ts";
import { recordActivity } from "../activity-log/index.ts";
import { type Actor, activityActorOf } from "../orders/index.ts";
import { recordLedger } from "../payment-ledger/index.ts";
import { type AdminOrdersDeps, STALE } from "./order-list.ts";

async function lock(tx: Tx, id: number, version: number | undefined) {
  const [order] = await tx.select().from(buyingHistory).where(eq(buyingHistory.id, id)).for("update");
  if (!order || order.isDraft) throw new NotFoundError("No such order.");
  if (version !== undefined && order.version !== version) throw new ConflictError(STALE);
  return order;
}

async function bump(tx: Tx, id: number, set: Partial<typeof buyingHistory.$inferInsert>): Promise<number> {
  const [row] = await tx
    .update(buyingHistory)
    .set({ ...set, version: sql`${buyingHistory.version} + 1`, updatedAt: new Date() })
    .where(eq(buyingHistory.id, id))
    .returning({ version: buyingHistory.version });
  return row?.version ?? 0;
}

async function setChecked(
  deps: AdminOrdersDeps,
  id: number,
  checked: boolean,
  version: number | undefined,
  actor: Actor,
) {
  const { db } = deps;
  return db.transaction(async (tx) => {
    const order = await lock(tx, id, version);
    if (order.isChecked === checked && version === undefined) return order.version;
    const next = await bump(tx, id, { isChecked: checked, checkedDate: checked ? new Date() : null });
    await tx.insert(orderEvents).values({
      historyId: id,
      kind: checked ? "checked" : "unchecked",
      message: checked ? "Marked checked." : "Marked unchecked.",
      isPublic: false,
      actorUserId: actor.userId,
      actorName: actor.name,
    });
    await recordActivity(tx, {
      actor: activityActorOf(actor),
      action: checked ? "order.check" : "order.uncheck",
      subject: { type: "order", id, label: order.number },
      before: { isChecked: order.isChecked },
      after: { isChecked: checked },
    });
    return next;
  });
}

async function changeStatus(
  deps: AdminOrdersDeps,
  id: number,
  input: {
    to: OrderStatus;
    version?: number;
    courier?: string;
    trackingNumber?: string;
    message?: string;
    restockWarehouseId?: number;
  },
  actor: Actor,
): Promise<number> {
  const { db, orders, refunds } = deps;
  const { order } = await db.transaction(async (tx) => {
    const current = await lock(tx, id, input.version);
    const result = await orders.transitionIn(tx, {
      orderId: id,
      to: input.to,
      actor,
      expectedVersion: current.version,
      ...(input.courier !== undefined ? { courier: input.courier } : {}),
      ...(input.trackingNumber !== undefined ? { trackingNumber: input.trackingNumber } : {}),
      ...(input.message ? { message: input.message } : {}),
    });
    // Stock was taken when the order was placed: a cancelled order gives it back.
    if (input.to === "cancelled") {
      await refunds.restock(id, "all", tx, { warehouseId: input.restockWarehouseId ?? null, actor });
    }
    await recordActivity(tx, {
      actor: activityActorOf(actor),
      action: "order.status",
      subject: { type: "order", id, label: current.number },
      before: { status: current.status, courier: current.courier, trackingNumber: current.trackingNumber },
      after: { status: input.to, courier: result.order.courier, trackingNumber: result.order.trackingNumber },
    });
    return result;
  });
  return order.version;
}

export async function checkOrder(deps: AdminOrdersDeps, id: number, checked: boolean, version: number, actor: Actor) {
  return { version: await setChecked(deps, id, checked, version, actor) };
}

export async function changeOrderStatus(
  deps: AdminOrdersDeps,
  id: number,
  input: {
    to: OrderStatus;
    version: number;
    courier?: string;
    trackingNumber?: string;
    message?: string;
    restockWarehouseId?: number;
  },
  actor: Actor,
) {
  return { version: await changeStatus(deps, id, input, actor) };
}

export async function refundOrder(
  deps: AdminOrdersDeps,
  id: number,
  input: { amount: number; reason: string; version: number; idempotencyKey?: string | undefined },
  actor: Actor,
) {
  const { refunds } = deps;
  const result = await refunds.refund({
    orderId: id,
    amount: input.amount,
    reason: input.reason,
    actor,
    expectedVersion: input.version,
    ...(input.idempotencyKey ? { idempotencyKey: input.idempotencyKey } : {}),
  });
  return { version: result.version };
}

/** A manual transfer seen in the account, or cash received: the order is paid. */
export async function verifyTransferPayment(
  deps: AdminOrdersDeps,
  id: number,
  input: { version: number; reference?: string },
  actor: Actor,
) {
  const { db } = deps;
  const version = await db.transaction(async (tx) => {
    const order = await lock(tx, id, input.version);
    if (order.paymentMethod === "card") {
      throw new ConflictError("Card payments are confirmed by Stripe, not by hand.");
    }
    if (order.paymentState !== "unpaid" && order.paymentState !== "awaiting_verification") {
      throw new ConflictError("This order's payment has already been recorded.");
    }
    if (order.status === "cancelled") throw new ConflictError("This order was cancelled.");
    const reference = input.reference?.trim() || order.transferReference;
    await recordLedger(tx, {
      historyId: id,
      event: order.paymentMethod === "manual_transfer" ? "transfer_verified" : "cash_collected",
      method: order.paymentMethod,
      amount: order.total,
      currency: order.currency,
      providerReference: reference ?? null,
      providerData: order.transferReference ? { transferReference: order.transferReference } : {},
      actorUserId: actor.userId,
      actorName: actor.name,
    });
    const next = await bump(tx, id, { paymentState: "paid" });
    await recordActivity(tx, {
      actor: activityActorOf(actor),
      action: "order.verify-payment",
      subject: { type: "order", id, label: order.number },
      before: { paymentState: order.paymentState },
      after: {
        paymentState: "paid",
        amount: `${order.currency} ${formatMinor(order.total, minorDigits(order.currency))}`,
        method: order.paymentMethod,
        ...(reference ? { reference } : {}),
      },
    });
    await tx.insert(orderEvents).values({
      historyId: id,
      kind: "payment",
      message:
        order.paymentMethod === "manual_transfer"
          ? `Transfer verified${reference ? ` (reference ${reference})` : ""}: paid.`
          : "Cash received: paid.",
      actorUserId: actor.userId,
      actorName: actor.name,
    });
    return next;
  });
  return { version };
}

export async function addOrderNote(deps: AdminOrdersDeps, id: number, message: string, actor: Actor) {
  const { db } = deps;
  const version = await db.transaction(async (tx) => {
    const order = await lock(tx, id, undefined);
    await tx.insert(orderEvents).values({
      historyId: id,
      kind: "note",
      message,
      isPublic: false,
      actorUserId: actor.userId,
      actorName: actor.name,
    });
    await recordActivity(tx, {
      actor: activityActorOf(actor),
      action: "order.note",
      subject: { type: "order", id, label: order.number },
      after: { note: message },
    });
    return order.version;
  });
  return { version };
}

/** Each order on its own: one failing (moved on, wrong status) never stops the others. */
export async function bulkUpdateOrders(
  deps: AdminOrdersDeps,
  body: z.output<typeof AdminOrdersBulkBody>,
  actor: Actor,
) {
  const { db } = deps;
  let updated = 0;
  const failed: { id: number; number: string; message: string }[] = [];
  for (const id of [...new Set(body.ids)]) {
    try {
      if (body.action === "status") await changeStatus(deps, id, { to: body.to }, actor);
      else await setChecked(deps, id, body.action === "check", undefined, actor);
      updated += 1;
    } catch (error) {
      if (!(error instanceof ConflictError || error instanceof ValidationError || error instanceof NotFoundError)) {
        throw error;
      }
      const [row] = await db
        .select({ number: buyingHistory.number })
        .from(buyingHistory)
        .where(eq(buyingHistory.id, id));
      failed.push({ id, number: row?.number ?? String(id), message: error.message });
    }
  }
  return { updated, failed };
}
