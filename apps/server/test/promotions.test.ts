/**
 * Promotions: staff create coupons (bad input 422 naming the field), shoppers apply them
 * at checkout with the exact messages, every kind is priced against hand-computed
 * totals, the order records what was decided, limits hold per customer (guests counted
 * by email), cancelled orders give their use back, and staff edits never reprice orders.
 */
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buyingHistory, couponRedemptions, orderLines, orderRequests, payments } from "../src/db/schema/index.ts";
import { signUp, signUpStaff, type TestUser } from "./support/auth.ts";
import { address, addToCart, newGuest, type TestShopper, userShopper } from "./support/checkout-shopping.ts";
import { createTestApp, type TestApp } from "./support/index.ts";
import { deliver } from "./support/orders.ts";
import { apiAs } from "./support/staff-api.ts";

let test: TestApp;
let owner: TestUser;
let outsideZone: number;
/** Two published products with known prices, in one product type, plus one of another type. */
let tee: { variantId: number; productId: number; typeId: number };
let hoodie: { variantId: number; productId: number; typeId: number };
let other: { variantId: number; productId: number; typeId: number };

const TAX = 888; // basis points, the demo shop's US sales tax (goods only)
const OUTSIDE_FEE = 1200;
const taxOf = (amount: number) => Math.floor((amount * TAX + 5000) / 10000);

beforeAll(async () => {
  test = await createTestApp();
  owner = await signUpStaff(test, "Owner");
  const zones = (await test.app.inject({ url: "/api/checkout/options" })).json().zones as {
    id: number;
    name: string;
  }[];
  outsideZone = zones.find((zone) => zone.name === "Outside the city")?.id ?? 0;
  const { rows } = await test.db.execute<{ product_id: number; variant_id: number; type_id: number }>(sql`
    select distinct on (p.product_type_id) p.id as product_id, v.id as variant_id, p.product_type_id as type_id
    from products p join product_variants v on v.product_id = p.id
    where p.is_published and p.product_type_id is not null
    order by p.product_type_id, p.id, v.id limit 2`);
  const [first, second] = rows;
  if (!first || !second) throw new Error("need two product types");
  const { rows: same } = await test.db.execute<{ product_id: number; variant_id: number }>(sql`
    select p.id as product_id, v.id as variant_id from products p join product_variants v on v.product_id = p.id
    where p.is_published and p.product_type_id = ${first.type_id} and p.id <> ${first.product_id}
    order by p.id, v.id limit 1`);
  const sibling = same[0];
  if (!sibling) throw new Error("need two products of one type");
  tee = { variantId: first.variant_id, productId: first.product_id, typeId: first.type_id };
  hoodie = { variantId: sibling.variant_id, productId: sibling.product_id, typeId: first.type_id };
  other = { variantId: second.variant_id, productId: second.product_id, typeId: second.type_id };
  await test.db.execute(sql`update products set price = 2000 where id = ${tee.productId}`);
  await test.db.execute(sql`update products set price = 4500 where id = ${hoodie.productId}`);
  await test.db.execute(sql`update products set price = 1000 where id = ${other.productId}`);
  await test.db.execute(
    sql`update product_variants set stock = 1000 where id in (${tee.variantId}, ${hoodie.variantId}, ${other.variantId})`,
  );
});
afterAll(() => test.close());

let codeSeq = 0;
function newCode(stem = "C"): string {
  codeSeq += 1;
  return `${stem}${Date.now().toString(36).toUpperCase()}${codeSeq}`;
}

async function createCoupon(fields: Record<string, unknown>) {
  const response = await apiAs(test, owner).post("/api/admin/promotions/coupons", {
    title: "Test coupon",
    method: "code",
    code: newCode(),
    kind: "percent",
    percentOff: 10,
    ...fields,
  });
  if (response.statusCode !== 200) throw new Error(`coupon: ${response.statusCode} ${response.body}`);
  return response.json<{ id: number; code: string; version: number; status: string; summary: string }>();
}

