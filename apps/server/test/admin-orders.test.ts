/**
 * Running the shop: orders (issue 7). The spec's get-all-buying-history (shape, one record
 * per line, drafts hidden, the sort rule, grouped totals), the badges (cap and the
 * customization division), the staff order actions with their versions, and the bad
 * inputs: two staff at once, refunding more than paid or twice, shipping a cancelled order.
 */
import { customizationBadge, ordersBadge } from "@atelier/contract";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buyingHistory, orderEvents, orderLines, payments, productVariants } from "../src/db/schema/index.ts";
import { bearer, signUp, signUpStaff, type TestUser } from "./support/auth.ts";
import { addToCart, stockedVariants, userShopper } from "./support/checkout-shopping.ts";
import { createTestApp, type TestApp } from "./support/index.ts";
import { insertOrder } from "./support/orders.ts";
import { apiAs } from "./support/staff-api.ts";

let test: TestApp;
let owner: TestUser;
let support: TestUser;
let shopper: TestUser;

beforeAll(async () => {
  test = await createTestApp();
  owner = await signUpStaff(test, "Owner");
  support = await signUpStaff(test, "Support");
  shopper = await signUp(test.app, { name: "Ada" });
});
afterAll(() => test.close());

interface HistoryRecord {
  history: { id: number; isDraft: boolean; isChecked: boolean; checkedDate: string | null; deliveryFee: number };
  totalPrice: number;
  customer: { name: string; email: string; phone: string };
}

async function orderDetail(id: number) {
  const response = await apiAs(test, owner).get(`/api/admin/orders/${id}`);
  expect(response.statusCode).toBe(200);
  return response.json();
}

/** Marks an order paid the way staff do (cash / transfer verified). */
async function markPaid(id: number) {
  const { version } = await orderDetail(id);
  const response = await apiAs(test, owner).post(`/api/admin/orders/${id}/verify-payment`, { version });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().version as number;
}

describe("the badge arithmetic", () => {
  it("caps the orders badge at 99 and divides the customization badge by two, rounding down", () => {
    expect([0, 1, 98, 99, 100, 250].map(ordersBadge)).toEqual([0, 1, 98, 99, 99, 99]);
    expect([0, 1, 2, 3, 4, 198, 199, 200, 250].map(customizationBadge)).toEqual([0, 0, 1, 1, 2, 99, 99, 99, 99]);
  });

  it("counts unchecked non-draft orders on the badge endpoint, and a check lowers it", async () => {
    const before = (await apiAs(test, support).get("/api/admin/badges")).json();
    const order = await insertOrder(test.db, { userId: shopper.id });
    await insertOrder(test.db, { userId: shopper.id }, { isDraft: true });
    const after = (await apiAs(test, support).get("/api/admin/badges")).json();
    expect(after.orders).toBe(Math.min(99, before.orders + 1));
    expect(after.customizationRequests).toBe(0);
    const { version } = await orderDetail(order.id);
    await apiAs(test, support).post(`/api/admin/orders/${order.id}/check`, { checked: true, version });
    expect((await apiAs(test, support).get("/api/admin/badges")).json().orders).toBe(before.orders);
  });
});

