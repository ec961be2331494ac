/**
 * Card payments through Stripe Checkout: the shopper is sent to Stripe's page, so no card
 * data touches the shop. Only present when STRIPE_SECRET_KEY is set. Events come back
 * through the webhook, verified with STRIPE_WEBHOOK_SECRET (signature and a 5-minute
 * timestamp tolerance) by the Stripe library itself.
 */
import Stripe from "stripe";
import type { Config } from "../../config.ts";

export interface CardSessionInput {
  orderNumber: string;
  currency: string;
  total: number;
  email: string;
  expiresAt: Date;
  successUrl: string;
  cancelUrl: string;
}

export interface PaymentGateway {
  createSession(input: CardSessionInput): Promise<{ id: string; url: string }>;
  /** The URL of a still-open session (a replayed place-order request answers it again). */
  sessionUrl(id: string): Promise<string | null>;
}

/** Stripe wants 30 minutes to 24 hours before a Checkout Session expires. */
const MIN_SESSION_MS = 31 * 60 * 1000;

export function stripeGateway(config: Pick<Config, "stripe">): PaymentGateway | null {
  const { secretKey, apiUrl } = config.stripe;
  if (!secretKey) return null;
  const base = apiUrl ? new URL(apiUrl) : undefined;
  const stripe = new Stripe(secretKey, {
    maxNetworkRetries: 2,
    ...(base
      ? { host: base.hostname, port: base.port || undefined, protocol: base.protocol === "http:" ? "http" : "https" }
      : {}),
  });
  return {
    async createSession(input) {
      const expiresAt = Math.max(input.expiresAt.getTime(), Date.now() + MIN_SESSION_MS);
      const session = await stripe.checkout.sessions.create(
        {
          mode: "payment",
          client_reference_id: input.orderNumber,
          customer_email: input.email,
          metadata: { orderNumber: input.orderNumber },
          expires_at: Math.floor(expiresAt / 1000),
          // One line for the whole order: Stripe charges exactly the total priceOrder() fixed.
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: input.currency.toLowerCase(),
                unit_amount: input.total,
                product_data: { name: `Order ${input.orderNumber}` },
              },
            },
          ],
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
        },
        { idempotencyKey: `order-${input.orderNumber}` },
      );
      if (!session.url) throw new Error("Stripe answered a Checkout Session without a URL");
      return { id: session.id, url: session.url };
    },
    async sessionUrl(id) {
      const session = await stripe.checkout.sessions.retrieve(id);
      return session.status === "open" ? session.url : null;
    },
  };
}

/** Verifies a webhook's signature and age; throws when either is wrong. */
export function verifyStripeEvent(rawBody: Buffer, signature: string, secret: string): Stripe.Event {
  return Stripe.webhooks.constructEvent(rawBody, signature, secret);
}

export type { Stripe };
