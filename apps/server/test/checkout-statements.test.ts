/**
 * The order transaction's size, pinned (issue 18 item 4, ADR 0017): placing an order sends
 * a fixed number of statements to PostgreSQL, counted on the app's own pool. A change that
 * adds a round trip to checkout fails here and has to say why (and update the count).
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { address, addToCart, newGuest, stockedVariants } from "./support/checkout-shopping.ts";
import { createTestApp, type TestApp } from "./support/index.ts";
import { recordStatements } from "./support/statements.ts";

let test: TestApp;
let recorder: ReturnType<typeof recordStatements>;
let zoneId: number;

beforeAll(async () => {
  test = await createTestApp();
  recorder = recordStatements(test.pool);
  const zones: { id: number; name: string }[] = (await test.app.inject({ url: "/api/checkout/options" })).json().zones;
  zoneId = zones.find((zone) => zone.name === "Outside the city")?.id ?? 0;
});
afterAll(async () => {
  recorder.stop();
  await test.close();
});

async function placeRecorded(lines: number) {
  const shopper = await newGuest(test);
  const variants = await stockedVariants(test, lines, 50, 40);
  for (const variant of variants) await addToCart(test, shopper, variant.id, 1);
  const body = {
    contact: { email: "count@example.com", phone: "+1 212 555 0100" },
    address,
    deliveryZoneId: zoneId,
    paymentMethod: "cod",
  };
  const recorded = await recorder.during(async () => {
    const answer = await test.app.inject({
      method: "POST",
      url: "/api/checkout/orders",
      headers: { ...shopper.headers, "idempotency-key": randomUUID() },
      payload: body,
    });
    // What runs after the answer (the confirmation mail) is counted too.
    await new Promise((resolve) => setTimeout(resolve, 300));
    return answer;
  });
  expect(recorded.result.statusCode, recorded.result.body).toBe(200);
  const orders = recorded.transactions.filter((tx) =>
    tx.statements.some((text) => /insert into "?buying_history/i.test(text)),
  );
  const [order] = orders;
  if (!order || orders.length !== 1) throw new Error(`expected one order transaction, saw ${orders.length}`);
  return { order, outside: recorded.outside };
}

const short = (text: string) => text.replace(/\s+/g, " ").slice(0, 60);

describe("placing an order", () => {
  it("is six statements: begin, lock the cart, one read, one write, the confirmation mail's job, commit", async () => {
    const { order } = await placeRecorded(1);
    expect(order.ended).toBe("commit");
    // Before ADR 0017 this was 19 statements (and 7 more around the transaction); the mail's
    // job joined the transaction in issue 37 (ADR 0008's note of 2026-11-28): a crash right
    // after the commit no longer loses the mail.
    expect(order.statements.map(short), order.statements.map(short).join("\n")).toHaveLength(6);
    expect(order.statements[0]).toBe("begin");
    expect(order.statements[1]).toMatch(/for no key update of ca, cl, v\s*$/);
    expect(order.statements[3]).toMatch(/^with o as \(\s*insert into buying_history/);
    expect(order.statements[4]).toMatch(/insert into pgboss\.job/i);
    expect(order.statements[5]).toBe("commit");
    // The lock, the read, the write and the job's insert are named prepared statements (db/prepared.ts).
    expect(order.names.slice(1, 4).map((name) => name?.split("_").slice(0, 2).join("_"))).toEqual([
      "checkout_lock",
      "checkout_read",
      "checkout_write",
    ]);
    expect(order.names[4]).toMatch(/^pgboss_/);
  });

  it("sends as many statements for three lines as for one", async () => {
    const { order } = await placeRecorded(3);
    expect(order.statements.map(short), order.statements.map(short).join("\n")).toHaveLength(6);
  });

  it("reads nothing after its commit, to answer or to mail (both are built from what was written)", async () => {
    const { outside } = await placeRecorded(1);
    // Before ADR 0017 the settings, the order, its lines, the settings again, its
    // redemptions and the low-stock check were read after the commit; until issue 18's
    // leaner add to cart the confirmation mail read the order and its lines back. (The job
    // queue sends the mail on its own pool, which is not counted; it is stored in the order's
    // transaction, counted above.)
    const checkoutReads = outside.filter((text) =>
      /store_settings|coupon_redemptions|only_left_below|delivery_zones|tax_rates|buying_history|order_lines/.test(
        text,
      ),
    );
    expect(checkoutReads.map(short)).toEqual([]);
  });
});

describe("adding to the cart", () => {
  it("is five statements: the add's transaction (four) and the cart's lines after it (one)", async () => {
    const shopper = await newGuest(test);
    const [variant] = await stockedVariants(test, 1, 50, 60);
    if (!variant) throw new Error("no variant");
    const add = () =>
      recorder.during(() =>
        test.app.inject({
          method: "POST",
          url: "/api/cart/lines",
          headers: shopper.headers,
          payload: { variantId: variant.id, quantity: 1 },
        }),
      );
    await add(); // the first add makes the cart (and the zones and the tax rate are read once, then kept)
    const recorded = await add();
    expect(recorded.result.statusCode, recorded.result.body).toBe(200);
    // The add's transaction is the one writing the line (the job queue may run its own meanwhile).
    const adds = recorded.transactions.filter((tx) => tx.statements.some((text) => /cart_lines/.test(text)));
    expect(adds).toHaveLength(1);
    // Before ADR 0017: 7 + 4; after it 6 + 3. Now begin, the cart upsert (it locks the cart,
    // so what the cart holds is read in a later statement), ONE statement reading the
    // variant, the line and the line count and writing the line only if the cart's rules
    // allow it (cart-repository.ts `addChecked`), commit.
    expect(adds[0]?.statements.map(short), adds[0]?.statements.map(short).join("\n")).toHaveLength(4);
    expect(adds[0]?.names.slice(1, 3).map((name) => name?.split("_").slice(0, 2).join("_"))).toEqual([
      "cart_open",
      "cart_add",
    ]);
    // The answer reads the cart's lines only: the delivery zones and the store's tax rate
    // are settings kept in memory until staff change them (cart-delivery.ts; before, two
    // reads on every answer).
    const view = recorded.outside.filter((text) => /carts|cart_lines|delivery_zones|tax_rates/.test(text));
    expect(view.map(short)).toHaveLength(1);
    expect(recorded.outside.filter((text) => /delivery_zones|tax_rates/.test(text))).toEqual([]);
  });
});