async function cartOf(shopper: TestShopper, lines: [number, number][]) {
  for (const [variantId, quantity] of lines) await addToCart(test, shopper, variantId, quantity);
}

function quote(shopper: TestShopper, couponCode: string | null, email: string | null = null) {
  return test.app.inject({
    method: "POST",
    url: "/api/checkout/quote",
    headers: shopper.headers,
    payload: { deliveryZoneId: outsideZone, destination: { country: "US", region: "NY" }, couponCode, email },
  });
}

function place(shopper: TestShopper, couponCode: string | null, email = "ada@example.com", extra: object = {}) {
  return test.app.inject({
    method: "POST",
    url: "/api/checkout/orders",
    headers: { ...shopper.headers, "idempotency-key": randomUUID() },
    payload: {
      contact: { email, phone: "+1 212 555 0100" },
      address,
      deliveryZoneId: outsideZone,
      paymentMethod: "cod",
      couponCode,
      ...extra,
    },
  });
}

describe("staff coupon calls", () => {
  it("need the coupons permission: anonymous 401, a customer 403", async () => {
    expect((await test.app.inject({ url: "/api/admin/promotions/coupons" })).statusCode).toBe(401);
    const customer = await signUp(test.app);
    expect((await apiAs(test, customer).get("/api/admin/promotions/coupons")).statusCode).toBe(403);
    const support = await signUpStaff(test, "Support");
    expect((await apiAs(test, support).get("/api/admin/promotions/coupons")).statusCode).toBe(403);
  });

  it("answer bad input with 422 naming the field", async () => {
    const post = (fields: object) =>
      apiAs(test, owner).post("/api/admin/promotions/coupons", {
        title: "Bad",
        method: "code",
        code: newCode(),
        kind: "percent",
        percentOff: 10,
        ...fields,
      });
    const fieldsOf = async (fields: object) => {
      const response = await post(fields);
      expect(response.statusCode).toBe(422);
      return Object.keys(response.json().error.fields);
    };
    expect(await fieldsOf({ percentOff: 0 })).toContain("percentOff");
    expect(await fieldsOf({ percentOff: 101 })).toContain("percentOff");
    expect(await fieldsOf({ kind: "fixed", percentOff: null, amountOff: -5 })).toContain("amountOff");
    expect(await fieldsOf({ minSubtotal: -1 })).toContain("minSubtotal");
    expect(await fieldsOf({ startsAt: "2026-12-31T00:00:00.000Z", endsAt: "2026-12-01T00:00:00.000Z" })).toContain(
      "endsAt",
    );
    expect(await fieldsOf({ code: "HAS SPACE" })).toContain("code");
    expect(await fieldsOf({ code: "A".repeat(65) })).toContain("code");
    const taken = await createCoupon({});
    expect(await fieldsOf({ code: taken.code.toLowerCase() })).toEqual(["code"]);
  });

  it("answer 404 for a coupon id that does not exist, and a customer cannot see it", async () => {
    expect((await apiAs(test, owner).get("/api/admin/promotions/coupons/999999")).statusCode).toBe(404);
    expect(
      (
        await apiAs(test, owner).put("/api/admin/promotions/coupons/999999", {
          title: "x",
          method: "automatic",
          kind: "free_delivery",
          version: 1,
        })
      ).statusCode,
    ).toBe(404);
  });

  it("describe a coupon in one sentence, list, filter, edit with a version check, duplicate, enable/disable", async () => {
    const coupon = await createCoupon({
      title: "Hoodie weekend",
      percentOff: 15,
      appliesTo: "items",
      targets: [{ type: "productType", id: tee.typeId }],
      minQuantity: 2,
      endsAt: "2099-12-31T12:00:00.000Z",
      perCustomerLimit: 1,
    });
    expect(coupon.status).toBe("active");
    expect(coupon.summary).toMatch(/^15% off .+, min 2 items, until 31 Dec 2099, 1 per customer$/);
    const scheduled = await createCoupon({ title: "Later", startsAt: "2099-01-01T00:00:00.000Z" });
    const listed = await apiAs(test, owner).get("/api/admin/promotions/coupons?status=scheduled");
    expect(listed.json().items.map((item: { id: number }) => item.id)).toContain(scheduled.id);
    expect(listed.json().items.map((item: { id: number }) => item.id)).not.toContain(coupon.id);
    const searched = await apiAs(test, owner).get(`/api/admin/promotions/coupons?q=${coupon.code.toLowerCase()}`);
    expect(searched.json().items.map((item: { id: number }) => item.id)).toEqual([coupon.id]);

    const edit = { title: "Hoodie weekend", method: "code", code: coupon.code, kind: "percent", percentOff: 20 };
    const saved = await apiAs(test, owner).put(`/api/admin/promotions/coupons/${coupon.id}`, {
      ...edit,
      version: coupon.version,
    });
    expect(saved.statusCode).toBe(200);
    const stale = await apiAs(test, owner).put(`/api/admin/promotions/coupons/${coupon.id}`, {
      ...edit,
      version: coupon.version,
    });
    expect(stale.statusCode).toBe(409);

    // The activity log names who changed what.
    const log = await apiAs(test, owner).get(`/api/admin/activity-log?subjectType=coupon&subjectId=${coupon.id}`);
    expect(log.json().items.map((entry: { action: string }) => entry.action)).toEqual([
      "coupon.update",
      "coupon.create",
    ]);
    expect(log.json().items[0]).toMatchObject({ before: { percentOff: 15 }, after: { percentOff: 20 } });

    const copy = await apiAs(test, owner).post(`/api/admin/promotions/coupons/${coupon.id}/duplicate`);
    expect(copy.json()).toMatchObject({
      title: "Copy of Hoodie weekend",
      isActive: false,
      status: "disabled",
      percentOff: 20,
    });
    expect(copy.json().code).not.toBe(coupon.code);
    const enabled = await apiAs(test, owner).post(`/api/admin/promotions/coupons/${copy.json().id}/active`, {
      isActive: true,
      version: copy.json().version,
    });
    expect(enabled.json().status).toBe("active");
  });

  it("generate N unique codes and export them as CSV", async () => {
    const coupon = await createCoupon({ title: "Influencer" });
    const generated = await apiAs(test, owner).post(`/api/admin/promotions/coupons/${coupon.id}/codes`, {
      count: 500,
      prefix: "ana-",
      length: 8,
      usageLimit: 1,
    });
    expect(generated.statusCode).toBe(200);
    const codes: string[] = generated.json().codes;
    expect(codes).toHaveLength(500);
    expect(new Set(codes).size).toBe(500);
    expect(codes.every((code) => /^ANA-[A-Z0-9]{8}$/.test(code))).toBe(true);
    const csv = await apiAs(test, owner).get(`/api/admin/promotions/coupons/${coupon.id}/codes/export`);
    expect(csv.headers["content-type"]).toContain("text/csv");
    expect(csv.body.trim().split("\n")).toHaveLength(502); // header, primary, 500
  });
});

