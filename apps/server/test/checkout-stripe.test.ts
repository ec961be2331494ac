/**
 * Card payments: a card order waits for its payment holding stock; Stripe's webhook,
 * signed by the Stripe library itself, marks it paid; a wrong signature, an old
 * timestamp or a replayed event change nothing; an unknown order is logged and answered
 * 2xx; an unpaid order's hold expires and gives its stock back. Stripe's API is a small
 * fake on loopback (STRIPE_API_URL), so nothing leaves the machine.
 */
import { randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buyingHistory, orderEvents, payments } from "../src/db/schema/index.ts";
import {
  address,
  addToCart,
  newGuest,
  stockedVariants,
  stockOf,
  type TestShopper,
} from "./support/checkout-shopping.ts";
import { createTestApp, type TestApp } from "./support/index.ts";
import { checkoutCompletedEvent } from "./support/stripe-webhook.ts";

const WEBHOOK_SECRET = "whsec_test_secret_for_atelier";
let test: TestApp;
let fakeStripe: Server;
const sessions = new Map<string, { id: string; url: string; status: string; body: string }>();

beforeAll(async () => {
  fakeStripe = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => {
      body += chunk;
    });
    request.on("end", () => {
      const reply = (value: object) => {
        response.writeHead(200, { "content-type": "application/json" });
        response.end(JSON.stringify(value));
      };
      if (request.method === "POST" && request.url === "/v1/checkout/sessions") {
        const id = `cs_test_${randomUUID().replaceAll("-", "")}`;
        const session = { id, url: `https://checkout.stripe.test/c/pay/${id}`, status: "open", body };
        sessions.set(id, session);
        return reply({ object: "checkout.session", ...session });
      }
      const id = request.url?.split("/").pop() ?? "";
      const session = sessions.get(id);
      if (request.method === "GET" && session) return reply({ object: "checkout.session", ...session });
      response.writeHead(404, { "content-type": "application/json" });
      response.end(JSON.stringify({ error: { type: "invalid_request_error", message: "No such session" } }));
    });
  });
  await new Promise<void>((resolve) => fakeStripe.listen(0, "127.0.0.1", resolve));
  const { port } = fakeStripe.address() as AddressInfo;
  test = await createTestApp({
    STRIPE_SECRET_KEY: "sk_test_atelier",
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: `http://127.0.0.1:${port}`,
  });
});
afterAll(async () => {
  await test.close();
  await new Promise((resolve) => fakeStripe.close(resolve));
});

async function placeCardOrder(shopper: TestShopper, variantId: number, quantity: number) {
  await addToCart(test, shopper, variantId, quantity);
  const zoneId = (await test.app.inject({ url: "/api/checkout/options" })).json().zones[0].id;
  const response = await test.app.inject({
    method: "POST",
    url: "/api/checkout/orders",
    headers: { ...shopper.headers, "idempotency-key": randomUUID() },
    payload: {
      contact: { email: "card@example.com", phone: "+1 555 0100" },
      address,
      deliveryZoneId: zoneId,
      paymentMethod: "card",
    },
  });
  expect(response.statusCode).toBe(200);
  return response.json();
}

function sendWebhook(event: object, options: { secret?: string; timestamp?: number } = {}) {
  const payload = JSON.stringify(event);
  const signature = Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? WEBHOOK_SECRET,
    ...(options.timestamp ? { timestamp: options.timestamp } : {}),
  });
  return test.app.inject({
    method: "POST",
    url: "/api/webhooks/stripe",
    headers: { "content-type": "application/json", "stripe-signature": signature },
    payload,
  });
}

async function orderRow(number: string) {
  const [row] = await test.db.select().from(buyingHistory).where(eq(buyingHistory.number, number));
  if (!row) throw new Error(`no order ${number}`);
  return row;
}

