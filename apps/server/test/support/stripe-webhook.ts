/**
 * Stripe's side of a card payment for the payments tests: an event posted to the shop's
 * webhook signed as Stripe signs it, and a card order paid through it.
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { expect } from "vitest";
import { buyingHistory } from "../../src/db/schema/index.ts";
import type { TestApp } from "./index.ts";
import { insertOrder, type TestOrder } from "./orders.ts";

/** Posts `event` to the shop's Stripe webhook, signed with `secret`. */
export function sendStripeEvent(test: Pick<TestApp, "app">, secret: string, event: object) {
  const payload = JSON.stringify(event);
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
  return test.app.inject({
    method: "POST",
    url: "/api/webhooks/stripe",
    headers: { "content-type": "application/json", "stripe-signature": signature },
    payload,
  });
}

/** Stripe's checkout.session.completed for a paid session of the order `orderNumber`. */
export function checkoutCompletedEvent(
  sessionId: string,
  orderNumber: string,
  amount: number,
  paymentIntent = "pi_test_123",
) {
  return {
    id: `evt_${randomUUID()}`,
    object: "event",
    type: "checkout.session.completed",
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        id: sessionId,
        object: "checkout.session",
        client_reference_id: orderNumber,
        metadata: { orderNumber },
        payment_status: "paid",
        amount_total: amount,
        payment_intent: paymentIntent,
      },
    },
  };
}

/** A card order (2 × 2500 + 500 delivery) paid through a signed checkout.session.completed. */
export async function paidCardOrder(
  test: Pick<TestApp, "app" | "db">,
  secret: string,
  owner: { userId: string },
  paymentIntent: string,
): Promise<TestOrder> {
  const sessionId = `cs_test_${randomUUID().replaceAll("-", "")}`;
  const order = await insertOrder(test.db, owner);
  await test.db
    .update(buyingHistory)
    .set({ paymentMethod: "card", paymentState: "unpaid", status: "pending_payment", stripeSessionId: sessionId })
    .where(eq(buyingHistory.id, order.id));
  const response = await sendStripeEvent(
    test,
    secret,
    checkoutCompletedEvent(sessionId, order.number, 5500, paymentIntent),
  );
  expect(response.json().outcome).toBe("applied");
  return order;
}
