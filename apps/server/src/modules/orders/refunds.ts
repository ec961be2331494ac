/**
 * Money back and stock back (issue 7), shared by the staff order page and the staff
 * handling of customers' cancel/return requests.
 *
 * `refund` never gives back more than was paid minus what was already refunded (422 with
 * a message otherwise; nothing paid at all → 409). It locks the order row, so two refunds
 * racing each other apply in turn and the second sees the first. Each refund is a
 * `payments` row of kind "refund", moves `paymentState` to partially_refunded / refunded,
 * bumps the order's version and adds a timeline event with the staff member's name. A
 * card order is refunded through Stripe's API (when STRIPE_SECRET_KEY is set) inside the
 * same transaction: if Stripe refuses, nothing is recorded.
 *
 * `restock` gives order lines' units back to their variants (lines whose variant was
 * deleted are skipped).
 */
import { formatMinor, minorDigits } from "@atelier/contract";
import { and, asc, eq, sql } from "drizzle-orm";
import Stripe from "stripe";
import type { Config } from "../../config.ts";
import type { Db, Tx } from "../../db/client.ts";
import { buyingHistory, orderEvents, orderLines, payments } from "../../db/schema/index.ts";
import { ConflictError, NotFoundError, ValidationError } from "../../errors.ts";
import { recordActivity } from "../activity-log/index.ts";
import { type Actor, activityActorOf } from "./service.ts";

const money = (amount: number, currency: string) => `${currency} ${formatMinor(amount, minorDigits(currency))}`;

export interface RefundInput {
  orderId: number;
  /** Minor units; must be > 0 and at most paid − refunded. */
  amount: number;
  reason: string;
  actor: Actor;
  /** The version the actor saw; a changed order answers 409. */
  expectedVersion?: number;
}

export interface RefundResult {
  paid: number;
  refunded: number;
  paymentState: "partially_refunded" | "refunded";
  version: number;
}

/** Refunds a card payment at the payment provider; returns the provider's refund id. */
export type CardRefunder = (input: { paymentIntent: string; amount: number; orderNumber: string }) => Promise<string>;

export function stripeRefunder(config: Pick<Config, "stripe">): CardRefunder | null {
  const { secretKey, apiUrl } = config.stripe;
  if (!secretKey) return null;
  const base = apiUrl ? new URL(apiUrl) : undefined;
  const stripe = new Stripe(secretKey, {
    maxNetworkRetries: 2,
    ...(base
      ? { host: base.hostname, port: base.port || undefined, protocol: base.protocol === "http:" ? "http" : "https" }
      : {}),
  });
  return async ({ paymentIntent, amount, orderNumber }) => {
    const refund = await stripe.refunds.create(
      { payment_intent: paymentIntent, amount, metadata: { orderNumber } },
      { idempotencyKey: `refund-${orderNumber}-${paymentIntent}-${amount}-${Date.now()}` },
    );
    return refund.id;
  };
}

/** What an order has been paid and refunded so far (minor units). */
export async function paidAndRefunded(orderId: number, tx: Db | Tx): Promise<{ paid: number; refunded: number }> {
  const [row] = await tx
    .select({
      paid: sql<number>`coalesce(sum(${payments.amount}) filter (where ${payments.kind} = 'payment'), 0)::int`,
      refunded: sql<number>`coalesce(sum(${payments.amount}) filter (where ${payments.kind} = 'refund'), 0)::int`,
    })
    .from(payments)
    .where(eq(payments.historyId, orderId));
  return { paid: row?.paid ?? 0, refunded: row?.refunded ?? 0 };
}

/** Gives units back to their variants: every line in full, or the given quantities. */
export async function restock(
  orderId: number,
  lines: readonly { orderLineId: number; quantity: number }[] | "all",
  tx: Tx,
): Promise<void> {
  const rows = await tx
    .select({ id: orderLines.id, variantId: orderLines.variantId, quantity: orderLines.quantity })
    .from(orderLines)
    .where(eq(orderLines.historyId, orderId))
    .orderBy(asc(orderLines.variantId));
  for (const row of rows) {
    const quantity =
      lines === "all" ? row.quantity : (lines.find((line) => line.orderLineId === row.id)?.quantity ?? 0);
    if (quantity <= 0 || row.variantId === null) continue;
    await tx.execute(
      sql`update product_variants set stock = stock + ${quantity}, updated_at = now() where id = ${row.variantId}`,
    );
  }
}

