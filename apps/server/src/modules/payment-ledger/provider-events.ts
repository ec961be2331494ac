/**
 * Stripe events beyond Checkout's paid / expired (issue 15), applied to the payment ledger
 * inside the webhook's transaction (the event id is already recorded, so a replay changes
 * nothing): a refund confirmed or failed, a refund made in Stripe's dashboard, a dispute
 * opened / won / lost, an asynchronous payment that failed. The order row is locked first.
 */
import { and, eq, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type Stripe from "stripe";
import type { Tx } from "../../db/client.ts";
import { buyingHistory, orderEvents, paymentLedger } from "../../db/schema/index.ts";
import { recordLedger, settleLedgerRow } from "./ledger.ts";

/** What a provider event did (checkout's webhook answers with it). */
export type WebhookOutcome = "applied" | "replayed" | "ignored" | "unknown_order";

async function lockOrder(tx: Tx, where: ReturnType<typeof sql>) {
  const [order] = await tx.select().from(buyingHistory).where(where).limit(1).for("update");
  return order;
}

/** The card order a payment intent paid (its "captured" ledger row), or by order number. */
async function orderOfIntent(tx: Tx, paymentIntent: string | null | undefined, number?: string | null) {
  if (paymentIntent) {
    const [row] = await tx
      .select({ historyId: paymentLedger.historyId })
      .from(paymentLedger)
      .where(and(eq(paymentLedger.providerReference, paymentIntent), eq(paymentLedger.event, "captured")))
      .limit(1);
    if (row) return lockOrder(tx, sql`${buyingHistory.id} = ${row.historyId}`);
  }
  if (number)
    return lockOrder(tx, sql`${buyingHistory.number} = ${number} and ${buyingHistory.paymentMethod} = 'card'`);
  return undefined;
}

const intentOf = (value: string | { id: string } | null | undefined) =>
  typeof value === "string" ? value : (value?.id ?? null);

export async function applyPaymentEvent(tx: Tx, event: Stripe.Event, log: FastifyBaseLogger): Promise<WebhookOutcome> {
  switch (event.type) {
    case "refund.created":
    case "refund.updated":
    case "refund.failed":
    case "charge.refund.updated": {
      const refund = event.data.object as Stripe.Refund;
      const [row] = await tx
        .select()
        .from(paymentLedger)
        .where(and(eq(paymentLedger.providerReference, refund.id), eq(paymentLedger.event, "refunded")))
        .limit(1);
      const outcome =
        refund.status === "succeeded"
          ? "succeeded"
          : refund.status === "failed" || refund.status === "canceled"
            ? "failed"
            : null;
      if (row) {
        await lockOrder(tx, sql`${buyingHistory.id} = ${row.historyId}`);
        if (!outcome || row.status === outcome) return "ignored";
        if (row.status !== "pending") return "ignored";
        await settleLedgerRow(tx, row.id, outcome, {
          providerData: { confirmedBy: event.id, stripeStatus: refund.status },
        });
        await tx.insert(orderEvents).values({
          historyId: row.historyId,
          kind: "refund",
          message:
            outcome === "succeeded"
              ? "Stripe confirmed the refund."
              : "Stripe could not make the refund: it was not paid back.",
          isPublic: false,
          actorName: "Stripe",
        });
        return "applied";
      }
      // A refund made in Stripe's own dashboard: record it so the ledger knows.
      const order = await orderOfIntent(tx, intentOf(refund.payment_intent), refund.metadata?.orderNumber);
      if (!order) {
        log.warn({ eventId: event.id, refundId: refund.id }, "Stripe refund for an order this shop does not know");
        return "unknown_order";
      }
      if (outcome === "failed") return "ignored";
      await recordLedger(tx, {
        historyId: order.id,
        event: "refunded",
        status: outcome ?? "pending",
        method: "card",
        amount: refund.amount,
        currency: order.currency,
        providerReference: refund.id,
        reason: refund.reason ?? "Refunded in Stripe",
        providerData: { eventId: event.id, paymentIntent: intentOf(refund.payment_intent) },
        actorName: "Stripe",
      });
      return "applied";
    }
    case "charge.dispute.created":
    case "charge.dispute.closed": {
      const dispute = event.data.object as Stripe.Dispute;
      const order = await orderOfIntent(tx, intentOf(dispute.payment_intent));
      if (!order) {
        log.warn({ eventId: event.id, disputeId: dispute.id }, "Stripe dispute for an order this shop does not know");
        return "unknown_order";
      }
      const kind =
        event.type === "charge.dispute.created"
          ? "dispute_opened"
          : dispute.status === "won"
            ? "dispute_won"
            : dispute.status === "lost"
              ? "dispute_lost"
              : null;
      if (!kind) return "ignored";
      await recordLedger(tx, {
        historyId: order.id,
        event: kind,
        method: "card",
        amount: dispute.amount,
        currency: order.currency,
        providerReference: dispute.id,
        reason: dispute.reason ?? "",
        providerData: { eventId: event.id, status: dispute.status, paymentIntent: intentOf(dispute.payment_intent) },
        actorName: "Stripe",
      });
      await tx.insert(orderEvents).values({
        historyId: order.id,
        kind: "payment",
        message:
          kind === "dispute_opened"
            ? `The shopper's bank opened a dispute (${dispute.reason ?? "no reason given"}).`
            : kind === "dispute_won"
              ? "The dispute was decided in the shop's favour."
              : "The dispute was lost: the bank took the money back.",
        isPublic: false,
        actorName: "Stripe",
      });
      return "applied";
    }
    case "checkout.session.async_payment_failed": {
      const session = event.data.object as Stripe.Checkout.Session;
      const number = session.metadata?.orderNumber ?? session.client_reference_id ?? "";
      const order = await lockOrder(
        tx,
        sql`${buyingHistory.stripeSessionId} = ${session.id} or (${buyingHistory.number} = ${number} and ${buyingHistory.paymentMethod} = 'card')`,
      );
      if (!order) return "unknown_order";
      if (order.paymentState !== "unpaid") return "ignored";
      await recordLedger(tx, {
        historyId: order.id,
        event: "failed",
        method: "card",
        amount: session.amount_total ?? order.total,
        currency: order.currency,
        providerReference: intentOf(session.payment_intent) ?? session.id,
        reason: "The bank declined the payment.",
        providerData: { eventId: event.id, checkoutSessionId: session.id },
        actorName: "Stripe",
      });
      return "applied";
    }
    default:
      return "ignored";
  }
}
