/**
 * Outbound webhooks (issue 38 item 1, ADR 0025), end to end against a receiver on loopback
 * (the app runs with WEBHOOKS_ALLOW_PRIVATE_NETWORKS=true; the SSRF guard is tested with it
 * off): the triggers' outbox, the relay, the job queue, Standard Webhooks signatures
 * (checked with the specification's own library), order per resource across retries,
 * rotation with an overlap, test events, redelivery, the delivery log, turning off an
 * endpoint that keeps failing (its owner mailed), and who may manage endpoints.
 */
import { randomUUID } from "node:crypto";
import { once } from "node:events";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { WebhookPayload, webhookDataSchemas } from "@atelier/contract";
import { eq, sql } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products, productVariants, webhookEndpoints } from "../src/db/schema/index.ts";
import { signUp, signUpStaff, type TestUser } from "./support/auth.ts";
import { address, addToCart, newGuest, stockedVariants, userShopper } from "./support/checkout-shopping.ts";
import { createTestApp, type TestApp } from "./support/index.ts";
import { apiAs } from "./support/staff-api.ts";

interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  json: { type: string; timestamp: string; version: number; data: Record<string, unknown> };
  answered: number;
  valid?: boolean;
}

/** A webhook receiver: records every request; `/fail-N/…` answers 500 to its first N requests. */
async function startReceiver() {
  const received: Received[] = [];
  const seen = new Map<string, number>();
  const waiters: { match: (r: Received) => boolean; resolve: (r: Received) => void }[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const path = request.url ?? "/";
      const count = (seen.get(path) ?? 0) + 1;
      seen.set(path, count);
      const failFirst = Number(/^\/fail-(\d+)\//.exec(path)?.[1] ?? 0);
      const answered = path.startsWith("/down") || count <= failFirst ? 500 : 204;
      const body = Buffer.concat(chunks).toString("utf8");
      const entry: Received = { path, headers: request.headers, body, json: JSON.parse(body), answered };
      received.push(entry);
      // Every body is what the OpenAPI document's webhooks section says (the contract's schema).
      const schema = webhookDataSchemas[entry.json.type as keyof typeof webhookDataSchemas];
      entry.valid = WebhookPayload.safeParse(entry.json).success && schema.safeParse(entry.json.data).success;
      for (const waiter of [...waiters]) {
        if (waiter.match(entry)) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve(entry);
        }
      }
      response.writeHead(answered, { "content-type": "text/plain" }).end(answered === 204 ? "" : "not now");
    });
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    received,
    waitFor(match: (r: Received) => boolean, timeoutMs = 20_000): Promise<Received> {
      const found = received.find(match);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error("no such webhook arrived")), timeoutMs);
        waiters.push({
          match,
          resolve: (entry) => {
            clearTimeout(timer);
            resolve(entry);
          },
        });
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let test: TestApp;
let owner: TestUser;
let api: ReturnType<typeof apiAs>;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

beforeAll(async () => {
  receiver = await startReceiver();
  test = await createTestApp(
    { WEBHOOKS_ALLOW_PRIVATE_NETWORKS: "true", WEBHOOKS_DISABLE_AFTER_HOURS: "0.001" },
    // Retries a second apart instead of minutes to hours.
    { jobs: { queues: { "webhook-delivery": { retryDelay: 1, retryDelayMax: 1, retryLimit: 3 } } } },
  );
  owner = await signUpStaff(test, "Owner");
  api = apiAs(test, owner);
});
afterAll(async () => {
  // Every body received matched its documented schema.
  expect(receiver.received.filter((entry) => !entry.valid).map((entry) => entry.body)).toEqual([]);
  await test?.close();
  await receiver?.close();
});

interface Made {
  endpoint: { id: number; secretPrefix: string; events: string[]; enabled: boolean };
  secret: string;
}

async function addEndpoint(path: string, events: string[]): Promise<Made> {
  const response = await api.post("/api/admin/webhooks", { url: `${receiver.base}${path}`, events });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Made>();
}

const deliveryLog = async (endpointId: number) =>
  (await api.get(`/api/admin/webhooks/${endpointId}/deliveries`)).json<{
    items: { id: number; status: string; attempts: number }[];
  }>();

/** Checks a received request's signature with the specification's library, answering its payload. */
function verify(secret: string, request: Received) {
  return new Webhook(secret).verify(request.body, {
    "webhook-id": String(request.headers["webhook-id"]),
    "webhook-timestamp": String(request.headers["webhook-timestamp"]),
    "webhook-signature": String(request.headers["webhook-signature"]),
  });
}