describe("GET /api/admin/get-all-buying-history (spec section 7)", () => {
  it("answers one record per line with its history and customer, drafts hidden, sorted by the spec's rule", async () => {
    const checkedEarly = await insertOrder(test.db, { userId: shopper.id }, { quantity: 1 });
    const checkedLate = await insertOrder(test.db, { userId: shopper.id }, { quantity: 3 });
    const unchecked = await insertOrder(test.db, { userId: shopper.id }, { quantity: 2 });
    const draft = await insertOrder(test.db, { userId: shopper.id }, { isDraft: true });
    // A second line on `unchecked`: two records, grouped by history id.
    const [line] = await test.db.select().from(orderLines).where(eq(orderLines.historyId, unchecked.id));
    if (!line) throw new Error("no line");
    const { id: _id, ...copy } = line;
    await test.db.insert(orderLines).values({ ...copy, unitPrice: 1000, quantity: 1, totalPrice: 1000 });
    await test.db
      .update(buyingHistory)
      .set({ isChecked: true, checkedDate: new Date(Date.now() - 3_600_000) })
      .where(eq(buyingHistory.id, checkedEarly.id));
    await test.db
      .update(buyingHistory)
      .set({ isChecked: true, checkedDate: new Date() })
      .where(eq(buyingHistory.id, checkedLate.id));

    const response = await apiAs(test, support).get("/api/admin/get-all-buying-history?email=anyone@example.com");
    expect(response.statusCode).toBe(200);
    const records = response.json<HistoryRecord[]>();
    expect(records.some((record) => record.history.id === draft.id)).toBe(false);
    expect(records.every((record) => record.history.isDraft === false)).toBe(true);

    const mine = records.filter((record) =>
      [checkedEarly.id, checkedLate.id, unchecked.id].includes(record.history.id),
    );
    expect(mine.map((record) => record.history.id)).toEqual([
      unchecked.id,
      unchecked.id,
      checkedLate.id,
      checkedEarly.id,
    ]);
    expect(mine[0]).toEqual({
      history: { id: unchecked.id, isDraft: false, isChecked: false, checkedDate: null, deliveryFee: 500 },
      totalPrice: 5000,
      customer: { name: "Ada Buyer", email: expect.any(String), phone: "+1 555 0100" },
    });
    // The whole answer: every unchecked history before every checked one, checked by recent checkedDate.
    const firstChecked = records.findIndex((record) => record.history.isChecked);
    if (firstChecked >= 0) expect(records.slice(firstChecked).every((record) => record.history.isChecked)).toBe(true);
    const dates = records.slice(Math.max(firstChecked, 0)).map((record) => record.history.checkedDate ?? "");
    expect([...dates].sort().reverse()).toEqual(dates);

    // Grouped total = sum of the group's totalPrice + the history's deliveryFee (once).
    const groups = new Map<number, { sum: number; fee: number }>();
    for (const record of mine) {
      const group = groups.get(record.history.id) ?? { sum: 0, fee: record.history.deliveryFee };
      group.sum += record.totalPrice;
      groups.set(record.history.id, group);
    }
    const totals = Object.fromEntries([...groups].map(([id, group]) => [id, group.sum + group.fee]));
    expect(totals).toEqual({
      [unchecked.id]: 5000 + 1000 + 500,
      [checkedLate.id]: 7500 + 500,
      [checkedEarly.id]: 3000,
    });
  });

  it("is staff only: the email parameter grants nothing", async () => {
    const url = `/api/admin/get-all-buying-history?email=${encodeURIComponent(shopper.email)}`;
    expect((await test.app.inject({ url })).statusCode).toBe(401);
    expect((await test.app.inject({ url, headers: bearer(shopper.token) })).statusCode).toBe(403);
    const clerk = await signUpStaff(test, "Inventory");
    expect((await apiAs(test, clerk).get(url)).statusCode).toBe(403);
  });
});

