/**
 * The ⌘K palette's call (issue 38): orders by number or email, products by SKU or name,
 * customers by name or email, each kind only for staff whose roles grant its area.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, signUp, signUpStaff, type TestUser } from "./support/auth.ts";
import { createTestApp, type TestApp } from "./support/index.ts";
import { insertOrder, type TestOrder } from "./support/orders.ts";

let test: TestApp;
let owner: TestUser;
let support: TestUser;
let stockKeeper: TestUser;
let shopper: TestUser;
let order: TestOrder;
let variant: { sku: string; productId: number; name: string };

beforeAll(async () => {
  test = await createTestApp();
  owner = await signUpStaff(test, "Owner");
  support = await signUpStaff(test, "Support");
  stockKeeper = await signUpStaff(test, "Inventory");
  shopper = await signUp(test.app, { email: "mira.palette@example.com", name: "Mira Palette" });
  order = await insertOrder(test.db, { userId: shopper.id }, { email: "mira.palette@example.com" });
  const {
    rows: [row],
  } = await test.pool.query<{ sku: string; product_id: number; name: string }>(
    `select v.sku, p.id as product_id, p.name from product_variants v join products p on p.id = v.product_id
      order by v.id limit 1`,
  );
  if (!row) throw new Error("no variant");
  variant = { sku: row.sku, productId: row.product_id, name: row.name };
});
afterAll(() => test.close());

const search = (user: Pick<TestUser, "token"> | null, q: string) =>
  test.app.inject({
    url: `/api/admin/search?q=${encodeURIComponent(q)}`,
    headers: user ? bearer(user.token) : {},
  });

describe("GET /api/admin/search", () => {
  it("finds an order by its number, first", async () => {
    const response = await search(owner, order.number);
    expect(response.statusCode).toBe(200);
    expect(response.json().orders[0]).toMatchObject({ id: order.id, number: order.number });
  });

  it("finds orders and the customer by email, and a product by SKU and by name", async () => {
    const byEmail = (await search(owner, "mira.palette@")).json();
    expect(byEmail.orders.map((row: { id: number }) => row.id)).toContain(order.id);
    expect(byEmail.customers).toEqual([{ id: shopper.id, name: "Mira Palette", email: "mira.palette@example.com" }]);

    const bySku = (await search(owner, variant.sku)).json();
    expect(bySku.products[0]).toMatchObject({ id: variant.productId, sku: variant.sku });

    const byName = (await search(owner, variant.name.toLowerCase())).json();
    expect(byName.products.map((row: { id: number }) => row.id)).toContain(variant.productId);
  });

  it("answers only the areas the caller's roles grant", async () => {
    const asSupport = (await search(support, "mira.palette@")).json();
    expect(asSupport.orders).toHaveLength(1);
    expect(asSupport.customers).toHaveLength(1);
    expect((await search(support, variant.sku)).json().products).toEqual([]);

    const asStockKeeper = (await search(stockKeeper, "mira.palette@")).json();
    expect(asStockKeeper).toEqual({ orders: [], products: [], customers: [] });
    expect((await search(stockKeeper, variant.sku)).json().products[0]).toMatchObject({ sku: variant.sku });
  });

  it("is for staff only, and needs a text", async () => {
    expect((await search(null, "A1")).statusCode).toBe(401);
    expect((await search(shopper, "A1")).statusCode).toBe(403);
    expect((await search(owner, " ")).statusCode).toBe(400);
  });

  it("takes % and _ as the characters they are", async () => {
    const response = await search(owner, "%");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ orders: [], products: [], customers: [] });
  });
});
