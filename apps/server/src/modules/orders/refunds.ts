/**
 * Money back and stock back (issue 7), shared by the staff order page and the staff
 * handling of customers' cancel/return requests.
 *
 * `refund` never gives back more than was paid minus what was already refunded (422 with
 * a message otherwise; nothing paid at all → 409). It locks the order row, so two refunds
 * racing each other apply in turn and the second sees the first. Each refund is a
 * `payment_ledger` row (event "refunded"; paid and refunded come from the ledger, issue 15:
 * a Stripe refund is pending until its webhook, cash or a transfer handed back with a
 * reference is done at once, anything else waits for staff), moves `paymentState` to partially_refunded / refunded,
 * bumps the order's version and adds a timeline event with the staff member's name. A
 * card order is refunded through Stripe's API (when STRIPE_SECRET_KEY is set) inside the
 * same transaction: if Stripe refuses, nothing is recorded.
 *
 * A refund is idempotent: Stripe's idempotency key comes from the client's key for the
 * refund (stored with the ledger row) or, without one, from the refund's own ledger row id —
 * never from the clock — so a retry of the same request is the same Stripe refund. A repeated
 * request with a key already recorded on the order answers that refund again and moves no
 * money (even though the order's version has moved on since).
 *
 * `restock` gives order lines' units back to their variants (lines whose variant was
 * deleted are skipped).
 */
import { formatMinor, minorDigits } from "@atelier/contract";
import { and, eq, sql } from "drizzle-orm";
import Stripe from "stripe";
import type { Config } from "../../config.ts";
import type { Db, Tx } from "../../db/client.ts";
import type { PaymentState } from "../../db/schema/commerce.ts";
import { buyingHistory, type LedgerStatus, orderEvents, paymentLedger } from "../../db/schema/index.ts";
import { ConflictError, NotFoundError, ValidationError } from "../../errors.ts";
import { recordActivity } from "../activity-log/index.ts";
import { putBack } from "../inventory/index.ts";
import { ledgerTotals, recordLedger } from "../payment-ledger/index.ts";
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
  /** Cash / transfer: the receipt or transaction id of the money handed back (else it waits as pending). */
  reference?: string;
  /** Refunded by line (the payments back office): recorded with the refund. */
  lines?: readonly { orderLineId: number; quantity: number }[];
  /** The client's key for this refund: a repeated request with it is the same refund. */
  idempotencyKey?: string;
}

export interface RefundResult {
  paid: number;
  refunded: number;
  paymentState: PaymentState;
  version: number;
  /** The refund's ledger row and whether it still waits (Stripe's webhook or a person). */
  ledgerId: number;
  status: LedgerStatus;
  /** True when the request repeated one already made (same idempotency key): nothing moved. */
  replayed: boolean;
}

/**
 * Refunds a card payment at the payment provider; returns the provider's refund id. The
 * same `idempotencyKey` twice is one refund (Stripe keeps keys for 24 hours).
 */
export type CardRefunder = (input: {
  paymentIntent: string;
  amount: number;
  orderNumber: string;
  idempotencyKey: string;
}) => Promise<string>;

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
  return async ({ paymentIntent, amount, orderNumber, idempotencyKey }) => {
    const refund = await stripe.refunds.create(
      { payment_intent: paymentIntent, amount, metadata: { orderNumber } },
      { idempotencyKey },
    );
    return refund.id;
  };
}

/** What an order has been paid and refunded so far (minor units), from the payment ledger. */
export async function paidAndRefunded(orderId: number, tx: Db | Tx): Promise<{ paid: number; refunded: number }> {
  const { paid, refunded } = await ledgerTotals(orderId, tx);
  return { paid, refunded };
}

/**
 * Gives units back (issue 14: through the stock ledger): every line in full (a
 * cancellation) or the given quantities (a return), into the warehouse they shipped from
 * or the one staff chose; an unpaid card order's held units are released instead.
 */
