/**
 * Scheduled discounts: staff put products on sale for a period; the catalogue, the cart,
 * the quote and the placed order all use the sale price with the old price as compare-at;
 * a sale starts and ends on time with no restart and no stale cached answer.
 */
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUpStaff, type TestUser } from "./support/auth.ts";
import { address, addToCart, newGuest } from "./support/checkout-shopping.ts";
import { createTestApp, type TestApp } from "./support/index.ts";
import { apiAs } from "./support/staff-api.ts";

let test: TestApp;
let owner: TestUser;
let product: { id: number; variantId: number; typeId: number };

beforeAll(async () => {
  test = await createTestApp();
  owner = await signUpStaff(test, "Owner");
  const { rows } = await test.db.execute<{ id: number; variant_id: number; type_id: number }>(sql`
    select p.id, v.id as variant_id, p.product_type_id as type_id from products p
    join product_variants v on v.product_id = p.id
    where p.is_published and p.product_type_id is not null order by p.id desc, v.id limit 1`);
  const row = rows[0];
  if (!row) throw new Error("no product");
  product = { id: row.id, variantId: row.variant_id, typeId: row.type_id };
  await test.db.execute(sql`update products set price = 4000, compare_at_price = null where id = ${product.id}`);
  await test.db.execute(sql`update product_variants set stock = 100 where id = ${product.variantId}`);
});
afterAll(() => test.close());

