/**
 * A coupon limit is never exceeded: 20 shoppers check out at once with a coupon that has
 * 5 uses left, over a pool of 25 connections so the transactions really overlap. Exactly
 * 5 orders carry it; the other 15 get the limit message and can still order without it.
 */
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buyingHistory, couponRedemptions } from "../src/db/schema/index.ts";
import { signUpStaff } from "./support/auth.ts";
import { address, addToCart, newGuest, stockedVariants, type TestShopper } from "./support/checkout-shopping.ts";
import { createTestApp, type TestApp } from "./support/index.ts";
import { apiAs } from "./support/staff-api.ts";

let test: TestApp;

beforeAll(async () => {
  test = await createTestApp({}, { poolMax: 25 });
});
afterAll(() => test.close());

describe("concurrent checkouts with one coupon", () => {
  it("give exactly 5 orders with a coupon that has 5 uses left, out of 20 at once", async () => {
    const owner = await signUpStaff(test, "Owner");
    const created = await apiAs(test, owner).post("/api/admin/promotions/coupons", {
      title: "Flash 20",
      method: "code",
      code: "RACE5",
      kind: "percent",
      percentOff: 20,
      usageLimit: 7,
    });
    expect(created.statusCode).toBe(200);
    const couponId = created.json().id as number;

    const [variant] = await stockedVariants(test, 1, 1000);
    if (!variant) throw new Error("no variant");
    const zoneId = (await test.app.inject({ url: "/api/checkout/options" })).json().zones[0].id;
    const order = (shopper: TestShopper, couponCode: string | null, email: string) =>
      test.app.inject({
        method: "POST",
        url: "/api/checkout/orders",
        headers: { ...shopper.headers, "idempotency-key": randomUUID() },
        payload: {
          contact: { email, phone: "+1 555 0100" },
          address,
          deliveryZoneId: zoneId,
          paymentMethod: "cod",
          couponCode,
        },
      });

    // Two uses taken before the rush: 5 left.
    for (const index of [1, 2]) {
      const early = await newGuest(test);
      await addToCart(test, early, variant.id, 1);
      expect((await order(early, "RACE5", `early${index}@example.com`)).statusCode).toBe(200);
    }

    const shoppers = await Promise.all(Array.from({ length: 20 }, () => newGuest(test)));
    for (const shopper of shoppers) await addToCart(test, shopper, variant.id, 1);
    const answers = await Promise.all(
      shoppers.map((shopper, index) => order(shopper, "race5", `rush${index}@example.com`)),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(5);
    expect(statuses.filter((status) => status === 422)).toHaveLength(15);
    for (const refused of answers.filter((answer) => answer.statusCode === 422)) {
      expect(refused.json().error.fields).toEqual({ couponCode: "This coupon has reached its usage limit." });
    }
    const redemptions = await test.db.select().from(couponRedemptions).where(eq(couponRedemptions.couponId, couponId));
    expect(redemptions).toHaveLength(7);
    const discounted = await test.db.execute<{ n: number }>(
      sql`select count(*)::int as n from buying_history where coupon_code = 'RACE5'`,
    );
    expect(discounted.rows[0]?.n).toBe(7);
    expect(test.pool.totalCount).toBeGreaterThan(10);

    // The refused shoppers still order, without the coupon.
    const refusedIndex = statuses.indexOf(422);
    const retry = shoppers[refusedIndex];
    if (!retry) throw new Error("no refused shopper");
    const placed = await order(retry, null, "retry@example.com");
    expect(placed.statusCode).toBe(200);
    const [row] = await test.db
      .select({ discount: buyingHistory.discount })
      .from(buyingHistory)
      .where(eq(buyingHistory.number, placed.json().order.number));
    expect(row?.discount).toBe(0);
  });
});