describe("pricing every kind at checkout against hand-computed totals", () => {
  it("percent off the order: 2 tees (2 × 20.00) + 1 hoodie (45.00) at 15% → 12.75 off", async () => {
    const coupon = await createCoupon({ percentOff: 15 });
    const shopper = await newGuest(test);
    await cartOf(shopper, [
      [tee.variantId, 2],
      [hoodie.variantId, 1],
    ]);
    const answer = (await quote(shopper, coupon.code.toLowerCase())).json();
    const goods = 8500 - 1275;
    expect(answer.coupon).toEqual({ code: coupon.code, valid: true, message: "Coupon applied." });
    expect(answer.totals).toMatchObject({
      subtotal: 8500,
      discount: 1275,
      deliveryFee: OUTSIDE_FEE,
      tax: taxOf(goods),
    });
    expect(answer.totals.total).toBe(goods + OUTSIDE_FEE + taxOf(goods));
    // 4000 : 4500 of 1275 → 600 + 675
    expect(answer.lines.map((line: { discount: number }) => line.discount)).toEqual([600, 675]);

    const placed = await place(shopper, coupon.code.toLowerCase(), "ada@example.com", {
      discount: 999999,
      totals: { total: 1 },
    });
    expect(placed.statusCode).toBe(200);
    const order = placed.json().order;
    expect(order.totals).toMatchObject({ subtotal: 8500, discount: 1275, total: goods + OUTSIDE_FEE + taxOf(goods) });
    expect(order.couponCode).toBe(coupon.code);
    expect(order.discounts).toEqual([{ title: "Test coupon", code: coupon.code, amount: 1275, freeDelivery: false }]);
    const [stored] = await test.db.select().from(buyingHistory).where(eq(buyingHistory.number, order.number));
    const lines = await test.db
      .select()
      .from(orderLines)
      .where(eq(orderLines.historyId, stored?.id ?? 0));
    expect(lines.reduce((sum, line) => sum + line.discount, 0)).toBe(1275);
    const redemptions = await test.db
      .select()
      .from(couponRedemptions)
      .where(eq(couponRedemptions.orderId, stored?.id ?? 0));
    expect(redemptions).toMatchObject([
      { couponId: coupon.id, amount: 1275, email: "ada@example.com", code: coupon.code },
    ]);
  });

  it("fixed amount off: 5.00 off 1 × 10.00 + 1 × 20.00 → allocated 1.67 + 3.33", async () => {
    const coupon = await createCoupon({ kind: "fixed", percentOff: null, amountOff: 500 });
    const shopper = await newGuest(test);
    await cartOf(shopper, [
      [tee.variantId, 1],
      [other.variantId, 1],
    ]);
    const answer = (await quote(shopper, coupon.code)).json();
    expect(answer.totals).toMatchObject({
      subtotal: 3000,
      discount: 500,
      tax: taxOf(2500),
      total: 2500 + OUTSIDE_FEE + taxOf(2500),
    });
    const byVariant = Object.fromEntries(
      answer.lines.map((line: { variantId: number; discount: number }) => [line.variantId, line.discount]),
    );
    expect(byVariant).toEqual({ [tee.variantId]: 333, [other.variantId]: 167 });
  });

  it("free delivery: the 12.00 fee goes, the goods stay", async () => {
    const coupon = await createCoupon({ kind: "free_delivery", percentOff: null });
    const shopper = await newGuest(test);
    await cartOf(shopper, [[other.variantId, 3]]);
    const answer = (await quote(shopper, coupon.code)).json();
    expect(answer.totals).toMatchObject({ subtotal: 3000, discount: 0, deliveryFee: 0, total: 3000 + taxOf(3000) });
    expect(answer.discounts).toEqual([{ title: "Test coupon", code: coupon.code, amount: 0, freeDelivery: true }]);
  });

  it("buy 2 get 1 free on one product type: tee, tee, hoodie → the cheapest of the three (a tee) is free", async () => {
    const coupon = await createCoupon({
      kind: "buy_x_get_y",
      percentOff: null,
      buyQuantity: 2,
      getQuantity: 1,
      getPercentOff: 100,
      targets: [{ type: "productType", id: tee.typeId }],
    });
    const shopper = await newGuest(test);
    await cartOf(shopper, [
      [tee.variantId, 2],
      [hoodie.variantId, 1],
      [other.variantId, 1],
    ]);
    const answer = (await quote(shopper, coupon.code)).json();
    expect(answer.totals).toMatchObject({ subtotal: 9500, discount: 2000 });
  });

  it("an automatic discount applies with no code and combines as staff chose", async () => {
    const auto = await createCoupon({
      method: "automatic",
      code: null,
      title: "Tees 50% off",
      percentOff: 50,
      appliesTo: "items",
      targets: [{ type: "product", id: tee.productId }],
      combinesWithOrder: true,
    });
    try {
      const shopper = await newGuest(test);
      await cartOf(shopper, [
        [tee.variantId, 1],
        [other.variantId, 1],
      ]);
      const plain = (await quote(shopper, null)).json();
      expect(plain.totals.discount).toBe(1000);
      expect(plain.discounts).toEqual([{ title: "Tees 50% off", code: null, amount: 1000, freeDelivery: false }]);
      // An order coupon that does not combine with item discounts: only the typed coupon applies.
      const alone = await createCoupon({ percentOff: 10 });
      expect((await quote(shopper, alone.code)).json().totals.discount).toBe(300);
      // One that combines: 50% of the tee first, then 10% of what is left (1000 + 1000).
      const both = await createCoupon({ percentOff: 10, combinesWithProduct: true });
      expect((await quote(shopper, both.code)).json().totals.discount).toBe(1000 + 200);
    } finally {
      await apiAs(test, owner).post(`/api/admin/promotions/coupons/${auto.id}/active`, {
        isActive: false,
        version: auto.version,
      });
    }
  });
});

