/**
 * Staff handling of customers' cancel and return requests: the filtered list, approving a
 * cancellation (order cancelled, stock back, payment refunded), a return (approved, then
 * received: returned units back in stock, returnedQuantity raised, refund), rejections,
 * races (one of two staff wins) and refusals (a return of an undelivered order).
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buyingHistory, orderLines, orderRequests, payments, productVariants } from "../src/db/schema/index.ts";
import { bearer, signUp, signUpStaff, type TestUser } from "./support/auth.ts";
import { createTestApp, type TestApp } from "./support/index.ts";
import { deliver, insertOrder, type TestOrder } from "./support/orders.ts";
import { apiAs } from "./support/staff-api.ts";

let test: TestApp;
let ada: TestUser;
let staff: TestUser;

beforeAll(async () => {
  test = await createTestApp();
  ada = await signUp(test.app, { name: "Ada" });
  staff = await signUpStaff(test, "Support");
});
afterAll(() => test.close());

const admin = () => apiAs(test, staff);

async function ask(order: TestOrder, payload: object): Promise<{ id: number; version: number }> {
  const response = await test.app.inject({
    method: "POST",
    url: `/api/my-orders/${order.number}/requests`,
    headers: bearer(ada.token),
    payload,
  });
  expect(response.statusCode, response.body).toBe(200);
  const [row] = await test.db
    .select({ id: orderRequests.id, version: orderRequests.version })
    .from(orderRequests)
    .where(eq(orderRequests.historyId, order.id));
  if (!row) throw new Error("no request stored");
  return row;
}

async function stockOfOrder(order: TestOrder): Promise<number> {
  const [row] = await test.db
    .select({ stock: productVariants.stock })
    .from(orderLines)
    .innerJoin(productVariants, eq(productVariants.id, orderLines.variantId))
    .where(eq(orderLines.historyId, order.id));
  return row?.stock ?? -1;
}

async function pay(order: TestOrder, amount: number): Promise<void> {
  await test.db.insert(payments).values({
    historyId: order.id,
    kind: "payment",
    method: "cod",
    amount,
    recordedByName: "Courier",
  });
  await test.db.update(buyingHistory).set({ paymentState: "paid" }).where(eq(buyingHistory.id, order.id));
}

async function orderOf(order: TestOrder) {
  const [row] = await test.db.select().from(buyingHistory).where(eq(buyingHistory.id, order.id));
  return row;
}

describe("cancellation requests", () => {
  it("approved: the order is cancelled, its stock comes back, what was paid is refunded, the customer is told", async () => {
    const order = await insertOrder(test.db, { userId: ada.id }, { quantity: 3, email: "ada.cancel@example.com" });
    await pay(order, 8000);
    const request = await ask(order, { kind: "cancel", reason: "Ordered twice by mistake" });
    const before = await stockOfOrder(order);

    const approved = await admin().post(`/api/admin/order-requests/${request.id}/approve`, {
      version: request.version,
      note: "No problem.",
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ status: "approved", decidedByName: "Support Person" });
    expect(await stockOfOrder(order)).toBe(before + 3);
    expect(await orderOf(order)).toMatchObject({ status: "cancelled", paymentState: "refunded" });

    const customer = await apiAs(test, ada).get(`/api/my-orders/${order.number}`);
    expect(customer.json().requests[0]).toMatchObject({ status: "approved", resolutionNote: "No problem." });
    await test.mail.waitFor(
      (m) => m.to.includes("ada.cancel@example.com") && /cancellation was approved/.test(m.subject),
    );

    const twice = await admin().post(`/api/admin/order-requests/${request.id}/approve`, {
      version: approved.json().version,
      note: "",
    });
    expect(twice.statusCode).toBe(409);
  });

  it("two staff approving at once: one wins, the other is told it changed", async () => {
    const order = await insertOrder(test.db, { userId: ada.id });
    const request = await ask(order, { kind: "cancel", reason: "Changed my mind" });
    const before = await stockOfOrder(order);
    const answers = await Promise.all([
      admin().post(`/api/admin/order-requests/${request.id}/approve`, { version: request.version }),
      admin().post(`/api/admin/order-requests/${request.id}/approve`, { version: request.version }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(await stockOfOrder(order)).toBe(before + 2);
  });

  it("rejected with a reason: the order goes on, the customer sees the reason", async () => {
    const order = await insertOrder(test.db, { userId: ada.id });
    const request = await ask(order, { kind: "cancel", reason: "Changed my mind" });
    const bad = await admin().post(`/api/admin/order-requests/${request.id}/reject`, {
      version: request.version,
      reason: "",
    });
    expect(bad.statusCode).toBe(422);
    const rejected = await admin().post(`/api/admin/order-requests/${request.id}/reject`, {
      version: request.version,
      reason: "Already packed and handed to the courier.",
    });
    expect(rejected.json().status).toBe("rejected");
    expect((await orderOf(order))?.status).toBe("placed");
    const customer = await apiAs(test, ada).get(`/api/my-orders/${order.number}`);
    expect(customer.json().requests[0].resolutionNote).toBe("Already packed and handed to the courier.");
  });
});

describe("return requests", () => {
  it("approved, then received: returned units back in stock, returnedQuantity raised, refunded", async () => {
    const order = await insertOrder(test.db, { userId: ada.id }, { quantity: 3 });
    await pay(order, 8000);
    await deliver(test.db, order.id);
    const lineId = order.lineIds[0] ?? 0;
    const request = await ask(order, {
      kind: "return",
      reason: "Too small",
      items: [{ orderLineId: lineId, quantity: 2 }],
    });

    const early = await admin().post(`/api/admin/order-requests/${request.id}/received`, { version: request.version });
    expect(early.statusCode).toBe(409);

    const approved = await admin().post(`/api/admin/order-requests/${request.id}/approve`, {
      version: request.version,
      note: "Send it to 1 Workshop Lane.",
    });
    expect(approved.statusCode, approved.body).toBe(200);
    await test.mail.waitFor((m) => m.text.includes("Send it to 1 Workshop Lane."));
    const before = await stockOfOrder(order);

    const received = await admin().post(`/api/admin/order-requests/${request.id}/received`, {
      version: approved.json().version,
    });
    expect(received.statusCode, received.body).toBe(200);
    expect(received.json().status).toBe("refunded");
    expect(await stockOfOrder(order)).toBe(before + 2);
    const [line] = await test.db.select().from(orderLines).where(eq(orderLines.id, lineId));
    expect(line?.returnedQuantity).toBe(2);
    expect(await orderOf(order)).toMatchObject({ status: "returned", paymentState: "partially_refunded" });
    const refundsRows = await test.db.select().from(payments).where(eq(payments.historyId, order.id));
    expect(refundsRows.filter((row) => row.kind === "refund").map((row) => row.amount)).toEqual([5000]);
  });

  it("approving a return of an undelivered order is refused (422)", async () => {
    const order = await insertOrder(test.db, { userId: ada.id }, { status: "shipped" });
    const [request] = await test.db
      .insert(orderRequests)
      .values({ historyId: order.id, kind: "return", reason: "Sneaked in", items: [] })
      .returning();
    if (!request) throw new Error("no request");
    const response = await admin().post(`/api/admin/order-requests/${request.id}/approve`, {
      version: request.version,
    });
    expect(response.statusCode).toBe(422);
    const [after] = await test.db.select().from(orderRequests).where(eq(orderRequests.id, request.id));
    expect(after?.status).toBe("open");
  });

  it("rejected: the order goes back to delivered", async () => {
    const order = await insertOrder(test.db, { userId: ada.id });
    await deliver(test.db, order.id);
    const request = await ask(order, {
      kind: "return",
      reason: "Worn once",
      items: [{ orderLineId: order.lineIds[0], quantity: 1 }],
    });
    const rejected = await admin().post(`/api/admin/order-requests/${request.id}/reject`, {
      version: request.version,
      reason: "Worn items cannot be returned.",
    });
    expect(rejected.statusCode).toBe(200);
    expect((await orderOf(order))?.status).toBe("delivered");
  });
});

describe("the list", () => {
  it("filters by kind, status and date, open first", async () => {
    const returns = (await admin().get("/api/admin/order-requests?kind=return&pageSize=60")).json();
    expect(returns.items.length).toBeGreaterThan(0);
    expect(returns.items.every((item: { kind: string }) => item.kind === "return")).toBe(true);
    const rejected = (await admin().get("/api/admin/order-requests?status=rejected")).json();
    expect(rejected.items.every((item: { status: string }) => item.status === "rejected")).toBe(true);
    expect(rejected.total).toBe(2);
    const all = (await admin().get("/api/admin/order-requests?pageSize=60")).json();
    const statuses = all.items.map((item: { status: string }) => item.status);
    const firstDecided = statuses.findIndex((status: string) => status !== "open");
    expect(firstDecided).toBeGreaterThanOrEqual(0);
    expect(statuses.slice(firstDecided)).not.toContain("open");
    const future = (await admin().get("/api/admin/order-requests?from=2999-01-01")).json();
    expect(future.total).toBe(0);
    expect((await admin().get("/api/admin/order-requests?from=yesterday")).statusCode).toBe(400);
    expect((await apiAs(test, ada).get("/api/admin/order-requests")).statusCode).toBe(403);
  });
});
