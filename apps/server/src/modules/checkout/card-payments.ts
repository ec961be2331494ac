/**
 * What happens to a card order after it is placed: Stripe's webhook marks it paid, and an
 * unpaid order whose hold expires gives its stock back. Both lock the order row first, so
 * a payment and an expiry racing each other apply in turn, and each checks the state it
 * finds. Webhook events are recorded in processed_webhook_events in the same transaction
 * as their effect: a replayed event changes nothing.
 */
import { and, asc, eq, isNotNull, lt, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db, Tx } from "../../db/client.ts";
import { buyingHistory, orderEvents, orderLines, payments, processedWebhookEvents } from "../../db/schema/index.ts";
import type { OrderPlacedEvent } from "./service.ts";
import type { Stripe } from "./stripe.ts";

export type WebhookOutcome = "applied" | "replayed" | "ignored" | "unknown_order";

/** Gives an unpaid card order's stock back and cancels it (the order row must be locked). */
async function releaseHold(tx: Tx, order: { id: number }, message: string): Promise<void> {
  const lines = await tx
    .select({ variantId: orderLines.variantId, quantity: orderLines.quantity })
    .from(orderLines)
    .where(and(eq(orderLines.historyId, order.id), isNotNull(orderLines.variantId)))
    .orderBy(asc(orderLines.variantId));
  for (const line of lines) {
    await tx.execute(
      sql`update product_variants set stock = stock + ${line.quantity}, updated_at = now() where id = ${line.variantId}`,
    );
  }
  await tx
    .update(buyingHistory)
    .set({
      status: "cancelled",
      paymentState: "expired",
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
}

export function cardPayments(deps: {
  db: Db;
  log: FastifyBaseLogger;
  onPaid: (event: OrderPlacedEvent) => Promise<void>;
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
            .select({ id: buyingHistory.id })
            .from(buyingHistory)
            .where(
              and(
                eq(buyingHistory.status, "pending_payment"),
                eq(buyingHistory.paymentState, "unpaid"),
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
        if (!paidEvent && !expiredEvent) return "ignored";
        const session = event.data.object as Stripe.Checkout.Session;
        const order = await lockByReference(tx, session);
        if (!order) {
          log.warn({ eventId: event.id, sessionId: session.id }, "Stripe event for an order this shop does not know");
          return "unknown_order";
        }
        if (expiredEvent) {
          if (order.status !== "pending_payment" || order.paymentState !== "unpaid") return "ignored";
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
            paymentState: "paid",
            ...(lateAfterRelease ? {} : { status: "placed" as const }),
            holdExpiresAt: null,
            stripeSessionId: session.id,
            updatedAt: new Date(),
            version: sql`${buyingHistory.version} + 1`,
          })
          .where(eq(buyingHistory.id, order.id));
        await tx.insert(payments).values({
          historyId: order.id,
          kind: "payment",
          method: "card",
          amount,
          reference,
          recordedByName: "Stripe",
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
        if (!lateAfterRelease) placed = { orderId: order.id, number: order.number, paymentMethod: "card" };
        return "applied";
      });
      if (placed) await deps.onPaid(placed);
      return outcome;
    },
  };
}

export type CardPayments = ReturnType<typeof cardPayments>;