describe("what shoppers are told", () => {
  async function messageFor(code: string, shopper?: TestShopper, email: string | null = null) {
    const who = shopper ?? (await newGuest(test));
    if (!shopper) await cartOf(who, [[other.variantId, 1]]);
    return (await quote(who, code, email)).json().coupon;
  }

  it("unknown, expired, not yet valid, minimum not met, disabled", async () => {
    expect(await messageFor("NOSUCHCODE")).toMatchObject({ valid: false, message: "This coupon is not valid" });
    const expired = await createCoupon({ startsAt: "2020-01-01T00:00:00Z", endsAt: "2020-02-01T00:00:00Z" });
    expect((await messageFor(expired.code)).message).toBe("This coupon has expired.");
    const later = await createCoupon({ startsAt: "2099-01-01T00:00:00Z" });
    expect((await messageFor(later.code)).message).toBe("This coupon is not valid yet.");
    const minimum = await createCoupon({ minSubtotal: 5000 });
    expect((await messageFor(minimum.code)).message).toBe("Spend at least USD 50.00 to use this coupon.");
    const minimumItems = await createCoupon({ minQuantity: 3 });
    expect((await messageFor(minimumItems.code)).message).toBe("Add at least 3 items to use this coupon.");
    const disabled = await createCoupon({ isActive: false });
    expect((await messageFor(disabled.code)).message).toBe("This coupon is not valid");
  });

  it("signed-in only, chosen customers and first order only, revealing nothing about others", async () => {
    const signedIn = await createCoupon({ eligibility: "signed_in" });
    expect((await messageFor(signedIn.code)).message).toBe("Sign in to use this coupon.");
    const chosenUser = await signUp(test.app);
    const stranger = await signUp(test.app);
    const chosen = await createCoupon({ eligibility: "customers", customerEmails: [chosenUser.email.toUpperCase()] });
    const strangerShopper = userShopper(stranger);
    await cartOf(strangerShopper, [[other.variantId, 1]]);
    expect(await messageFor(chosen.code, strangerShopper)).toEqual({
      code: chosen.code,
      valid: false,
      message: "This coupon cannot be used with this account.",
    });
    const chosenShopper = userShopper(chosenUser);
    await cartOf(chosenShopper, [[other.variantId, 1]]);
    expect((await messageFor(chosen.code, chosenShopper)).valid).toBe(true);

    const first = await createCoupon({ eligibility: "first_order" });
    expect((await messageFor(first.code, chosenShopper)).valid).toBe(true);
    expect((await place(chosenShopper, null, chosenUser.email)).statusCode).toBe(200);
    await cartOf(chosenShopper, [[other.variantId, 1]]);
    expect((await messageFor(first.code, chosenShopper)).message).toBe("This coupon is for a first order only.");
  });

  it("a refused coupon at placement is 422 on couponCode, and the cart can still be ordered without it", async () => {
    const shopper = await newGuest(test);
    await cartOf(shopper, [[other.variantId, 1]]);
    const refused = await place(shopper, "NOSUCHCODE");
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.fields).toEqual({ couponCode: "This coupon is not valid" });
    expect((await place(shopper, null)).statusCode).toBe(200);
  });
});