describe("a card order", () => {
  it("waits for its payment holding stock, sends the shopper to Stripe Checkout for the exact total", async () => {
    const [variant] = await stockedVariants(test, 1, 5);
    if (!variant) throw new Error("no variant");
    const { order, redirectUrl } = await placeCardOrder(await newGuest(test), variant.id, 2);
    expect(order).toMatchObject({ status: "pending_payment", paymentState: "unpaid", paymentMethod: "card" });
    expect(order.holdExpiresAt).not.toBeNull();
    expect(redirectUrl).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);
    expect(await stockOf(test, variant.id)).toBe(3);
    const row = await orderRow(order.number);
    const sent = sessions.get(row.stripeSessionId ?? "");
    expect(decodeURIComponent(sent?.body ?? "")).toContain(`[unit_amount]=${order.totals.total}`);
    expect(decodeURIComponent(sent?.body ?? "")).toContain(`/checkout/complete/${order.number}?payment=success`);
  });

  it("is marked paid and placed by a signed checkout.session.completed, once, with a payment row", async () => {
    const [variant] = await stockedVariants(test, 1, 5, 1);
    if (!variant) throw new Error("no variant");
    const { order } = await placeCardOrder(await newGuest(test), variant.id, 1);
    const row = await orderRow(order.number);
    const event = checkoutCompletedEvent(row.stripeSessionId ?? "", order.number, order.totals.total);

    const first = await sendWebhook(event);
    expect(first.statusCode).toBe(200);
    expect(first.json().outcome).toBe("applied");
    const paid = await orderRow(order.number);
    expect(paid).toMatchObject({ status: "placed", paymentState: "paid", holdExpiresAt: null });

    const replay = await sendWebhook(event);
    expect(replay.statusCode).toBe(200);
    expect(replay.json().outcome).toBe("replayed");
    const rows = await test.db.select().from(payments).where(eq(payments.historyId, row.id));
    expect(rows.map((payment) => [payment.kind, payment.amount, payment.recordedByName])).toEqual([
      ["payment", order.totals.total, "Stripe"],
    ]);
    expect(await stockOf(test, variant.id)).toBe(4);
  });

  it("changes nothing on a wrong signature or an old timestamp", async () => {
    const [variant] = await stockedVariants(test, 1, 5, 2);
    if (!variant) throw new Error("no variant");
    const { order } = await placeCardOrder(await newGuest(test), variant.id, 1);
    const row = await orderRow(order.number);
    const event = checkoutCompletedEvent(row.stripeSessionId ?? "", order.number, order.totals.total);

    const forged = await sendWebhook(event, { secret: "whsec_someone_else" });
    expect(forged.statusCode).toBe(400);
    const stale = await sendWebhook(event, { timestamp: Math.floor(Date.now() / 1000) - 3600 });
    expect(stale.statusCode).toBe(400);
    const unsigned = await test.app.inject({
      method: "POST",
      url: "/api/webhooks/stripe",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify(event),
    });
    expect(unsigned.statusCode).toBe(400);
    expect(await orderRow(order.number)).toMatchObject({ status: "pending_payment", paymentState: "unpaid" });
  });

  it("answers 2xx and changes nothing for an order the shop does not know", async () => {
    const response = await sendWebhook(checkoutCompletedEvent("cs_test_unknown", "A99999999", 1000));
    expect(response.statusCode).toBe(200);
    expect(response.json().outcome).toBe("unknown_order");
    expect(await test.db.select().from(buyingHistory).where(eq(buyingHistory.number, "A99999999"))).toEqual([]);
  });

  it("gives its stock back when the hold expires unpaid, and a late payment is flagged for staff", async () => {
    const [variant] = await stockedVariants(test, 1, 5, 3);
    if (!variant) throw new Error("no variant");
    const { order } = await placeCardOrder(await newGuest(test), variant.id, 2);
    expect(await stockOf(test, variant.id)).toBe(3);

    expect(await test.app.services.checkout.cards.releaseExpiredHolds()).toBe(0);
    await test.db
      .update(buyingHistory)
      .set({ holdExpiresAt: new Date(Date.now() - 60_000) })
      .where(eq(buyingHistory.number, order.number));
    expect(await test.app.services.checkout.cards.releaseExpiredHolds()).toBe(1);
    expect(await stockOf(test, variant.id)).toBe(5);
    const row = await orderRow(order.number);
    expect(row).toMatchObject({ status: "cancelled", paymentState: "expired" });
    const events = await test.db.select().from(orderEvents).where(eq(orderEvents.historyId, row.id));
    expect(events.at(-1)).toMatchObject({ toStatus: "cancelled", actorName: "System" });

    const late = await sendWebhook(checkoutCompletedEvent(row.stripeSessionId ?? "", order.number, order.totals.total));
    expect(late.json().outcome).toBe("applied");
    expect(await orderRow(order.number)).toMatchObject({ status: "cancelled", paymentState: "paid" });
    expect(await stockOf(test, variant.id)).toBe(5);
  });
});