const details = async () => (await test.app.inject({ url: `/api/products/${product.id}` })).json();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("scheduled discounts", () => {
  it("refuse bad input with 422 naming the field, and staff without promotions", async () => {
    const post = (body: object) =>
      apiAs(test, owner).post("/api/admin/promotions/discounts", {
        title: "Bad",
        kind: "percent",
        value: 10,
        targetType: "all",
        startsAt: new Date().toISOString(),
        ...body,
      });
    const fields = async (body: object) => Object.keys((await post(body)).json().error.fields);
    expect(await fields({ value: 101 })).toEqual(["value"]);
    expect(await fields({ value: -5 })).toEqual(["value"]);
    expect(await fields({ endsAt: "2000-01-01T00:00:00Z" })).toEqual(["endsAt"]);
    expect(await fields({ targetType: "series", targetIds: [] })).toEqual(["targetIds"]);
    const support = await signUpStaff(test, "Support");
    expect((await apiAs(test, support).get("/api/admin/promotions/discounts")).statusCode).toBe(403);
  });

  it("a running sale shows everywhere: product page, lists, cart, quote and the order", async () => {
    const created = await apiAs(test, owner).post("/api/admin/promotions/discounts", {
      title: "Type sale",
      kind: "percent",
      value: 25,
      targetType: "productType",
      targetIds: [product.typeId],
      startsAt: new Date(Date.now() - 60_000).toISOString(),
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({ status: "running", targets: [{ id: product.typeId }] });
    expect(await details()).toMatchObject({ price: 3000, compareAtPrice: 4000 });
    const list = (await test.app.inject({ url: `/api/products?productTypeId=${product.typeId}&pageSize=60` })).json();
    expect(list.items.find((item: { id: number }) => item.id === product.id)).toMatchObject({
      price: 3000,
      compareAtPrice: 4000,
    });

    const shopper = await newGuest(test);
    await addToCart(test, shopper, product.variantId, 2);
    const cart = (await test.app.inject({ url: "/api/cart", headers: shopper.headers })).json();
    expect(cart.lines[0]).toMatchObject({ unitPrice: 3000 });
    const zoneId = (await test.app.inject({ url: "/api/checkout/options" })).json().zones[1].id;
    const placed = await test.app.inject({
      method: "POST",
      url: "/api/checkout/orders",
      headers: { ...shopper.headers, "idempotency-key": randomUUID() },
      payload: {
        contact: { email: "sale@example.com", phone: "+1 555 0100" },
        address,
        deliveryZoneId: zoneId,
        paymentMethod: "cod",
      },
    });
    expect(placed.statusCode, placed.body).toBe(200);
    expect(placed.json().order.lines[0]).toMatchObject({ unitPrice: 3000, totalPrice: 6000 });

    // Deleting the sale gives the old price back at once; the order keeps its price.
    const removed = await apiAs(test, owner).delete(`/api/admin/promotions/discounts/${created.json().id}`);
    expect(removed.statusCode).toBe(200);
    expect(await details()).toMatchObject({ price: 4000, compareAtPrice: null });
    const log = await apiAs(test, owner).get("/api/admin/activity-log?subjectType=discount");
    expect(log.json().items.map((entry: { action: string }) => entry.action)).toEqual([
      "discount.delete",
      "discount.create",
    ]);
  });

  it("starts and ends on time, with no stale cached price", async () => {
    const start = Date.now() + 1500;
    const created = await apiAs(test, owner).post("/api/admin/promotions/discounts", {
      title: "Flash",
      kind: "fixed",
      value: 500,
      targetType: "product",
      targetIds: [product.id],
      startsAt: new Date(start).toISOString(),
      endsAt: new Date(start + 2000).toISOString(),
    });
    expect(created.json().status).toBe("scheduled");
    expect((await details()).price).toBe(4000); // cached now
    await sleep(start - Date.now() + 300);
    expect(await details()).toMatchObject({ price: 3500, compareAtPrice: 4000 });
    await sleep(start + 2000 - Date.now() + 300);
    expect(await details()).toMatchObject({ price: 4000, compareAtPrice: null });
  });
});

describe("new arrivals", () => {
  it("a curated order shows on /new-arrivals and the home page, unpublished products never; then the last N days", async () => {
    const { rows } = await test.db.execute<{ id: number }>(
      sql`select id from products where is_published order by id limit 3`,
    );
    const ids = rows.map((row) => row.id).reverse();
    const settings = (await apiAs(test, owner).get("/api/admin/promotions/new-arrivals")).json();
    expect(settings).toMatchObject({ mode: "newest", products: [] });
    const bad = await apiAs(test, owner).put("/api/admin/promotions/new-arrivals", {
      mode: "recent",
      days: 0,
      version: settings.version,
    });
    expect(Object.keys(bad.json().error.fields)).toEqual(["days"]);
    const saved = await apiAs(test, owner).put("/api/admin/promotions/new-arrivals", {
      mode: "curated",
      productIds: ids,
      version: settings.version,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const stale = await apiAs(test, owner).put("/api/admin/promotions/new-arrivals", {
      mode: "newest",
      version: settings.version,
    });
    expect(stale.statusCode).toBe(409);
    const page = (await test.app.inject({ url: "/api/new-arrivals" })).json();
    expect(page.items.map((item: { id: number }) => item.id)).toEqual(ids);
    const home = (await test.app.inject({ url: "/api/storefront/home" })).json();
    expect(home.newProducts.map((item: { id: number }) => item.id)).toEqual(ids);

    await test.db.execute(sql`update products set is_published = false where id = ${ids[0]}`);
    const resaved = await apiAs(test, owner).put("/api/admin/promotions/new-arrivals", {
      mode: "recent",
      days: 7,
      productIds: ids,
      version: saved.json().version,
    });
    expect(resaved.statusCode).toBe(200);
    await test.db.execute(sql`update products set created_at = now() - interval '30 days' where is_published`);
    await test.db.execute(sql`update products set created_at = now() - interval '2 days' where id = ${ids[1]}`);
    await apiAs(test, owner).put("/api/admin/promotions/new-arrivals", {
      mode: "recent",
      days: 7,
      version: resaved.json().version,
    });
    const recent = (await test.app.inject({ url: "/api/new-arrivals" })).json();
    expect(recent.items.map((item: { id: number }) => item.id)).toEqual([ids[1]]);
  });
});