describe("endpoints and their secret", () => {
  it("answers the secret once, keeps it encrypted, and lists the endpoint without it", async () => {
    const { endpoint, secret } = await addEndpoint("/hooks/listing", ["order.placed"]);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(endpoint.secretPrefix).toBe(secret.slice(0, 10));
    const listed = (await api.get("/api/admin/webhooks")).json<object[]>();
    expect(JSON.stringify(listed)).not.toContain(secret.slice(6));
    const [stored] = await test.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    expect(stored?.secret).toMatch(/^v1\./);
    expect(stored?.secret).not.toContain(secret.slice(6));
    const logged = await test.pool.query("select action from activity_log where subject_type = 'webhook'");
    expect(logged.rows.map((row) => row.action)).toContain("webhook.create");
    await api.delete(`/api/admin/webhooks/${endpoint.id}`);
  });

  it("refuses a bad address, no events and an unknown event with field errors", async () => {
    const bad = await api.post("/api/admin/webhooks", { url: "ftp://example.com/x", events: [] });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().error.fields).sort()).toEqual(["events", "url"]);
    const unknown = await api.post("/api/admin/webhooks", { url: `${receiver.base}/x`, events: ["order.eaten"] });
    expect(unknown.statusCode).toBe(422);
  });

  it("is managed by Role Management only, and never through an API token", async () => {
    const clerk = await signUpStaff(test, "Support");
    expect((await apiAs(test, clerk).get("/api/admin/webhooks")).statusCode).toBe(403);
    const shopper = await signUp(test.app);
    expect((await apiAs(test, shopper).get("/api/admin/webhooks")).statusCode).toBe(403);
    const token = await api.post("/api/admin/api-tokens", {
      name: "Tries webhooks",
      expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
      permissions: ["roles"],
    });
    expect(token.statusCode, token.body).toBe(200);
    const withToken = await apiAs(test, { token: token.json().secret }).get("/api/admin/webhooks");
    expect(withToken.statusCode).toBe(403);
  });
});

