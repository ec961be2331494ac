/**
 * The full-page cache of storefront pages (issue 18, ADR 0015), on the composed app:
 * one render per URL answered to everybody (ETag/304, precompressed, CSP by hashes), never
 * a shopper's own data in it, and every change a shopper must see — a product edit, a price
 * change, an unpublish, a sell-out, a category rename, a scheduled discount — on the next
 * request (the discount at its second); in every process, through the invalidation bus.
 */
import { createHash, randomUUID } from "node:crypto";
import { brotliDecompressSync } from "node:zlib";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, signUp, signUpStaff, type TestUser } from "./support/auth.ts";
import { address, addToCart, newGuest } from "./support/checkout-shopping.ts";
import { createTestApp, createTestApps, eventually, type TestApp } from "./support/index.ts";
import { apiAs } from "./support/staff-api.ts";

let test: TestApp;
let owner: TestUser;
/** A product to edit, and one whose single unit in stock is bought to sell it out. */
let product: { id: number; typeId: number; categoryId: number };
let lastUnit: { id: number; variantId: number };

beforeAll(async () => {
  test = await createTestApp();
  owner = await signUpStaff(test, "Owner");
  const { rows } = await test.db.execute<{ id: number; type_id: number; category_id: number }>(sql`
    select p.id, p.product_type_id as type_id, s.category_id from products p
    join sub_sub_categories ss on ss.id = p.sub_sub_category_id join sub_categories s on s.id = ss.sub_category_id
    where p.is_published and p.product_type_id is not null order by p.id desc limit 2`);
  const [first, second] = rows;
  if (!first || !second) throw new Error("no products");
  product = { id: first.id, typeId: first.type_id, categoryId: first.category_id };
  await test.db.execute(sql`update product_variants set stock = 50 where product_id = ${product.id}`);
  const { rows: variants } = await test.db.execute<{ id: number }>(
    sql`select id from product_variants where product_id = ${second.id} order by id`,
  );
  const variantId = variants[0]?.id;
  if (!variantId) throw new Error("no variant");
  await test.db.execute(sql`update product_variants set stock = 0 where product_id = ${second.id}`);
  await test.db.execute(sql`update product_variants set stock = 1 where id = ${variantId}`);
  lastUnit = { id: second.id, variantId };
});
afterAll(() => test?.close());