describe("the staff order list", () => {
  it("hides drafts, searches, filters, counts and sorts unchecked first by default", async () => {
    const email = `find.me.${Date.now()}@example.com`;
    const a = await insertOrder(test.db, { userId: shopper.id }, { email });
    const b = await insertOrder(test.db, { userId: shopper.id }, { email });
    await insertOrder(test.db, { userId: shopper.id }, { email, isDraft: true });
    await test.db
      .update(buyingHistory)
      .set({ isChecked: true, checkedDate: new Date() })
      .where(eq(buyingHistory.id, a.id));
    const page = (await apiAs(test, support).get(`/api/admin/orders?q=${encodeURIComponent(email)}`)).json();
    expect(page.total).toBe(2);
    expect(page.unchecked).toBe(1);
    expect(page.items.map((row: { id: number }) => row.id)).toEqual([b.id, a.id]);
    const byNumber = (await apiAs(test, support).get(`/api/admin/orders?q=${a.number}`)).json();
    expect(byNumber.items.map((row: { id: number }) => row.id)).toEqual([a.id]);
    const shipped = (
      await apiAs(test, support).get(`/api/admin/orders?q=${encodeURIComponent(email)}&status=shipped`)
    ).json();
    expect(shipped.total).toBe(0);
    expect((await apiAs(test, support).get("/api/admin/orders?status=nope")).statusCode).toBe(400);
  });

  it("exports the filtered orders as CSV", async () => {
    const order = await insertOrder(test.db, { userId: shopper.id });
    const response = await apiAs(test, support).get(`/api/admin/orders/export?q=${order.number}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("text/csv");
    const [header, row] = response.body.trim().split(/\r?\n/);
    expect(header).toContain("number");
    expect(row).toContain(order.number);
  });
});

describe("order actions", () => {
  it("marks checked (sets checkedDate) and undoes it, each on the timeline with the staff member's name", async () => {
    const order = await insertOrder(test.db, { userId: shopper.id });
    let detail = await orderDetail(order.id);
    const checked = await apiAs(test, support).post(`/api/admin/orders/${order.id}/check`, {
      checked: true,
      version: detail.version,
    });
    expect(checked.statusCode).toBe(200);
    detail = await orderDetail(order.id);
    expect(detail.isChecked).toBe(true);
    expect(detail.checkedDate).not.toBeNull();
    await apiAs(test, support).post(`/api/admin/orders/${order.id}/check`, { checked: false, version: detail.version });
    detail = await orderDetail(order.id);
    expect(detail.isChecked).toBe(false);
    expect(detail.checkedDate).toBeNull();
    const events = detail.timeline.filter((event: { kind: string }) => event.kind.endsWith("checked"));
    expect(events.map((event: { actorName: string }) => event.actorName)).toEqual(["Support Person", "Support Person"]);
  });

  it("lets one of two staff checking the same order at once win; the other gets 409", async () => {
    const order = await insertOrder(test.db, { userId: shopper.id });
    const { version } = await orderDetail(order.id);
    const results = await Promise.all([
      apiAs(test, support).post(`/api/admin/orders/${order.id}/check`, { checked: true, version }),
      apiAs(test, owner).post(`/api/admin/orders/${order.id}/check`, { checked: true, version }),
    ]);
    expect(results.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    const loser = results.find((response) => response.statusCode === 409);
    expect(loser?.json().error.message).toMatch(/changed since you opened it/);
  });

  it("moves through the statuses, ships with a courier and tracking number the customer sees", async () => {
    const order = await insertOrder(test.db, { userId: shopper.id });
    const staff = apiAs(test, support);
    let { version } = await orderDetail(order.id);
    for (const to of ["confirmed", "packed"]) {
      const response = await staff.post(`/api/admin/orders/${order.id}/status`, { to, version });
      expect(response.statusCode, response.body).toBe(200);
      version = response.json().version;
    }
    const missing = await staff.post(`/api/admin/orders/${order.id}/status`, { to: "shipped", version });
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().error.fields)).toEqual(["courier", "trackingNumber"]);
    const shipped = await staff.post(`/api/admin/orders/${order.id}/status`, {
      to: "shipped",
      version,
      courier: "DHL",
      trackingNumber: "JD0001",
    });
    expect(shipped.statusCode).toBe(200);
    const stale = await staff.post(`/api/admin/orders/${order.id}/status`, { to: "delivered", version });
    expect(stale.statusCode).toBe(409);
    const delivered = await staff.post(`/api/admin/orders/${order.id}/status`, {
      to: "delivered",
      version: shipped.json().version,
    });
    expect(delivered.statusCode).toBe(200);
    const mine = await test.app.inject({ url: `/api/my-orders/${order.number}`, headers: bearer(shopper.token) });
    expect(mine.json()).toMatchObject({ status: "delivered", courier: "DHL", trackingNumber: "JD0001" });
    const detail = await orderDetail(order.id);
    expect(detail.timeline.filter((event: { kind: string }) => event.kind === "status").at(-1)).toMatchObject({
      toStatus: "delivered",
      actorName: "Support Person",
    });
  });

  it("cancels with restock, and refuses to ship a cancelled order", async () => {
    const order = await insertOrder(test.db, { userId: shopper.id }, { quantity: 3 });
    const [line] = await test.db.select().from(orderLines).where(eq(orderLines.historyId, order.id));
    const stock = async () =>
      (
        await test.db
          .select()
          .from(productVariants)
          .where(eq(productVariants.id, line?.variantId ?? 0))
      )[0]?.stock ?? 0;
    const before = await stock();
    const { version } = await orderDetail(order.id);
    const cancelled = await apiAs(test, support).post(`/api/admin/orders/${order.id}/status`, {
      to: "cancelled",
      version,
    });
    expect(cancelled.statusCode).toBe(200);
    expect(await stock()).toBe(before + 3);
    const ship = await apiAs(test, support).post(`/api/admin/orders/${order.id}/status`, {
      to: "shipped",
      version: cancelled.json().version,
      courier: "DHL",
      trackingNumber: "X1",
    });
    expect(ship.statusCode).toBe(409);
    expect(ship.json().error.message).toMatch(/cancelled cannot become shipped/);
  });

  it("verifies a payment, refunds in part then in full, never more than paid, never twice", async () => {
    const order = await insertOrder(test.db, { userId: shopper.id }); // total 5500
    const staff = apiAs(test, owner);
    const unpaid = await staff.post(`/api/admin/orders/${order.id}/refund`, {
      amount: 100,
      version: (await orderDetail(order.id)).version,
    });
    expect(unpaid.statusCode).toBe(409);

    let version = await markPaid(order.id);
    const again = await staff.post(`/api/admin/orders/${order.id}/verify-payment`, { version });
    expect(again.statusCode).toBe(409);

    const tooMuch = await staff.post(`/api/admin/orders/${order.id}/refund`, { amount: 5501, version });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().error.fields.amount).toMatch(/At most USD 55\.00/);

    const part = await staff.post(`/api/admin/orders/${order.id}/refund`, { amount: 1500, reason: "Late", version });
    expect(part.statusCode, part.body).toBe(200);
    version = part.json().version;
    expect((await orderDetail(order.id)).paymentState).toBe("partially_refunded");

    const rest = await staff.post(`/api/admin/orders/${order.id}/refund`, { amount: 4000, version });
    expect(rest.statusCode).toBe(200);
    const twice = await staff.post(`/api/admin/orders/${order.id}/refund`, { amount: 1, version: rest.json().version });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toMatch(/already been refunded in full/);

    const detail = await orderDetail(order.id);
    expect(detail).toMatchObject({ paymentState: "refunded", paid: 5500, refunded: 5500 });
    const rows = await test.db.select().from(payments).where(eq(payments.historyId, order.id));
    expect(rows.filter((row) => row.kind === "refund").map((row) => row.amount)).toEqual([1500, 4000]);
    expect(detail.timeline.filter((event: { kind: string }) => event.kind === "refund")).toHaveLength(2);
  });

  it("refuses two racing refunds that together exceed what was paid", async () => {
    const order = await insertOrder(test.db, { userId: shopper.id });
    await markPaid(order.id);
    const results = await Promise.all(
      [4000, 4000]
        .map((amount) =>
          test.app.services.refunds.refund({
            orderId: order.id,
            amount,
            reason: "",
            actor: { userId: null, name: "T" },
          }),
        )
        .map((promise) =>
          promise.then(
            () => 200,
            (error: { status?: number }) => error.status ?? 500,
          ),
        ),
    );
    expect(results.sort()).toEqual([200, 422]);
  });

  it("keeps staff notes off the customer's timeline; checks bodies", async () => {
    const order = await insertOrder(test.db, { userId: shopper.id });
    const note = await apiAs(test, support).post(`/api/admin/orders/${order.id}/notes`, { message: "Call first" });
    expect(note.statusCode).toBe(200);
    const [event] = await test.db.select().from(orderEvents).where(eq(orderEvents.message, "Call first"));
    expect(event).toMatchObject({ isPublic: false, actorName: "Support Person" });
    const mine = await test.app.inject({ url: `/api/my-orders/${order.number}`, headers: bearer(shopper.token) });
    expect(JSON.stringify(mine.json().timeline)).not.toContain("Call first");
    const bad = await apiAs(test, support).post(`/api/admin/orders/${order.id}/refund`, { amount: -1, version: 1 });
    expect(bad.statusCode).toBe(422);
    expect((await apiAs(test, support).get("/api/admin/orders/999999")).statusCode).toBe(404);
  });

  it("bulk-checks and bulk-moves orders, reporting the ones that could not move", async () => {
    const a = await insertOrder(test.db, { userId: shopper.id });
    const b = await insertOrder(test.db, { userId: shopper.id }, { status: "shipped" });
    const check = await apiAs(test, support).post("/api/admin/orders/bulk", { action: "check", ids: [a.id, b.id] });
    expect(check.json()).toEqual({ updated: 2, failed: [] });
    const move = await apiAs(test, support).post("/api/admin/orders/bulk", {
      action: "status",
      to: "confirmed",
      ids: [a.id, b.id],
    });
    expect(move.json().updated).toBe(1);
    expect(move.json().failed).toEqual([
      { id: b.id, number: b.number, message: expect.stringMatching(/cannot become/) },
    ]);
  });
});

describe("customer carts", () => {
  it("lists carts with who, what, value and last activity, open or abandoned", async () => {
    const buyer = await signUp(test.app, { name: "Cart Holder" });
    const [variant] = await stockedVariants(test, 1, 10);
    if (!variant) throw new Error("no variant");
    await addToCart(test, userShopper(buyer), variant.id, 2);
    const response = await apiAs(test, support).get("/api/admin/carts");
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.abandonedAfterHours).toBe(24);
    expect(body.items.find((cart: { customer: string }) => cart.customer === "Cart Holder")).toMatchObject({
      email: buyer.email,
      isGuest: false,
      itemCount: 2,
      value: variant.price * 2,
      state: "open",
      items: [{ name: variant.name, quantity: 2 }],
    });
    await test.db.execute(sql`update carts set updated_at = now() - interval '2 days' where user_id = ${buyer.id}`);
    await test.db.execute(
      sql`update cart_lines set updated_at = now() - interval '2 days' where cart_id in (select id from carts where user_id = ${buyer.id})`,
    );
    const later = (await apiAs(test, support).get("/api/admin/carts")).json();
    expect(later.items.find((cart: { customer: string }) => cart.customer === "Cart Holder").state).toBe("abandoned");
    expect((await test.app.inject({ url: "/api/admin/carts", headers: bearer(buyer.token) })).statusCode).toBe(403);
  });
});

// Last: it leaves over a hundred unchecked orders and requests behind.
describe("the badges at their limits", () => {
  it("divides unchecked customization requests by two (floor) and caps both badges at 99", async () => {
    const addRequests = (n: number) =>
      test.db.execute(sql`
        insert into customization_requests (user_id, contact_name, contact_email, description)
        select ${shopper.id}, 'Ada', 'ada@example.com', 'A hoodie with our logo' from generate_series(1, ${n})`);
    const badges = async () => (await apiAs(test, support).get("/api/admin/badges")).json();
    await addRequests(3);
    expect((await badges()).customizationRequests).toBe(1);
    await addRequests(196); // 199 unchecked
    expect((await badges()).customizationRequests).toBe(99);
    await test.db.execute(sql`update customization_requests set is_checked = true where id in (
      select id from customization_requests where not is_checked order by id limit 198)`); // 1 left
    expect((await badges()).customizationRequests).toBe(0);

    await test.db.execute(sql`
      insert into buying_history (number, user_id, email, phone, customer_name, shipping_address,
        delivery_zone_name, currency, subtotal, delivery_fee, tax, total, status, payment_method, payment_state)
      select 'Z' || g, ${shopper.id}, 'bulk@example.com', '+1', 'Bulk', '{}'::jsonb, 'Zone', 'USD', 100, 0, 0, 100,
        'placed', 'cod', 'unpaid'
      from generate_series(1, 120) g`);
    expect((await badges()).orders).toBe(99);
  });
});
