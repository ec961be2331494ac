/**
 * Statistics / Views and Sync Sales Count (Dashboard group): the daily views report,
 * how product page views are counted, and the batch-wise sales count sync.
 */
import { asc, eq, sql } from "drizzle-orm";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products, productViews } from "../src/db/schema/index.ts";
import { countProductViews } from "../src/modules/product-stats/view-counter.ts";
import { signUp, signUpStaff, type TestUser } from "./support/auth.ts";
import { createTestApp, type TestApp } from "./support/index.ts";
import { apiAs } from "./support/staff-api.ts";

let test: TestApp;
let owner: TestUser;
let api: ReturnType<typeof apiAs>;
let productIds: number[];

beforeAll(async () => {
  test = await createTestApp();
  owner = await signUpStaff(test, "Owner");
  api = apiAs(test, owner);
  productIds = (await test.db.select({ id: products.id }).from(products).orderBy(asc(products.id))).map((p) => p.id);
});
afterAll(() => test.close());

const viewsUrl = (from: string, to: string) => `/api/admin/stats/views?from=${from}&to=${to}`;
const nth = (index: number) => productIds[index] ?? 0;
const first = () => nth(0);
const second = () => nth(1);
const third = () => nth(2);

describe("Statistics / Views", () => {
  it("shows every day of the range with zeros filled in, the total and the most viewed products", async () => {
    await test.db.insert(productViews).values([
      { productId: first(), day: "2025-03-01", views: 5 },
      { productId: second(), day: "2025-03-01", views: 2 },
      { productId: second(), day: "2025-03-03", views: 7 },
      { productId: third(), day: "2025-02-28", views: 100 }, // before the range
    ]);
    const response = await api.get(viewsUrl("2025-03-01", "2025-03-04"));
    expect(response.statusCode).toBe(200);
    const report = response.json();
    expect(report.days).toEqual([
      { date: "2025-03-01", views: 7 },
      { date: "2025-03-02", views: 0 },
      { date: "2025-03-03", views: 7 },
      { date: "2025-03-04", views: 0 },
    ]);
    expect(report.totalViews).toBe(14);
    expect(report.topProducts.map((p: { id: number; views: number }) => [p.id, p.views])).toEqual([
      [second(), 9],
      [first(), 5],
    ]);
    expect(report.topProducts[0]).toMatchObject({ name: expect.any(String), image: expect.any(String) });
  });

  it("shows an empty range as zeros, not as an error", async () => {
    const report = (await api.get(viewsUrl("2024-01-01", "2024-01-07"))).json();
    expect(report.days).toHaveLength(7);
    expect(report.totalViews).toBe(0);
    expect(report.topProducts).toEqual([]);
  });

  it("refuses a range that ends before it starts or is longer than 366 days, naming the field", async () => {
    const backwards = await api.get(viewsUrl("2025-03-05", "2025-03-01"));
    expect(backwards.statusCode).toBe(422);
    expect(backwards.json().error.fields).toEqual({ from: "must be on or before the end date" });

    expect((await api.get(viewsUrl("2024-01-01", "2024-12-31"))).statusCode).toBe(200); // 366 days, a leap year
    const tooLong = await api.get(viewsUrl("2024-01-01", "2025-01-01"));
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json().error.fields.to).toMatch(/365 days after the start date/);
  });

  it("refuses dates that are not dates", async () => {
    const notADate = await api.get(viewsUrl("yesterday", "2025-03-01"));
    expect(notADate.statusCode).toBe(400);
    expect(notADate.json().error.fields.from).toMatch(/YYYY-MM-DD/);
    const impossible = await api.get(viewsUrl("2025-02-30", "2025-03-01"));
    expect(impossible.statusCode).toBe(400);
    expect(impossible.json().error.fields).toHaveProperty("from");
    expect((await api.get("/api/admin/stats/views")).statusCode).toBe(400);
  });
});