describe("limits", () => {
  it("one per customer: a guest and an account with the same email share the limit", async () => {
    const coupon = await createCoupon({ perCustomerLimit: 1 });
    const account = await signUp(test.app);
    const guest = await newGuest(test);
    await cartOf(guest, [[other.variantId, 1]]);
    expect((await place(guest, coupon.code, account.email.toUpperCase())).statusCode).toBe(200);

    const customer = userShopper(account);
    await cartOf(customer, [[other.variantId, 1]]);
    expect((await quote(customer, coupon.code)).json().coupon.message).toBe("You have already used this coupon.");
    const refused = await place(customer, coupon.code, "another@example.com");
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.fields.couponCode).toBe("You have already used this coupon.");

    // Another guest typing that email at checkout is counted by the email too.
    const second = await newGuest(test);
    await cartOf(second, [[other.variantId, 1]]);
    expect((await quote(second, coupon.code, account.email)).json().coupon.message).toBe(
      "You have already used this coupon.",
    );
    expect((await quote(second, coupon.code, "fresh@example.com")).json().coupon.valid).toBe(true);
  });

  it("a cancelled order gives its use back; a single-use generated code is used once", async () => {
    const coupon = await createCoupon({ usageLimit: 1 });
    const first = await newGuest(test);
    await cartOf(first, [[other.variantId, 1]]);
    const placed = await place(first, coupon.code);
    expect(placed.statusCode).toBe(200);
    const second = await newGuest(test);
    await cartOf(second, [[other.variantId, 1]]);
    expect((await quote(second, coupon.code)).json().coupon.message).toBe("This coupon has reached its usage limit.");

    const [order] = await test.db
      .select()
      .from(buyingHistory)
      .where(eq(buyingHistory.number, placed.json().order.number));
    const cancelled = await apiAs(test, owner).post(`/api/admin/orders/${order?.id}/status`, {
      to: "cancelled",
      version: order?.version,
    });
    expect(cancelled.statusCode).toBe(200);
    expect((await quote(second, coupon.code)).json().coupon.valid).toBe(true);
    const usage = await apiAs(test, owner).get(`/api/admin/promotions/usage?couponId=${coupon.id}`);
    expect(usage.json().items).toMatchObject([{ orderNumber: placed.json().order.number, counts: false }]);

    const bulk = await createCoupon({ title: "Single-use" });
    const [code] = (
      await apiAs(test, owner).post(`/api/admin/promotions/coupons/${bulk.id}/codes`, { count: 1, usageLimit: 1 })
    ).json().codes;
    const a = await newGuest(test);
    await cartOf(a, [[other.variantId, 1]]);
    expect((await place(a, code.toLowerCase(), "a@example.com")).statusCode).toBe(200);
    const b = await newGuest(test);
    await cartOf(b, [[other.variantId, 1]]);
    expect((await quote(b, code, "b@example.com")).json().coupon.message).toBe(
      "This coupon has reached its usage limit.",
    );
    expect((await quote(b, bulk.code, "b@example.com")).json().coupon.valid).toBe(true);
  });

  it("an edit of a coupon in use never changes an order already placed; a used coupon cannot be deleted", async () => {
    const coupon = await createCoupon({ percentOff: 10 });
    const shopper = await newGuest(test);
    await cartOf(shopper, [[other.variantId, 2]]);
    const placed = (await place(shopper, coupon.code)).json().order;
    expect(placed.totals.discount).toBe(200);
    const edited = await apiAs(test, owner).put(`/api/admin/promotions/coupons/${coupon.id}`, {
      title: "Test coupon",
      method: "code",
      code: coupon.code,
      kind: "percent",
      percentOff: 90,
      version: coupon.version,
    });
    expect(edited.statusCode).toBe(200);
    const [order] = await test.db.select().from(buyingHistory).where(eq(buyingHistory.number, placed.number));
    expect(order).toMatchObject({ discount: 200, total: placed.totals.total });
    const deleted = await apiAs(test, owner).delete(`/api/admin/promotions/coupons/${coupon.id}`);
    expect(deleted.statusCode).toBe(409);
    const unused = await createCoupon({});
    expect((await apiAs(test, owner).delete(`/api/admin/promotions/coupons/${unused.id}`)).json()).toEqual({
      deleted: true,
    });
    const csv = await apiAs(test, owner).get(`/api/admin/promotions/usage/export?couponId=${coupon.id}`);
    expect(csv.body).toContain(placed.number);
  });

  it("a returned discounted unit refunds what was paid for it; with 'refunded orders give their use back', a full refund releases the use", async () => {
    const coupon = await createCoupon({
      kind: "fixed",
      percentOff: null,
      amountOff: 1000,
      usageLimit: 1,
      releaseOnRefund: true,
    });
    const buyer = await signUp(test.app);
    const shopper = userShopper(buyer);
    await cartOf(shopper, [[other.variantId, 3]]);
    const placed = (await place(shopper, coupon.code, buyer.email)).json().order;
    // 3 × 10.00 − 10.00 = 20.00 of goods, + tax, + 12.00 delivery.
    expect(placed.totals).toMatchObject({ subtotal: 3000, discount: 1000, total: 2000 + taxOf(2000) + OUTSIDE_FEE });
    expect(placed.lines[0]).toMatchObject({ totalPrice: 3000, discount: 1000 });
    const [order] = await test.db.select().from(buyingHistory).where(eq(buyingHistory.number, placed.number));
    if (!order) throw new Error("no order");
    await test.db.insert(payments).values({
      historyId: order.id,
      kind: "payment",
      method: "cod",
      amount: order.total,
      recordedByName: "Courier",
    });
    await test.db.update(buyingHistory).set({ paymentState: "paid" }).where(eq(buyingHistory.id, order.id));
    await deliver(test.db, order.id);
    const [line] = await test.db.select().from(orderLines).where(eq(orderLines.historyId, order.id));
    const asked = await test.app.inject({
      method: "POST",
      url: `/api/my-orders/${order.number}/requests`,
      headers: shopper.headers,
      payload: { kind: "return", reason: "Too small", items: [{ orderLineId: line?.id, quantity: 1 }] },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const [request] = await test.db.select().from(orderRequests).where(eq(orderRequests.historyId, order.id));
    const approved = await apiAs(test, owner).post(`/api/admin/order-requests/${request?.id}/approve`, {
      version: request?.version,
      note: "",
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const received = await apiAs(test, owner).post(`/api/admin/order-requests/${request?.id}/received`, {
      version: approved.json().version,
    });
    expect(received.statusCode, received.body).toBe(200);
    const refunds = await test.db.select().from(payments).where(eq(payments.historyId, order.id));
    // One of three units of a line that paid 20.00: 6.66, never its 10.00 list price.
    expect(refunds.filter((row) => row.kind === "refund").map((row) => row.amount)).toEqual([666]);

    const next = await newGuest(test);
    await cartOf(next, [[tee.variantId, 1]]);
    expect((await quote(next, coupon.code)).json().coupon.message).toBe("This coupon has reached its usage limit.");
    const [now] = await test.db.select().from(buyingHistory).where(eq(buyingHistory.id, order.id));
    const rest = await apiAs(test, owner).post(`/api/admin/orders/${order.id}/refund`, {
      amount: order.total - 666,
      reason: "Goodwill",
      version: now?.version,
    });
    expect(rest.statusCode, rest.body).toBe(200);
    expect((await quote(next, coupon.code)).json().coupon.valid).toBe(true);
  });
});
