/**
 * What happens to a card order after it is placed: Stripe's webhook marks it paid, and an
 * unpaid order whose hold expires gives its stock back. Both lock the order row first, so
 * a payment and an expiry racing each other apply in turn, and each checks the state it
 * finds. Webhook events are recorded in processed_webhook_events in the same transaction
 * as their effect: a replayed event changes nothing.
 */
import { and, asc, eq, inArray, lt, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db, Tx } from "../../db/client.ts";
import { buyingHistory, orderEvents, processedWebhookEvents } from "../../db/schema/index.ts";
import { confirmHolds, putBack } from "../inventory/index.ts";
import { applyPaymentEvent, recordLedger, type WebhookOutcome } from "../payment-ledger/index.ts";
import type { OrderPlacedEvent } from "./checkout-context.ts";
import type { Stripe } from "./stripe.ts";

export type { WebhookOutcome };

/** Gives an unpaid card order's stock back and cancels it (the order row must be locked). */
async function releaseHold(
  tx: Tx,
  order: { id: number; total: number; currency: string },
  message: string,
): Promise<void> {
  await putBack(tx, order.id, "all", { kind: "hold", reason: "Card hold released: the order was not paid in time" });
  await tx
    .update(buyingHistory)
    .set({
      status: "cancelled",
      holdExpiresAt: null,
      updatedAt: new Date(),
      version: sql`${buyingHistory.version} + 1`,
    })
    .where(eq(buyingHistory.id, order.id));
  await tx.insert(orderEvents).values({
    historyId: order.id,
    kind: "status",
    fromStatus: "pending_payment",
    toStatus: "cancelled",
    message,
    actorName: "System",
  });
  // The ledger's "voided" makes the payment state "expired" (issue 15).
  await recordLedger(tx, {
    historyId: order.id,
    event: "voided",
    method: "card",
    amount: order.total,
    currency: order.currency,
    reason: message,
    actorName: "System",
  });
}

export function cardPayments(deps: {
  db: Db;
  log: FastifyBaseLogger;
  onPaid: (event: OrderPlacedEvent) => Promise<void>;
  /** Inside the transaction that marks the order paid (its confirmation mail's job). */
  onPaidIn: (tx: Tx, event: OrderPlacedEvent) => Promise<void>;
}) {
  const { db, log } = deps;

  async function lockByReference(tx: Tx, session: Stripe.Checkout.Session) {
    const number = session.metadata?.orderNumber ?? session.client_reference_id ?? "";
    const [order] = await tx
      .select()
      .from(buyingHistory)
      .where(
        sql`${buyingHistory.stripeSessionId} = ${session.id} or (${buyingHistory.number} = ${number} and ${buyingHistory.paymentMethod} = 'card')`,
      )
      .limit(1)
      .for("update");
    return order;
  }

  return {
    /**
     * Unpaid card orders whose hold has expired: each is cancelled and its stock given
     * back in its own transaction; rows another process is handling are skipped.
     */
    async releaseExpiredHolds(now = new Date()): Promise<number> {
      let released = 0;
      for (;;) {
        const done = await db.transaction(async (tx) => {
          const [order] = await tx
            .select({ id: buyingHistory.id, total: buyingHistory.total, currency: buyingHistory.currency })
            .from(buyingHistory)
            .where(
              and(
                eq(buyingHistory.status, "pending_payment"),
                // A declined attempt ("failed" in the ledger) still holds stock until it expires.
                inArray(buyingHistory.paymentState, ["unpaid", "failed"]),
                lt(buyingHistory.holdExpiresAt, now),
              ),
            )
            .orderBy(asc(buyingHistory.id))
            .limit(1)
            .for("update", { skipLocked: true });
          if (!order) return true;
          await releaseHold(tx, order, "The card payment did not arrive in time; the items went back on sale.");
          return false;
        });
        if (done) return released;
        released += 1;
      }
    },

    /** Applies one verified Stripe event. */
    async handle(event: Stripe.Event): Promise<WebhookOutcome> {
      const paidEvent =
        event.type === "checkout.session.completed" || event.type === "checkout.session.async_payment_succeeded";
      const expiredEvent = event.type === "checkout.session.expired";
      let placed: OrderPlacedEvent | undefined;
      const outcome = await db.transaction(async (tx): Promise<WebhookOutcome> => {
        const fresh = await tx
          .insert(processedWebhookEvents)
          .values({ id: event.id, provider: "stripe", type: event.type })
          .onConflictDoNothing()
          .returning({ id: processedWebhookEvents.id });
        if (fresh.length === 0) return "replayed";
        // Refunds, disputes and failures (issue 15) go to the payment ledger.
        if (!paidEvent && !expiredEvent) return applyPaymentEvent(tx, event, log);
        const session = event.data.object as Stripe.Checkout.Session;
        const order = await lockByReference(tx, session);
        if (!order) {
          log.warn({ eventId: event.id, sessionId: session.id }, "Stripe event for an order this shop does not know");
          return "unknown_order";
        }
        if (expiredEvent) {
          if (
            order.status !== "pending_payment" ||
            (order.paymentState !== "unpaid" && order.paymentState !== "failed")
          ) {
            return "ignored";
          }
          await releaseHold(tx, order, "The card payment page expired; the items went back on sale.");
          return "applied";
        }
        if (session.payment_status !== "paid" || order.paymentState === "paid") return "ignored";
        const amount = session.amount_total ?? order.total;
        const reference = typeof session.payment_intent === "string" ? session.payment_intent : session.id;
        const lateAfterRelease = order.status === "cancelled";
        await tx
          .update(buyingHistory)
          .set({
            ...(lateAfterRelease ? {} : { status: "placed" as const }),
            holdExpiresAt: null,
            stripeSessionId: session.id,
            updatedAt: new Date(),
            version: sql`${buyingHistory.version} + 1`,
          })
          .where(eq(buyingHistory.id, order.id));
        // The ledger's "captured" makes the payment state "paid" (issue 15).
        await recordLedger(tx, {
          historyId: order.id,
          event: "captured",
          method: "card",
          amount,
          currency: order.currency,
          providerReference: reference,
          providerData: { eventId: event.id, checkoutSessionId: session.id, paymentIntent: session.payment_intent },
          actorName: "Stripe",
        });
        await tx.insert(orderEvents).values(
          lateAfterRelease
            ? {
                historyId: order.id,
                kind: "payment",
                message: "The card payment arrived after the hold expired: refund it or restore the order.",
                isPublic: false,
                actorName: "Stripe",
              }
            : {
                historyId: order.id,
                kind: "status",
                fromStatus: "pending_payment",
                toStatus: "placed",
                message: "Card payment received; order placed.",
                actorName: "Stripe",
              },
        );
        // Issue 14: the held units are sold now (reserved and on hand both go down).
        if (!lateAfterRelease) await confirmHolds(tx, order.id);
        if (!lateAfterRelease) {
          placed = { orderId: order.id, number: order.number, paymentMethod: "card" };
          await deps.onPaidIn(tx, placed);
        }
        return "applied";
      });
      if (placed) await deps.onPaid(placed);
      return outcome;
    },
  };
}

export type CardPayments = ReturnType<typeof cardPayments>;
