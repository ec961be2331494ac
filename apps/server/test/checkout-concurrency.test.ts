/**
 * A shop never sells what it does not have: 50 shoppers check out at once for the last
 * 10 units, over a pool of 25 connections so the transactions really run side by side.
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buyingHistory, orderLines } from "../src/db/schema/index.ts";
import { lockedCart } from "../src/modules/checkout/cart-lines.ts";
import { address, addToCart, newGuest, stockedVariants, stockOf } from "./support/checkout-shopping.ts";
import { createTestApp, type TestApp } from "./support/index.ts";

let test: TestApp;

beforeAll(async () => {
  test = await createTestApp({}, { poolMax: 25 });
});
afterAll(() => test.close());

describe("concurrent checkouts", () => {
  it("sell exactly the last 10 units to 10 of 50 shoppers, and stock ends at 0", async () => {
    const [variant] = await stockedVariants(test, 1, 10);
    if (!variant) throw new Error("no variant");
    const zoneId = (await test.app.inject({ url: "/api/checkout/options" })).json().zones[0].id;
    const shoppers = await Promise.all(Array.from({ length: 50 }, () => newGuest(test)));
    for (const shopper of shoppers) await addToCart(test, shopper, variant.id, 1);

    const answers = await Promise.all(
      shoppers.map((shopper) =>
        test.app.inject({
          method: "POST",
          url: "/api/checkout/orders",
          headers: { ...shopper.headers, "idempotency-key": randomUUID() },
          payload: {
            contact: { email: "race@example.com", phone: "+1 555 0100" },
            address,
            deliveryZoneId: zoneId,
            paymentMethod: "cod",
          },
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(10);
    expect(statuses.filter((status) => status === 409)).toHaveLength(40);
    for (const refused of answers.filter((answer) => answer.statusCode === 409)) {
      expect(refused.json().error.fields).toEqual({ [`lines.${variant.id}`]: "is sold out" });
    }
    expect(await stockOf(test, variant.id)).toBe(0);
    const sold = await test.db
      .select({ number: buyingHistory.number })
      .from(orderLines)
      .innerJoin(buyingHistory, eq(buyingHistory.id, orderLines.historyId))
      .where(eq(orderLines.variantId, variant.id));
    expect(sold).toHaveLength(10);
    // The pool really opened many connections: the checkouts overlapped in PostgreSQL.
    expect(test.pool.totalCount).toBeGreaterThan(10);
  });

  it("do not hold up a shopper adding the same variant to their cart (the checkout's lock leaves key checks alone)", async () => {
    const [variant] = await stockedVariants(test, 1, 100, 3);
    if (!variant) throw new Error("no variant");
    const buyer = await newGuest(test);
    await addToCart(test, buyer, variant.id, 1);
    const other = await newGuest(test);
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let locked: () => void = () => {};
    const isLocked = new Promise<void>((resolve) => {
      locked = resolve;
    });
    // The buyer's checkout holds its lock on the cart, its lines and the variant …
    const checkout = test.db.transaction(async (tx) => {
      const { lines } = await lockedCart(tx, buyer.owner);
      expect(lines.map((line) => line.variantId)).toEqual([variant.id]);
      locked();
      await held;
    });
    await isLocked;
    try {
      // … while another shopper adds that variant: the cart line's foreign-key check must not wait for it.
      const added = await Promise.race([
        test.app.inject({
          method: "POST",
          url: "/api/cart/lines",
          headers: other.headers,
          payload: { variantId: variant.id, quantity: 1 },
        }),
        new Promise<"waited">((resolve) => setTimeout(() => resolve("waited"), 5_000)),
      ]);
      expect(added === "waited" ? added : added.statusCode).toBe(200);
    } finally {
      release();
      await checkout;
    }
  });
});
