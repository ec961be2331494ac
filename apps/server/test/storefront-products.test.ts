/**
 * The shopper's product reads: list filters, sorts, facet counts and bad input; the
 * product details answer; unpublished products invisible everywhere but to staff.
 */
import { ErrorBody, ProductDetails, ProductListAnswer } from "@atelier/contract";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products } from "../src/db/schema/index.ts";
import { bearer, signUp, signUpStaff } from "./support/auth.ts";
import { createTestApp, type TestApp } from "./support/index.ts";

let t: TestApp;
let busiest: number;
beforeAll(async () => {
  t = await createTestApp();
  const [row] = await rows<{ id: number }>(
    sql`select sub_sub_category_id as id from products where is_published group by 1 order by count(*) desc limit 1`,
  );
  busiest = row?.id ?? 0;
});
afterAll(() => t.close());

async function rows<T extends Record<string, unknown>>(query: ReturnType<typeof sql>): Promise<T[]> {
  const result = await t.db.execute<T>(query);
  return result.rows as T[];
}

async function list(query: string) {
  const response = await t.app.inject({ method: "GET", url: `/api/products?${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return ProductListAnswer.parse(response.json());
}

describe("the product list", () => {
  it("filters by size and the count matches the products that come in that size", async () => {
    const all = await list(`subSubCategoryId=${busiest}&pageSize=60`);
    const size = all.facets.sizes[0];
    expect(size).toBeDefined();
    const [expected] = await rows<{ n: number }>(sql`select count(distinct p.id)::int as n from products p
      join product_variants v on v.product_id = p.id
      where p.is_published and p.sub_sub_category_id = ${busiest} and v.size_id = ${size?.id}`);
    const filtered = await list(`subSubCategoryId=${busiest}&sizes=${size?.id}&pageSize=60`);
    expect(filtered.total).toBe(expected?.n);
    expect(size?.count).toBe(expected?.n);
  });

  it("takes sizes and colors as comma-separated or repeated ids", async () => {
    const all = await list(`subSubCategoryId=${busiest}`);
    const [a, b] = all.facets.sizes;
    const comma = await list(`subSubCategoryId=${busiest}&sizes=${a?.id},${b?.id}`);
    const repeated = await list(`subSubCategoryId=${busiest}&sizes=${a?.id}&sizes=${b?.id}`);
    expect(comma.total).toBe(repeated.total);
    expect(comma.total).toBeGreaterThanOrEqual(Math.max(a?.count ?? 0, b?.count ?? 0));
  });

  it("keeps a price range, in minor units, and reports the price bounds", async () => {
    const all = await list(`subSubCategoryId=${busiest}&pageSize=60`);
    expect(all.facets.price).not.toBeNull();
    const middle = all.items.map((p) => p.price).sort((x, y) => x - y)[Math.floor(all.items.length / 2)] ?? 0;
    const cheap = await list(`subSubCategoryId=${busiest}&priceMax=${middle}&pageSize=60`);
    expect(cheap.items.every((p) => p.price <= middle)).toBe(true);
    const dear = await list(`subSubCategoryId=${busiest}&priceMin=${middle + 1}&pageSize=60`);
    expect(cheap.total + dear.total).toBe(all.total);
    // The price facet ignores the price filter itself, so the slider keeps its full range.
    expect(cheap.facets.price).toEqual(all.facets.price);
  });

  it("filters by series and product type, with counts for each option", async () => {
    const all = await list("pageSize=60");
    const series = all.facets.series[0];
    const type = all.facets.types[0];
    expect((await list(`seriesId=${series?.id}`)).total).toBe(series?.count);
    expect((await list(`productTypeId=${type?.id}`)).total).toBe(type?.count);
  });

  it("shows only products with a variant in stock when asked", async () => {
    await t.db.execute(sql`update product_variants set stock = 0 where product_id = (
      select min(id) from products where is_published and sub_sub_category_id = ${busiest})`);
    t.app.services.catalog.invalidate();
    const all = await list(`subSubCategoryId=${busiest}&pageSize=60`);
    const inStock = await list(`subSubCategoryId=${busiest}&inStock=true&pageSize=60`);
    expect(inStock.items.every((p) => p.inStock)).toBe(true);
    expect(inStock.total).toBe(all.items.filter((p) => p.inStock).length);
    expect(inStock.total).toBeLessThan(all.total);
  });

  it("sorts by popularity (units sold), then newest", async () => {
    const [top] = await t.db
      .update(products)
      .set({ salesCount: 9_999 })
      .where(
        sql`${products.id} = (select max(id) from products where is_published and sub_sub_category_id = ${busiest})`,
      )
      .returning();
    t.app.services.catalog.invalidate();
    const popular = await list(`subSubCategoryId=${busiest}&sort=popular`);
    expect(popular.items[0]?.id).toBe(top?.id);
  });

  it.each([
    ["sort=cheapest", "sort"],
    ["priceMin=-100", "priceMin"],
    ["priceMax=12.5", "priceMax"],
    ["priceMin=500&priceMax=100", "priceMax"],
    ["page=999999", "page"],
    ["sizes=1,abc", "sizes"],
    ["inStock=maybe", "inStock"],
    ["productTypeId=0", "productTypeId"],
  ])("answers 400 naming the field for %s", async (query, field) => {
    const response = await t.app.inject({ method: "GET", url: `/api/products?${query}` });
    expect(response.statusCode).toBe(400);
    expect(ErrorBody.parse(response.json()).error.fields).toHaveProperty(field);
  });

  it("answers an empty page, not an error, for filters nothing matches", async () => {
    const page = await list(`subSubCategoryId=${busiest}&priceMin=2000000000`);
    expect(page.items).toEqual([]);
    expect(page.total).toBe(0);
  });
});

describe("the product details", () => {
  async function aPublishedProduct() {
    const [row] = await rows<{ id: number }>(
      sql`select id from products where is_published and series_id is not null order by id limit 1 offset 3`,
    );
    return row?.id ?? 0;
  }

  it("has images with their size, variants with size and color, the taxonomy path and related products", async () => {
    const id = await aPublishedProduct();
    await t.db
      .update(products)
      .set({ sizeChart: { columns: ["Chest (cm)"], rows: [{ size: "M", values: ["100"] }] } })
      .where(eq(products.id, id));
    t.app.services.catalog.invalidate();
    const response = await t.app.inject({ method: "GET", url: `/api/products/${id}` });
    expect(response.statusCode).toBe(200);
    const details = ProductDetails.parse(response.json());
    expect(details.id).toBe(id);
    expect(details.images.length).toBeGreaterThan(0);
    expect(details.images.every((image) => image.width > 0 && image.height > 0)).toBe(true);
    expect(details.variants.length).toBeGreaterThan(0);
    expect(details.variants[0]).toMatchObject({
      size: { name: expect.any(String) },
      color: { hex: expect.stringMatching(/^#/) },
    });
    expect(details.sizeChart?.columns).toEqual(["Chest (cm)"]);
    expect(details.taxonomy.subSubCategory.name).toBeTruthy();
    expect(details.related.length).toBeGreaterThan(0);
    expect(details.related.length).toBeLessThanOrEqual(8);
    expect(details.related.map((p) => p.id)).not.toContain(id);
  });

  it("answers 404 for an unknown product and 400 for a malformed id", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/products/999999" })).statusCode).toBe(404);
    const bad = await t.app.inject({ method: "GET", url: "/api/products/abc" });
    expect(bad.statusCode).toBe(400);
    expect(ErrorBody.parse(bad.json()).error.fields).toHaveProperty("productId");
  });
});

describe("an unpublished product", () => {
  let hidden: { id: number; subSubCategoryId: number };
  beforeAll(async () => {
    const [row] = await t.db
      .update(products)
      .set({ isPublished: false })
      .where(
        sql`${products.id} = (select min(id) from products where is_published and sub_sub_category_id = ${busiest})`,
      )
      .returning();
    if (!row) throw new Error("no product to unpublish");
    hidden = row;
    t.app.services.catalog.invalidate();
  });

  it("is in no list, nor in the facet counts", async () => {
    const page = await list(`subSubCategoryId=${hidden.subSubCategoryId}&pageSize=60`);
    expect(page.items.map((p) => p.id)).not.toContain(hidden.id);
    const [published] = await rows<{ n: number }>(
      sql`select count(*)::int as n from products where is_published and sub_sub_category_id = ${hidden.subSubCategoryId}`,
    );
    expect(page.total).toBe(published?.n);
    expect(Math.max(...page.facets.types.map((type) => type.count))).toBeLessThanOrEqual(published?.n ?? 0);
  });

  it("answers 404 to shoppers and customers", async () => {
    expect((await t.app.inject({ method: "GET", url: `/api/products/${hidden.id}` })).statusCode).toBe(404);
    const customer = await signUp(t.app);
    const response = await t.app.inject({
      method: "GET",
      url: `/api/products/${hidden.id}`,
      headers: bearer(customer.token),
    });
    expect(response.statusCode).toBe(404);
  });

  it("opens for staff with the products permission, marked as not published, and is never cached for shoppers", async () => {
    const inventory = await signUpStaff(t, "Inventory");
    const response = await t.app.inject({
      method: "GET",
      url: `/api/products/${hidden.id}`,
      headers: bearer(inventory.token),
    });
    expect(response.statusCode).toBe(200);
    expect(ProductDetails.parse(response.json())).toMatchObject({ id: hidden.id, isPublished: false });
    expect((await t.app.inject({ method: "GET", url: `/api/products/${hidden.id}` })).statusCode).toBe(404);
  });

  it("stays hidden from staff without the products permission", async () => {
    const support = await signUpStaff(t, "Support");
    const response = await t.app.inject({
      method: "GET",
      url: `/api/products/${hidden.id}`,
      headers: bearer(support.token),
    });
    expect(response.statusCode).toBe(404);
  });

  it("is left out of the sitemap, which lists published products and series", async () => {
    const body = (await t.app.inject({ method: "GET", url: "/sitemap.xml" })).body;
    expect(body).not.toContain(`/products/details/${hidden.id}<`);
    const [shown] = await rows<{ id: number }>(sql`select id from products where is_published order by id limit 1`);
    expect(body).toContain(`<loc>http://localhost:3000/products/details/${shown?.id}</loc><lastmod>`);
    const [series] = await rows<{ name: string }>(sql`select name from series order by name limit 1`);
    expect(body).toContain(`/categories/${encodeURIComponent(series?.name ?? "")}</loc>`);
  });
});

describe("the home page answer", () => {
  it("has new arrivals and popular products, best sellers first", async () => {
    const [top] = await t.db
      .update(products)
      .set({ salesCount: 50_000 })
      .where(sql`${products.id} = (select min(id) from products where is_published)`)
      .returning();
    t.app.services.catalog.invalidate();
    const home = (await t.app.inject({ method: "GET", url: "/api/storefront/home" })).json<{
      newProducts: unknown[];
      popularProducts: { id: number }[];
    }>();
    expect(home.newProducts.length).toBeGreaterThan(0);
    expect(home.popularProducts[0]?.id).toBe(top?.id);
    const sold = await rows<{ id: number }>(sql`select id from products where is_published and sales_count > 0`);
    expect(home.popularProducts.map((p) => p.id).sort()).toEqual(sold.map((p) => p.id).sort());
  });
});