export function refunds(deps: { db: Db; cardRefunder: CardRefunder | null }) {
  const { db, cardRefunder } = deps;

  async function refundIn(tx: Tx, input: RefundInput): Promise<RefundResult> {
    const [order] = await tx.select().from(buyingHistory).where(eq(buyingHistory.id, input.orderId)).for("update");
    if (!order || order.isDraft) throw new NotFoundError("No such order.");
    if (input.expectedVersion !== undefined && input.expectedVersion !== order.version) {
      throw new ConflictError("This order changed since you opened it. Reload it and try again.");
    }
    if (!Number.isInteger(input.amount) || input.amount <= 0) {
      throw new ValidationError("Check the refund.", { amount: "Enter an amount above zero." });
    }
    const { paid, refunded } = await paidAndRefunded(order.id, tx);
    if (paid === 0) throw new ConflictError("Nothing has been paid for this order, so there is nothing to refund.");
    const left = paid - refunded;
    if (left <= 0) throw new ConflictError("This order has already been refunded in full.");
    if (input.amount > left) {
      throw new ValidationError("Check the refund.", {
        amount: `At most ${money(left, order.currency)} can be refunded (paid ${money(paid, order.currency)}, refunded ${money(refunded, order.currency)}).`,
      });
    }
    let reference: string | null = null;
    if (order.paymentMethod === "card" && cardRefunder) {
      const [payment] = await tx
        .select({ reference: payments.reference })
        .from(payments)
        .where(and(eq(payments.historyId, order.id), eq(payments.kind, "payment"), eq(payments.method, "card")))
        .limit(1);
      if (payment?.reference?.startsWith("pi_")) {
        reference = await cardRefunder({
          paymentIntent: payment.reference,
          amount: input.amount,
          orderNumber: order.number,
        });
      }
    }
    const total = refunded + input.amount;
    const paymentState = total >= paid ? "refunded" : "partially_refunded";
    await tx.insert(payments).values({
      historyId: order.id,
      kind: "refund",
      method: order.paymentMethod,
      amount: input.amount,
      reference,
      note: input.reason.trim(),
      recordedBy: input.actor.userId,
      recordedByName: input.actor.name,
    });
    const [updated] = await tx
      .update(buyingHistory)
      .set({ paymentState, version: sql`${buyingHistory.version} + 1`, updatedAt: new Date() })
      .where(eq(buyingHistory.id, order.id))
      .returning({ version: buyingHistory.version });
    const reason = input.reason.trim();
    await tx.insert(orderEvents).values({
      historyId: order.id,
      kind: "refund",
      message: `Refunded ${money(input.amount, order.currency)}${reason ? `: ${reason}` : "."}`,
      actorUserId: input.actor.userId,
      actorName: input.actor.name,
    });
    await recordActivity(tx, {
      actor: activityActorOf(input.actor),
      action: "order.refund",
      subject: { type: "order", id: order.id, label: order.number },
      before: { paymentState: order.paymentState, refunded: money(refunded, order.currency) },
      after: {
        paymentState,
        refunded: money(total, order.currency),
        amount: money(input.amount, order.currency),
        ...(reason ? { reason } : {}),
        ...(reference ? { reference } : {}),
      },
    });
    return { paid, refunded: total, paymentState, version: updated?.version ?? order.version + 1 };
  }

  return {
    /** Refunds inside `tx` when given (e.g. a return's "received"), else in a transaction of its own. */
    refund(input: RefundInput, tx?: Tx): Promise<RefundResult> {
      return tx ? refundIn(tx, input) : db.transaction((own) => refundIn(own, input));
    },
    restock,
    paidAndRefunded: (orderId: number) => paidAndRefunded(orderId, db),
  };
}

export type Refunds = ReturnType<typeof refunds>;