export async function restock(
  orderId: number,
  lines: readonly { orderLineId: number; quantity: number }[] | "all",
  tx: Tx,
  options: { warehouseId?: number | null; actor?: Actor } = {},
): Promise<void> {
  await putBack(tx, orderId, lines, {
    kind: lines === "all" ? "refund" : "return",
    reason: lines === "all" ? "Order cancelled" : "Returned items received",
    warehouseId: options.warehouseId ?? null,
    ...(options.actor ? { actorName: options.actor.name, actorId: options.actor.userId } : {}),
  });
}

export function refunds(deps: { db: Db; cardRefunder: CardRefunder | null }) {
  const { db, cardRefunder } = deps;

  async function refundIn(tx: Tx, input: RefundInput): Promise<RefundResult> {
    const [order] = await tx.select().from(buyingHistory).where(eq(buyingHistory.id, input.orderId)).for("update");
    if (!order || order.isDraft) throw new NotFoundError("No such order.");
    const key = input.idempotencyKey?.trim() || null;
    if (key) {
      // Checked before the version: the first request has moved the version on.
      const [previous] = await tx
        .select()
        .from(paymentLedger)
        .where(
          and(
            eq(paymentLedger.historyId, order.id),
            eq(paymentLedger.event, "refunded"),
            sql`${paymentLedger.providerData}->>'idempotencyKey' = ${key}`,
          ),
        )
        .limit(1);
      if (previous) {
        if (previous.amount !== input.amount) {
          throw new ConflictError("This refund was already issued with another amount. Reload the order.");
        }
        const totals = await ledgerTotals(order.id, tx);
        return {
          paid: totals.paid,
          refunded: totals.refunded,
          paymentState: totals.state,
          version: order.version,
          ledgerId: previous.id,
          status: previous.status,
          replayed: true,
        };
      }
    }
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
    let paymentIntent: string | null = null;
    if (order.paymentMethod === "card" && cardRefunder) {
      const [payment] = await tx
        .select({ reference: paymentLedger.providerReference })
        .from(paymentLedger)
        .where(
          and(
            eq(paymentLedger.historyId, order.id),
            eq(paymentLedger.event, "captured"),
            eq(paymentLedger.status, "succeeded"),
          ),
        )
        .limit(1);
      if (payment?.reference?.startsWith("pi_")) paymentIntent = payment.reference;
    }
    // A card refund sent to Stripe waits for its webhook; cash or a transfer handed back with
    // a reference is done; anything else waits in the back office's manual-action queue.
    const handReference = input.reference?.trim() || null;
    const status = paymentIntent
      ? "pending"
      : handReference && order.paymentMethod !== "card"
        ? "succeeded"
        : "pending";
    // The row first: its id names the Stripe refund when the client gave no key.
    const ledgerId = await recordLedger(tx, {
      historyId: order.id,
      event: "refunded",
      status,
      method: order.paymentMethod,
      amount: input.amount,
      currency: order.currency,
      providerReference: paymentIntent ? null : handReference,
      reason: input.reason.trim(),
      providerData: {
        ...(key ? { idempotencyKey: key } : {}),
        ...(input.lines?.length ? { lines: input.lines } : {}),
      },
      actorUserId: input.actor.userId,
      actorName: input.actor.name,
    });
    let reference: string | null = null;
    if (paymentIntent && cardRefunder) {
      const stripeKey = key ? `atelier-refund-${order.number}-${key}` : `atelier-refund-${ledgerId}`;
      reference = await cardRefunder({
        paymentIntent,
        amount: input.amount,
        orderNumber: order.number,
        idempotencyKey: stripeKey,
      });
      await tx
        .update(paymentLedger)
        .set({
          providerReference: reference,
          providerData: sql`${paymentLedger.providerData} || ${JSON.stringify({ stripeRefundId: reference, stripeIdempotencyKey: stripeKey })}::jsonb`,
          updatedAt: new Date(),
        })
        .where(eq(paymentLedger.id, ledgerId));
    }
    const total = refunded + input.amount;
    const paymentState = total >= paid ? "refunded" : "partially_refunded";
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
        ...((reference ?? handReference) ? { reference: reference ?? handReference } : {}),
      },
    });
    return {
      paid,
      refunded: total,
      paymentState,
      version: updated?.version ?? order.version + 1,
      ledgerId,
      status,
      replayed: false,
    };
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