describe("events, signed and in order", () => {
  it("sends order.placed (a real checkout) and order.fulfilled (shipped through the admin API), signed", async () => {
    const { endpoint, secret } = await addEndpoint("/hooks/orders", ["order.placed", "order.fulfilled"]);
    const [variant] = await stockedVariants(test, 1, 10);
    if (!variant) throw new Error("no variant");
    const guest = await newGuest(test);
    await addToCart(test, guest, variant.id, 2);
    const zones = (await test.app.inject({ url: "/api/checkout/options" })).json<{ zones: { id: number }[] }>().zones;
    const placing = await test.app.inject({
      method: "POST",
      url: "/api/checkout/orders",
      headers: { ...guest.headers, "idempotency-key": randomUUID() },
      payload: {
        contact: { email: "fan@example.com", phone: "+1 212 555 0100" },
        address,
        deliveryZoneId: zones[0]?.id,
        paymentMethod: "cod",
      },
    });
    expect(placing.statusCode, placing.body).toBe(200);
    const order = placing.json<{ order: { id: number; number: string } }>().order;
    const placed = await receiver.waitFor(
      (r) => r.path === "/hooks/orders" && r.json.type === "order.placed" && r.json.data.number === order.number,
    );
    const payload = verify(secret, placed) as Received["json"];
    expect(payload).toMatchObject({
      type: "order.placed",
      version: 1,
      data: { status: "placed", email: "fan@example.com" },
    });
    expect(payload.data.lines).toEqual([expect.objectContaining({ quantity: 2, variantId: variant.id })]);
    expect(placed.headers["webhook-id"]).toMatch(/^msg_\d+$/);
    expect(Math.abs(Number(placed.headers["webhook-timestamp"]) - Date.now() / 1000)).toBeLessThan(60);
    // A tampered body fails the check: the signature covers it.
    expect(() => verify(secret, { ...placed, body: placed.body.replace('"placed"', '"paid"') })).toThrow();
    order.id = payload.data.id as number;

    let { version } = (await api.get(`/api/admin/orders/${order.id}`)).json<{ version: number }>();
    for (const to of ["confirmed", "packed"]) {
      const moved = await api.post(`/api/admin/orders/${order.id}/status`, { to, version });
      expect(moved.statusCode, moved.body).toBe(200);
      version = moved.json().version;
    }
    const shipped = await api.post(`/api/admin/orders/${order.id}/status`, {
      to: "shipped",
      version,
      courier: "DHL",
      trackingNumber: "JD0042",
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    const fulfilled = await receiver.waitFor((r) => r.json.type === "order.fulfilled" && r.json.data.id === order.id);
    expect(verify(secret, fulfilled)).toMatchObject({ data: { courier: "DHL", trackingNumber: "JD0042" } });
    // Only what the endpoint asked for: no order.paid, order.cancelled …
    expect(receiver.received.filter((r) => r.path === "/hooks/orders").map((r) => r.json.type)).toEqual([
      "order.placed",
      "order.fulfilled",
    ]);
    // The log is written once the receiver has answered: a moment after it saw the request.
    await expect
      .poll(async () => (await deliveryLog(endpoint.id)).items.map((item: { status: string }) => item.status))
      .toEqual(["succeeded", "succeeded"]);
    await api.delete(`/api/admin/webhooks/${endpoint.id}`);
  });

  it("follows the rest of an order's life in order: paid, request opened, cancelled, refunded", async () => {
    const { endpoint, secret } = await addEndpoint("/hooks/life", [
      "order.paid",
      "request.opened",
      "order.cancelled",
      "refund.created",
    ]);
    const [variant] = await stockedVariants(test, 1, 10, 3);
    if (!variant) throw new Error("no variant");
    const buyer = await signUp(test.app);
    const shopper = userShopper(buyer);
    await addToCart(test, shopper, variant.id, 1);
    const zones = (await test.app.inject({ url: "/api/checkout/options" })).json<{ zones: { id: number }[] }>().zones;
    const placing = await test.app.inject({
      method: "POST",
      url: "/api/checkout/orders",
      headers: { ...shopper.headers, "idempotency-key": randomUUID() },
      payload: {
        contact: { email: buyer.email, phone: "+1 212 555 0100" },
        address,
        deliveryZoneId: zones[0]?.id,
        paymentMethod: "cod",
      },
    });
    expect(placing.statusCode, placing.body).toBe(200);
    const { number } = placing.json<{ order: { number: string } }>().order;
    const found = (await api.get(`/api/admin/orders?q=${number}`)).json<{ items: { id: number }[] }>();
    const id = found.items[0]?.id;
    const version = async () => (await api.get(`/api/admin/orders/${id}`)).json<{ version: number }>().version;

    const paid = await api.post(`/api/admin/orders/${id}/verify-payment`, { version: await version() });
    expect(paid.statusCode, paid.body).toBe(200);
    const asked = await test.app.inject({
      method: "POST",
      url: `/api/my-orders/${number}/requests`,
      headers: shopper.headers,
      payload: { kind: "cancel", reason: "Ordered the wrong size by mistake" },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const cancelled = await api.post(`/api/admin/orders/${id}/status`, { to: "cancelled", version: await version() });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const refunded = await api.post(`/api/admin/orders/${id}/refund`, {
      amount: 500,
      reason: "Cancelled",
      version: await version(),
    });
    expect(refunded.statusCode, refunded.body).toBe(200);

    await receiver.waitFor((r) => r.path === "/hooks/life" && r.json.type === "refund.created");
    const seen = receiver.received.filter((r) => r.path === "/hooks/life");
    expect(seen.map((r) => r.json.type)).toEqual(["order.paid", "request.opened", "order.cancelled", "refund.created"]);
    for (const request of seen) verify(secret, request);
    expect(seen[0]?.json.data).toMatchObject({ number, paymentState: "paid" });
    expect(seen[1]?.json.data).toMatchObject({ orderNumber: number, kind: "cancel" });
    expect(seen[2]?.json.data).toMatchObject({ number, status: "cancelled" });
    expect(seen[3]?.json.data).toMatchObject({ orderNumber: number, amount: 500, reason: "Cancelled" });
    await api.delete(`/api/admin/webhooks/${endpoint.id}`);
  });

  it("keeps a resource's events in order while the first one is retried", async () => {
    const { endpoint, secret } = await addEndpoint("/fail-1/products", ["product.updated"]);
    const [product] = await test.db.select({ id: products.id }).from(products).limit(1);
    if (!product) throw new Error("no product");
    // Two edits in two transactions: the first delivery fails once, the second must wait for it.
    for (const name of ["First edit", "Second edit"]) {
      await test.db
        .update(products)
        .set({ name, version: sql`${products.version} + 1` })
        .where(eq(products.id, product.id));
    }
    await receiver.waitFor((r) => r.path === "/fail-1/products" && r.json.data.name === "Second edit");
    const seen = receiver.received.filter((r) => r.path === "/fail-1/products");
    expect(seen.map((r) => [r.json.data.name, r.answered])).toEqual([
      ["First edit", 500],
      ["First edit", 204],
      ["Second edit", 204],
    ]);
    // The retry is the same message: same id, a valid signature each time.
    expect(seen[0]?.headers["webhook-id"]).toBe(seen[1]?.headers["webhook-id"]);
    for (const request of seen) verify(secret, request);
    await expect
      .poll(async () => (await deliveryLog(endpoint.id)).items.map((item: { status: string }) => item.status))
      .toEqual(["succeeded", "succeeded"]);
    const log = await deliveryLog(endpoint.id);
    expect(log.items.map((item: { attempts: number }) => item.attempts)).toEqual([1, 2]);
    const detail = (await api.get(`/api/admin/webhook-deliveries/${log.items[1]?.id}`)).json();
    expect(detail.attemptLog.map((attempt: { responseStatus: number }) => attempt.responseStatus)).toEqual([500, 204]);
    expect(JSON.parse(detail.request.body)).toMatchObject({ type: "product.updated", data: { name: "First edit" } });
    await api.delete(`/api/admin/webhooks/${endpoint.id}`);
  });

  it("sends product.created with its variants (written after its row) and product.deleted", async () => {
    const { endpoint } = await addEndpoint("/hooks/catalogue", ["product.created", "product.deleted"]);
    const [template] = await test.db.select().from(products).limit(1);
    const [variant] = await test.db.select().from(productVariants).limit(1);
    if (!template || !variant) throw new Error("no product");
    const slug = `webhook-tee-${randomUUID().slice(0, 8)}`;
    // One transaction, the product's row first and its variant after, as the product form writes them.
    const made = await test.db.transaction(async (tx) => {
      const [product] = await tx
        .insert(products)
        .values({
          name: "Webhook Tee",
          slug,
          price: 2500,
          subSubCategoryId: template.subSubCategoryId,
          productTypeId: template.productTypeId,
        })
        .returning({ id: products.id });
      if (!product) throw new Error("not written");
      await tx.insert(productVariants).values({
        productId: product.id,
        sizeId: variant.sizeId,
        colorId: variant.colorId,
        sku: `WH-${slug}`,
        stock: 3,
      });
      return product;
    });
    const created = await receiver.waitFor((r) => r.json.type === "product.created" && r.json.data.id === made.id);
    expect(created.json.data).toMatchObject({
      name: "Webhook Tee",
      slug,
      price: 2500,
      published: false,
      variants: [expect.objectContaining({ sku: `WH-${slug}`, stock: 3 })],
    });
    await test.db.delete(products).where(eq(products.id, made.id));
    const deleted = await receiver.waitFor((r) => r.json.type === "product.deleted" && r.json.data.id === made.id);
    expect(deleted.json.data).toEqual({ id: made.id, name: "Webhook Tee", slug });
    await api.delete(`/api/admin/webhooks/${endpoint.id}`);
  });

  it("sends stock.low when a variant crosses its threshold, and customer.created on sign-up", async () => {
    const { endpoint } = await addEndpoint("/hooks/misc", ["stock.low", "customer.created"]);
    const [variant] = await test.db.select().from(productVariants).limit(1);
    if (!variant) throw new Error("no variant");
    const { rows } = await test.pool.query("select low_stock_default as threshold from inventory_settings");
    const threshold = Number(rows[0]?.threshold ?? 5);
    await test.db
      .update(productVariants)
      .set({ stock: threshold + 10 })
      .where(eq(productVariants.id, variant.id));
    // Above the threshold: nothing; crossing it: one event; further down: no second one.
    await test.db
      .update(productVariants)
      .set({ stock: threshold + 1 })
      .where(eq(productVariants.id, variant.id));
    await test.db.update(productVariants).set({ stock: threshold }).where(eq(productVariants.id, variant.id));
    await test.db.update(productVariants).set({ stock: 0 }).where(eq(productVariants.id, variant.id));
    const low = await receiver.waitFor((r) => r.json.type === "stock.low" && r.json.data.variantId === variant.id);
    expect(low.json.data).toMatchObject({ sku: variant.sku, available: threshold, threshold });
    const person = await signUp(test.app, { name: "New Fan" });
    const created = await receiver.waitFor((r) => r.json.type === "customer.created" && r.json.data.id === person.id);
    expect(created.json.data).toMatchObject({ name: "New Fan", email: person.email });
    expect(
      receiver.received.filter((r) => r.json.type === "stock.low" && r.json.data.variantId === variant.id),
    ).toHaveLength(1);
    await api.delete(`/api/admin/webhooks/${endpoint.id}`);
  });
});

describe("test events, redelivery, rotation and failing endpoints", () => {
  it("sends a test event, redelivers it with the same id, and signs with both secrets during a rotation", async () => {
    const { endpoint, secret } = await addEndpoint("/hooks/test", ["order.placed"]);
    const sent = await api.post(`/api/admin/webhooks/${endpoint.id}/test`);
    expect(sent.statusCode, sent.body).toBe(200);
    const first = await receiver.waitFor((r) => r.path === "/hooks/test");
    expect(verify(secret, first)).toMatchObject({ type: "webhook.test", data: { endpointId: endpoint.id } });

    const rotated = await api.post(`/api/admin/webhooks/${endpoint.id}/rotate-secret`, { overlapHours: 24 });
    expect(rotated.statusCode, rotated.body).toBe(200);
    const next = rotated.json<Made>().secret;
    expect(next).not.toBe(secret);
    expect(rotated.json<Made>().endpoint).toMatchObject({ previousSecretExpiresAt: expect.any(String) });

    const again = await api.post(`/api/admin/webhook-deliveries/${sent.json().id}/redeliver`);
    expect(again.statusCode, again.body).toBe(200);
    const second = await receiver.waitFor((r) => r.path === "/hooks/test" && r !== first);
    expect(second.headers["webhook-id"]).toBe(first.headers["webhook-id"]);
    expect(String(second.headers["webhook-signature"]).split(" ")).toHaveLength(2);
    // A receiver still on the old secret and one already on the new one both accept it.
    verify(secret, second);
    verify(next, second);

    // Without an overlap, only the new secret signs.
    const abrupt = await api.post(`/api/admin/webhooks/${endpoint.id}/rotate-secret`, { overlapHours: 0 });
    const newest = abrupt.json<Made>().secret;
    await api.post(`/api/admin/webhooks/${endpoint.id}/test`);
    const third = await receiver.waitFor((r) => r.path === "/hooks/test" && r !== first && r !== second);
    verify(newest, third);
    expect(() => verify(next, third)).toThrow();
    await api.delete(`/api/admin/webhooks/${endpoint.id}`);
  });

  it("turns off an endpoint that keeps failing, mails its owner, and can be turned on again", async () => {
    const { endpoint } = await addEndpoint("/down/always", ["order.placed"]);
    await api.post(`/api/admin/webhooks/${endpoint.id}/test`);
    const mail = await test.mail.waitFor((m) => m.subject.includes("webhook endpoint turned off"), 30_000);
    expect(mail.to).toContain(owner.email);
    expect(mail.text).toContain(`${receiver.base}/down/always`);
    const [listed] = (await api.get("/api/admin/webhooks"))
      .json<{ id: number; enabled: boolean; disabledReason: string | null }[]>()
      .filter((row) => row.id === endpoint.id);
    expect(listed).toMatchObject({ enabled: false, disabledReason: expect.stringMatching(/Every delivery failed/) });
    expect((await api.post(`/api/admin/webhooks/${endpoint.id}/test`)).statusCode).toBe(409);
    const on = await api.patch(`/api/admin/webhooks/${endpoint.id}`, { enabled: true });
    expect(on.json()).toMatchObject({ enabled: true, disabledReason: null, failingSince: null });
    await api.delete(`/api/admin/webhooks/${endpoint.id}`);
  });
});

describe("the SSRF guard", () => {
  it("refuses loopback, private and metadata addresses when private networks are not allowed", async () => {
    const guarded = await createTestApp();
    try {
      const admin = apiAs(guarded, await signUpStaff(guarded, "Owner"));
      for (const url of [
        `${receiver.base}/x`,
        "http://localhost:9/x",
        "http://10.1.2.3/x",
        "http://169.254.169.254/latest/meta-data",
        "http://[::1]:9/x",
        "http://[::ffff:127.0.0.1]:9/x",
      ]) {
        const refused = await admin.post("/api/admin/webhooks", { url, events: ["order.placed"] });
        expect(refused.statusCode, url).toBe(422);
        expect(refused.json().error.fields).toEqual({ url: "must be on the public internet" });
      }
    } finally {
      await guarded.close();
    }
  });
});