describe("counting product page views", () => {
  const person = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36";
  const today = () => new Date().toISOString().slice(0, 10);

  /** A stand-in web host with the real counter: the product page answers 200 for existing products. */
  async function webHost() {
    const web = Fastify();
    countProductViews(web, test.db, { flushEveryMs: 0 });
    web.get("/products/details/:page", async (request, reply) => {
      const id = Number.parseInt((request.params as { page: string }).page, 10);
      return productIds.includes(id) ? "<html>product</html>" : reply.status(404).send("not found");
    });
    await web.ready();
    return web;
  }

  it("counts people opening a product page, once per answer, and adds to what was already counted", async () => {
    const viewedId = productIds[10] ?? 0;
    const before = (await api.get(viewsUrl(today(), today()))).json().totalViews;
    const web = await webHost();
    const open = (url: string, headers: Record<string, string> = {}) =>
      web.inject({ url, headers: { "user-agent": person, ...headers } });

    expect((await open(`/products/details/${viewedId}`)).statusCode).toBe(200);
    await open(`/products/details/${viewedId}.data`); // a navigation inside the app
    await open(`/products/details/${viewedId}`, { "user-agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" });
    await open(`/products/details/${viewedId}`, { "sec-purpose": "prefetch" });
    await open("/products/details/999999"); // 404: no such product
    await web.close(); // flushes what was counted

    const after = (await api.get(viewsUrl(today(), today()))).json();
    expect(after.totalViews - before).toBe(2);
    expect(after.topProducts).toContainEqual(expect.objectContaining({ id: viewedId, views: 2 }));

    const again = await webHost();
    await again.inject({ url: `/products/details/${viewedId}`, headers: { "user-agent": person } });
    await again.close();
    const rows = await test.db.select().from(productViews).where(eq(productViews.productId, viewedId));
    expect(rows).toEqual([{ productId: viewedId, day: today(), views: 3, cartAdds: 0 }]);
  });

  it("drops views of products that do not exist instead of failing the whole flush", async () => {
    const web = Fastify();
    const counter = countProductViews(web, test.db, { flushEveryMs: 0 });
    const realId = productIds[11] ?? 0;
    counter.record(2_000_000_000);
    counter.record(realId);
    await counter.flush();
    await web.close();
    const rows = await test.db.select().from(productViews).where(eq(productViews.productId, realId));
    expect(rows.map((row) => row.views)).toEqual([1]);
  });
});

describe("Sync sales count", () => {
  it("recomputes every product in batches; with no orders yet, stale counts go back to zero", async () => {
    const stale = productIds.slice(3, 8);
    await test.db
      .update(products)
      .set({ salesCount: 17 })
      .where(sql`${products.id} in (${sql.join(stale, sql`, `)})`);
    const versionsBefore = await test.db.select({ id: products.id, version: products.version }).from(products);

    let afterId: number | null = null;
    let processed = 0;
    let changed = 0;
    let calls = 0;
    do {
      const response = await api.post("/api/admin/sync/sales-count", { afterId, batchSize: 25 });
      expect(response.statusCode).toBe(200);
      const batch = response.json();
      expect(batch.total).toBe(productIds.length);
      processed += batch.processed;
      changed += batch.changed;
      afterId = batch.nextAfterId;
      calls += 1;
    } while (afterId !== null && calls < 100);

    expect(processed).toBe(productIds.length);
    expect(calls).toBe(Math.ceil(productIds.length / 25));
    expect(changed).toBe(stale.length);
    const counts = await test.db.select({ salesCount: products.salesCount }).from(products);
    expect(counts.every((product) => product.salesCount === 0)).toBe(true);
    // Not a staff edit: an editor's optimistic-concurrency version is left alone.
    expect(await test.db.select({ id: products.id, version: products.version }).from(products)).toEqual(
      expect.arrayContaining(versionsBefore),
    );

    const rerun = (await api.post("/api/admin/sync/sales-count", { afterId: null, batchSize: 1000 })).json();
    expect(rerun).toEqual({ processed: productIds.length, total: productIds.length, changed: 0, nextAfterId: null });
  });

  it("refuses a batch size out of range", async () => {
    const zero = await api.post("/api/admin/sync/sales-count", { afterId: null, batchSize: 0 });
    expect(zero.statusCode).toBe(422);
    expect(zero.json().error.fields).toHaveProperty("batchSize");
  });
});

describe("who may see statistics", () => {
  it("lets Support (Dashboard area) in, and keeps out staff without it and customers", async () => {
    const support = apiAs(test, await signUpStaff(test, "Support"));
    expect((await support.get(viewsUrl("2025-01-01", "2025-01-31"))).statusCode).toBe(200);

    const created = await api.post("/api/admin/roles", { name: "Cataloguer", permissions: ["products"] });
    expect(created.statusCode).toBe(200);
    const clerk = apiAs(test, await signUpStaff(test, "Cataloguer"));
    expect((await clerk.get(viewsUrl("2025-01-01", "2025-01-31"))).statusCode).toBe(403);
    expect((await clerk.post("/api/admin/sync/sales-count", { afterId: null })).statusCode).toBe(403);

    const customer = apiAs(test, await signUp(test.app));
    expect((await customer.post("/api/admin/sync/sales-count", { afterId: null })).statusCode).toBe(403);
  });
});