const page = (url: string, headers: Record<string, string> = {}) => test.app.inject({ url, headers });
const detailsUrl = () => `/products/details/${product.id}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function money(cents: number): Promise<string> {
  const store = (await test.app.inject({ url: "/api/storefront/settings" })).json<{
    currency: string;
    locale: string;
  }>();
  return new Intl.NumberFormat(store.locale, { style: "currency", currency: store.currency }).format(cents / 100);
}

/** The product as staff edit it, saved with `changes`. */
async function editProduct(changes: Record<string, unknown>) {
  const staff = apiAs(test, owner);
  const current = (await staff.get(`/api/admin/products/${product.id}`)).json();
  const body = {
    ...current,
    images: current.images.map((image: { filename: string; alt: string }) => ({
      filename: image.filename,
      alt: image.alt,
    })),
    ...changes,
  };
  for (const key of ["id", "currency", "updatedAt"]) delete body[key];
  const saved = await staff.put(`/api/admin/products/${product.id}`, body);
  expect(saved.statusCode, saved.body).toBe(200);
}

describe("the page cache", () => {
  it("renders a page once and answers it to everyone: ETag/304, brotli, s-maxage, Vary only on encoding", async () => {
    const first = await page(detailsUrl());
    expect(first.statusCode).toBe(200);
    const second = await page(detailsUrl());
    expect(second.headers["x-page-cache"]).toBe("hit");
    expect(second.body).toBe(first.body);
    // A miss says where its time went (npm run bench reads it); a hit rendered nothing.
    expect(first.headers["x-page-cache"]).toBe("miss");
    expect(String(first.headers["server-timing"])).toMatch(
      /^loader;dur=\d+\.\d\d, render;dur=\d+\.\d\d, (?:compress;dur=\d+\.\d\d, )?total;dur=\d+\.\d\d$/,
    );
    expect(second.headers["server-timing"]).toBeUndefined();
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(String(second.headers["cache-control"])).toMatch(/public.*s-maxage=\d+.*stale-while-revalidate=\d+/);
    expect(second.headers.vary).toBe("Accept-Encoding");

    const revalidated = await page(detailsUrl(), { "if-none-match": String(first.headers.etag) });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe("");

    const compressed = await page(detailsUrl(), { "accept-encoding": "gzip, br" });
    expect(compressed.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe(first.body);

    // A client's Host header never reaches a cached page (its canonical and og: links).
    const poisoned = await page("/products/details/1?from=host-test", { host: "evil.example" });
    expect(poisoned.body).not.toContain("evil.example");
    expect(poisoned.body).toContain("http://localhost:3000/");

    // Tracking tags and the order of the query do not make another page.
    await page("/search-product?q=tee&page=1");
    const reordered = await page("/search-product?page=1&utm_source=mail&q=tee");
    expect(reordered.headers["x-page-cache"]).toBe("hit");
  });

  it("keeps the Content-Security-Policy strict: each inline script is named by its hash, no shared nonce", async () => {
    const answer = await page("/");
    const policy = String(answer.headers["content-security-policy"]);
    const scriptSrc = policy.split(";").find((directive) => directive.startsWith("script-src")) ?? "";
    expect(scriptSrc).not.toContain("nonce-");
    expect(scriptSrc).not.toContain("unsafe-inline");
    expect(answer.body).not.toMatch(/nonce="[0-9a-f]+"/);
    const inline = [...answer.body.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(
      (match) => !/\ssrc=/.test(match[1] ?? "") && (match[2] ?? "").length > 0,
    );
    expect(inline.length).toBeGreaterThan(0);
    for (const match of inline) {
      const hash = createHash("sha256")
        .update(match[2] ?? "")
        .digest("base64");
      expect(scriptSrc).toContain(`'sha256-${hash}'`);
    }
    // A page that is not cached keeps its per-request nonce.
    const cart = await page("/MyCart");
    expect(String(cart.headers["content-security-policy"])).toMatch(/script-src[^;]*'nonce-/);
  });

  it("gives two shoppers with different carts and sign-in states the same page, with nothing of theirs in it", async () => {
    const guest = await newGuest(test);
    const { rows } = await test.db.execute<{ id: number }>(
      sql`select id from product_variants where product_id = ${product.id} order by id limit 2`,
    );
    await addToCart(test, guest, rows[0]?.id ?? 0, 2);
    const user = await signUp(test.app);
    const userHeaders = bearer(user.token);
    const wished = await test.app.inject({
      method: "POST",
      url: "/api/wishlist/items",
      headers: userHeaders,
      payload: { productId: product.id },
    });
    expect(wished.statusCode, wished.body).toBeLessThan(300);

    for (const url of ["/", detailsUrl()]) {
      const anonymous = await page(url);
      const asGuest = await page(url, { ...guest.headers, cookie: "guest=1" });
      const asUser = await page(url, userHeaders);
      expect(asGuest.body).toBe(anonymous.body);
      expect(asUser.body).toBe(anonymous.body);
      expect(anonymous.body).not.toContain(user.email);
      expect(anonymous.body).not.toContain(guest.headers["x-guest-token"]);
    }
    // Their badges come from their own JSON answers after hydration.
    const guestCart = (await test.app.inject({ url: "/api/cart", headers: guest.headers })).json();
    const userCart = (await test.app.inject({ url: "/api/cart", headers: userHeaders })).json();
    expect(guestCart.lines).toHaveLength(1);
    expect(userCart.lines).toHaveLength(0);
  });

  it("shows a product edit and a price change on the next request", async () => {
    await page(detailsUrl());
    const name = `Renamed ${randomUUID().slice(0, 8)}`;
    await editProduct({ name, price: 12_345, compareAtPrice: null });
    const after = await page(detailsUrl());
    expect(after.headers["x-page-cache"]).toBe("miss");
    expect(after.body).toContain(name);
    expect(after.body).toContain(await money(12_345));
  });

  it("answers an unpublished product 404 to shoppers at once, while staff still preview it", async () => {
    expect((await page(detailsUrl())).statusCode).toBe(200);
    const staff = apiAs(test, owner);
    await staff.post("/api/admin/products/bulk", { action: "unpublish", ids: [product.id] });
    expect((await page(detailsUrl())).statusCode).toBe(404);
    expect((await page(detailsUrl())).statusCode).toBe(404);
    const preview = await page(detailsUrl(), bearer(owner.token));
    expect(preview.statusCode).toBe(200);
    expect(String(preview.headers["cache-control"])).toContain("no-store");
    await staff.post("/api/admin/products/bulk", { action: "publish", ids: [product.id] });
    expect((await page(detailsUrl())).statusCode).toBe(200);
  });

  it("shows a product as sold out on the next request after its last unit is ordered", async () => {
    const url = `/products/details/${lastUnit.id}`;
    expect((await page(url)).body).toContain("In stock: choose a size and a color");
    expect((await page(url)).headers["x-page-cache"]).toBe("hit");
    const shopper = await newGuest(test);
    await addToCart(test, shopper, lastUnit.variantId, 1);
    const zoneId = (await test.app.inject({ url: "/api/checkout/options" })).json().zones[0].id;
    const placed = await test.app.inject({
      method: "POST",
      url: "/api/checkout/orders",
      headers: { ...shopper.headers, "idempotency-key": randomUUID() },
      payload: {
        contact: { email: "last@example.com", phone: "+1 555 0100" },
        address,
        deliveryZoneId: zoneId,
        paymentMethod: "cod",
      },
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const after = await page(url);
    expect(after.body).not.toContain("In stock: choose a size and a color");
    expect(after.body).toContain("Sold out");
  });

  it("shows a category rename on the next request of every page (the navigation)", async () => {
    const before = await page("/");
    const name = `Renamed ${randomUUID().slice(0, 6)}`;
    expect(before.body).not.toContain(name);
    const renamed = await apiAs(test, owner).patch(`/api/admin/categories/${product.categoryId}`, { name });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await page("/")).body).toContain(name);
    expect((await page(detailsUrl())).body).toContain(name);
  });

  it("shows a store settings change and a new live collaborator on the next page, cached or not (the shared reads)", async () => {
    // Rendered once: the settings, taxonomy and collab row are now kept in memory too.
    await page("/");
    await page("/cart");
    const tagline = `Memo tagline ${randomUUID().slice(0, 6)}`;
    await test.db.execute(sql`update store_settings set tagline = ${tagline}`);
    await test.app.services.bus.publish("settings");
    expect((await page("/")).body).toContain(tagline);
    expect((await page("/cart")).body).toContain(tagline);

    const name = `Aaron Memo ${randomUUID().slice(0, 6)}`;
    const created = await apiAs(test, owner).post("/api/admin/collabs", {
      kind: "artist",
      name,
      slug: `memo-${randomUUID().slice(0, 8)}`,
      bio: "Draws the shop's memo.",
      socialLinks: [],
      country: "PT",
      status: "live",
      productIds: [],
      rateKind: "percent",
      ratePercent: 10,
      rateStartsAt: "2020-01-01T00:00:00Z",
    });
    expect(created.statusCode, created.body).toBe(200);
    expect((await page("/")).body).toContain(name);
    expect((await page("/cart")).body).toContain(name);
  });

  it("shows a scheduled discount from its starting second", async () => {
    const apiPrice = async () => (await test.app.inject({ url: `/api/products/${product.id}` })).json().price as number;
    const before = await apiPrice();
    const start = Date.now() + 1_500;
    const created = await apiAs(test, owner).post("/api/admin/promotions/discounts", {
      title: "Page cache flash sale",
      kind: "percent",
      value: 50,
      targetType: "product",
      targetIds: [product.id],
      startsAt: new Date(start).toISOString(),
    });
    expect(created.statusCode, created.body).toBe(200);
    const cached = await page(detailsUrl());
    expect(cached.body).toContain(await money(before));
    expect((await page(detailsUrl())).headers["x-page-cache"]).toBe("hit");
    await sleep(start - Date.now() + 300);
    const sale = await apiPrice();
    expect(sale).toBeLessThan(before);
    const after = await page(detailsUrl());
    expect(after.body).toContain(await money(sale));
    expect(after.body).not.toContain(
      `data-testid="price"><span class="font-bold text-2xl text-brand">${await money(before)}`,
    );
  });
});

describe("the page cache across processes", () => {
  it("drops a page in every process when one of them saves a change", async () => {
    const shop = await createTestApps(2);
    try {
      const [a, b] = shop.apps as [TestApp, TestApp];
      const staff = await signUpStaff(a, "Owner");
      const { rows } = await a.db.execute<{ category_id: number }>(
        sql`select s.category_id from products p join sub_sub_categories ss on ss.id = p.sub_sub_category_id
          join sub_categories s on s.id = ss.sub_category_id where p.is_published order by p.id limit 1`,
      );
      const categoryId = rows[0]?.category_id ?? 0;
      const name = `Elsewhere ${randomUUID().slice(0, 6)}`;
      await b.app.inject({ url: "/" });
      expect((await b.app.inject({ url: "/" })).headers["x-page-cache"]).toBe("hit");
      const renamed = await apiAs(a, staff).patch(`/api/admin/categories/${categoryId}`, { name });
      expect(renamed.statusCode, renamed.body).toBe(200);
      await eventually(async () => (await b.app.inject({ url: "/" })).body.includes(name), { timeoutMs: 5_000 });
    } finally {
      await shop.close();
    }
  });
});
