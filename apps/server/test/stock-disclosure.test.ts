/**
 * No stock disclosure (issue 37, item 5): anonymous and customer answers say in stock /
 * only N left (N at or under the store's "Only N left" limit, inventory settings, default
 * 5) / sold out, never an exact count above the limit, a SKU or a warehouse; staff's
 * admin answers keep the counts and SKUs. The cart still refuses more than the stock, with
 * a message that does not tell the count above the limit.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUp, signUpStaff, type TestUser } from "./support/auth.ts";
import { createTestApp, type TestApp } from "./support/index.ts";
import { asUser, newGuest, setStock, shopperApi, type TestVariant, variantsOf } from "./support/shopping.ts";
import { apiAs } from "./support/staff-api.ts";

let test: TestApp;
let owner: TestUser;
let customer: TestUser;
let plenty: TestVariant;
let few: TestVariant;
let none: TestVariant;
let skus: string[];

beforeAll(async () => {
  test = await createTestApp();
  owner = await signUpStaff(test, "Owner");
  customer = await signUp(test.app, { name: "Ada" });
  // Set before any read, so no cached answer holds older figures.
  [plenty, few, none] = (await variantsOf(test, 4, 3, 57)) as [TestVariant, TestVariant, TestVariant];
  await setStock(test, few.id, 3);
  await setStock(test, none.id, 0);
  const product = (await apiAs(test, owner).get(`/api/admin/products/${plenty.productId}`)).json<{
    variants: { id: number; sku: string; stock: number }[];
  }>();
  skus = product.variants.map((variant) => variant.sku);
});
afterAll(() => test.close());

interface PublicVariant {
  id: number;
  stockState: string;
  onlyLeft: number | null;
}

const staffOnlyKeys = ["stock", "sku", "available", "onHand", "reserved", "warehouseId", "warehouses"];

/** Every key anywhere in a JSON answer. */
function keysOf(value: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) keysOf(item, into);
  else if (value && typeof value === "object") {
    for (const [key, inner] of Object.entries(value)) {
      into.add(key);
      keysOf(inner, into);
    }
  }
  return into;
}

function expectNothingStaffOnly(body: string) {
  const keys = keysOf(JSON.parse(body));
  expect(staffOnlyKeys.filter((key) => keys.has(key))).toEqual([]);
  for (const sku of skus) expect(body).not.toContain(sku);
}

describe("a product's page and its zone's stock", () => {
  it("tell anonymous visitors and customers in stock / only N left / sold out, and staff the counts", async () => {
    for (const headers of [{}, asUser(customer.token).headers]) {
      const answer = await test.app.inject({ url: `/api/products/${plenty.productId}`, headers });
      expect(answer.statusCode).toBe(200);
      expectNothingStaffOnly(answer.body);
      const variants = answer.json<{ variants: PublicVariant[] }>().variants;
      const state = (id: number) => variants.find((variant) => variant.id === id);
      expect(state(plenty.id)).toMatchObject({ stockState: "in_stock", onlyLeft: null });
      expect(state(few.id)).toMatchObject({ stockState: "low", onlyLeft: 3 });
      expect(state(none.id)).toMatchObject({ stockState: "sold_out", onlyLeft: null });

      const zoneId = (await test.app.inject({ url: "/api/checkout/options" })).json().zones[0].id;
      const zoned = await test.app.inject({
        url: `/api/products/${plenty.productId}/availability?zoneId=${zoneId}`,
        headers,
      });
      expect(zoned.statusCode, zoned.body).toBe(200);
      expectNothingStaffOnly(zoned.body);
      const zonedVariants = zoned.json<{ variants: { variantId: number; stockState: string }[] }>().variants;
      expect(zonedVariants.find((variant) => variant.variantId === plenty.id)?.stockState).toBe("in_stock");
    }
    const staff = (await apiAs(test, owner).get(`/api/admin/products/${plenty.productId}`)).json<{
      variants: { id: number; stock: number; sku: string }[];
    }>();
    expect(staff.variants.find((variant) => variant.id === plenty.id)).toMatchObject({ stock: 57 });
    expect(skus.every((sku) => sku.length > 0)).toBe(true);
  });

  it("follow the limit staff set: at 60, 57 units are 'only 57 left'", async () => {
    const api = apiAs(test, owner);
    const saved = await api.put("/api/admin/inventory/settings", {
      lowStockDefault: 5,
      onlyLeftBelow: 60,
      reorderCoverDays: 30,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    try {
      const answer = await test.app.inject({ url: `/api/products/${plenty.productId}` });
      const variant = answer.json<{ variants: PublicVariant[] }>().variants.find((v) => v.id === plenty.id);
      expect(variant).toMatchObject({ stockState: "low", onlyLeft: 57 });
    } finally {
      await api.put("/api/admin/inventory/settings", { lowStockDefault: 5, onlyLeftBelow: 5, reorderCoverDays: 30 });
    }
    const back = await test.app.inject({ url: `/api/products/${plenty.productId}` });
    expect(back.json<{ variants: PublicVariant[] }>().variants.find((v) => v.id === plenty.id)?.stockState).toBe(
      "in_stock",
    );
  });
});

describe("the cart and the checkout quote", () => {
  it("show the shopper's lines without counts or SKUs, and refuse more than the stock without telling it", async () => {
    const guest = await newGuest(test);
    const shopper = shopperApi(test, guest);
    const added = await shopper.post("/api/cart/lines", { variantId: plenty.id, quantity: 2 });
    expect(added.statusCode, added.body).toBe(200);
    expectNothingStaffOnly(added.body);
    expect(added.json().lines[0]).toMatchObject({ stockState: "in_stock", onlyLeft: null, overStock: false });

    const tooMany = await shopper.post("/api/cart/lines", { variantId: plenty.id, quantity: 60 });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().error.message).toMatch(/do not have that many/);
    expectNothingStaffOnly(tooMany.body);

    const low = await shopper.post("/api/cart/lines", { variantId: few.id, quantity: 4 });
    expect(low.statusCode).toBe(422);
    expect(low.json().error.message).toBe("Only 3 left in this size and color.");

    const quote = await shopper.post("/api/checkout/quote", {});
    expect(quote.statusCode, quote.body).toBe(200);
    expectNothingStaffOnly(quote.body);
    expect(quote.json().lines[0]).toMatchObject({ stockState: "in_stock", onlyLeft: null, orderable: true });

    const cart = await shopper.get("/api/cart");
    expectNothingStaffOnly(cart.body);
  });

  it("a line asking more than the stock is flagged, counted only when the count may be told", async () => {
    const guest = await newGuest(test);
    const shopper = shopperApi(test, guest);
    expect((await shopper.post("/api/cart/lines", { variantId: plenty.id, quantity: 9 })).statusCode).toBe(200);
    await setStock(test, plenty.id, 8);
    const over = (await shopper.get("/api/cart")).json();
    expect(over.lines[0]).toMatchObject({ stockState: "in_stock", onlyLeft: null, overStock: true, orderable: false });
    expect(over.totals.subtotal).toBe(0);
    expect(over.notices.overStock).toBe(1);
    await setStock(test, plenty.id, 4);
    const low = (await shopper.get("/api/cart")).json();
    expect(low.lines[0]).toMatchObject({ stockState: "low", onlyLeft: 4, overStock: true });
    expect(low.totals.subtotal).toBe(4 * plenty.price);
    await setStock(test, plenty.id, 57);
  });
});
