/**
 * Stripe payouts and the balance transactions each one paid out, and the fee of one
 * payment or refund (its balance transaction), read through Stripe's API (issue 15, card
 * fees). Only present when STRIPE_SECRET_KEY is set; STRIPE_API_URL points it at a
 * Stripe-compatible server (tests use a recorded-fixture server on loopback).
 */
import Stripe from "stripe";
import type { Config } from "../../config.ts";

export interface PayoutLineRead {
  id: string;
  type: string;
  amount: number;
  fee: number;
  net: number;
  /** The charge / refund id behind the line. */
  source: string | null;
  paymentIntent: string | null;
  /** The order number the charge carried in its metadata, if any. */
  orderNumber: string | null;
}

export interface PayoutRead {
  id: string;
  amount: number;
  currency: string;
  status: string;
  arrivalDate: string;
  fees: number;
  lines: PayoutLineRead[];
}

/** What Stripe said of a fee: the amount, not yet (no balance transaction so far), or no such payment. */
export type FeeRead = { fee: number } | "not_yet" | "unknown";

export interface StripeReader {
  payouts(limit?: number): Promise<PayoutRead[]>;
  /**
   * The fee of a capture (by its payment intent: its latest charge's balance transaction)
   * or what a refund gave back of it (a refund's balance transaction has a negative fee then).
   */
  fee(event: "captured" | "refunded", reference: string): Promise<FeeRead>;
}

/** A balance transaction's fee, when Stripe has made one (it may come later than the payment). */
function feeOf(transaction: string | Stripe.BalanceTransaction | null | undefined, sign: 1 | -1): FeeRead {
  if (!transaction || typeof transaction === "string") return "not_yet";
  return { fee: Math.max(0, sign * transaction.fee) };
}

export function stripeReader(config: Pick<Config, "stripe">): StripeReader | null {
  const { secretKey, apiUrl } = config.stripe;
  if (!secretKey) return null;
  const base = apiUrl ? new URL(apiUrl) : undefined;
  const stripe = new Stripe(secretKey, {
    maxNetworkRetries: 1,
    timeout: 10_000,
    ...(base
      ? { host: base.hostname, port: base.port || undefined, protocol: base.protocol === "http:" ? "http" : "https" }
      : {}),
  });
  return {
    async payouts(limit = 20) {
      const payouts = await stripe.payouts.list({ limit });
      return Promise.all(
        payouts.data.map(async (payout) => {
          const lines = await stripe.balanceTransactions.list({
            payout: payout.id,
            limit: 100,
            expand: ["data.source"],
          });
          const read = lines.data
            .filter((line) => line.type !== "payout")
            .map((line): PayoutLineRead => {
              const source = line.source as Stripe.Charge | Stripe.Refund | string | null;
              const object = typeof source === "object" && source !== null ? source : null;
              const intent = object && "payment_intent" in object ? object.payment_intent : null;
              return {
                id: line.id,
                type: line.type,
                amount: line.amount,
                fee: line.fee,
                net: line.net,
                source: typeof source === "string" ? source : (object?.id ?? null),
                paymentIntent: typeof intent === "string" ? intent : (intent?.id ?? null),
                orderNumber: object?.metadata?.orderNumber ?? null,
              };
            });
          return {
            id: payout.id,
            amount: payout.amount,
            currency: payout.currency.toUpperCase(),
            status: payout.status,
            arrivalDate: new Date(payout.arrival_date * 1000).toISOString(),
            fees: read.reduce((sum, line) => sum + line.fee, 0),
            lines: read,
          };
        }),
      );
    },
    async fee(event, reference) {
      try {
        if (event === "refunded") {
          const refund = await stripe.refunds.retrieve(reference, { expand: ["balance_transaction"] });
          return feeOf(refund.balance_transaction, -1);
        }
        const intent = await stripe.paymentIntents.retrieve(reference, {
          expand: ["latest_charge.balance_transaction"],
        });
        const charge = intent.latest_charge;
        return typeof charge === "object" && charge ? feeOf(charge.balance_transaction, 1) : "not_yet";
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return "unknown";
        throw error;
      }
    },
  };
}
