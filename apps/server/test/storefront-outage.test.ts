/**
 * The storefront while the database is down (issue 37 item 7). The app reaches its
 * PostgreSQL through a TCP proxy the test closes (support/db-proxy.ts): its pool, job
 * queue and invalidation listener lose their connections for real and new ones are
 * refused, as when the server dies. Nothing of the shop is replaced.
 *
 * - A page the page cache does not have answers 503 with Retry-After and the shop's own
 *   error page (a 500 before).
 * - A page it has keeps answering 200, even after a scheduled discount's start purged it
 *   during the outage (the discount clock's timer fires whether or not the database is
 *   there): stale if error. Before, the purge dropped it and the next visitor got a 500.
 * - When the database is back, the pages are rendered anew.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { signUpStaff, type TestUser } from "./support/auth.ts";
import { type DbProxy, startDbProxy } from "./support/db-proxy.ts";
import { createTestApp, eventually, type TestApp } from "./support/index.ts";
import { apiAs } from "./support/staff-api.ts";

let proxy: DbProxy;
let test: TestApp;
let owner: TestUser;

beforeAll(async () => {
  proxy = await startDbProxy(inject("testDatabase").adminUrl);
  test = await createTestApp({}, { connectThrough: proxy.through });
  owner = await signUpStaff(test, "Owner");
});
afterAll(async () => {
  await proxy?.up();
  await test?.close();
  await proxy?.close();
});

const page = (url: string) => test.app.inject({ url, headers: { accept: "text/html" } });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("the storefront while the database is down", () => {
  it("answers 503 with Retry-After and the shop's error page, and keeps serving the pages it has", async () => {
    const { rows } = await test.db.execute<{ id: number; name: string }>(
      sql`select id, name from products where is_published order by id limit 2`,
    );
    const [cached, uncached] = rows as [{ id: number; name: string }, { id: number; name: string }];
    const cachedUrl = `/products/details/${cached.id}`;

    // A discount on the cached product starts a few seconds into the outage.
    const start = Date.now() + 4_000;
    const discount = await apiAs(test, owner).post("/api/admin/promotions/discounts", {
      title: "Outage sale",
      kind: "fixed",
      value: 100,
      targetType: "product",
      targetIds: [cached.id],
      startsAt: new Date(start).toISOString(),
      endsAt: new Date(start + 60_000).toISOString(),
    });
    expect(discount.statusCode, discount.body).toBe(200);

    // The page cache has the product page and the home page.
    for (const url of [cachedUrl, "/"]) {
      expect((await page(url)).statusCode).toBe(200);
      const again = await page(url);
      expect(again.statusCode).toBe(200);
      expect(again.headers["x-page-cache"]).toBe("hit");
    }

    await proxy.down();
    const api = await test.app.inject({ url: `/api/products/${uncached.id}` });
    expect(api.statusCode, "the database is really gone").toBe(503);

    // A page the cache does not have: 503, Retry-After, the shop's error page.
    const missing = await page(`/products/details/${uncached.id}`);
    expect(missing.statusCode).toBe(503);
    expect(missing.headers["retry-after"]).toBe("5");
    expect(missing.headers["content-type"]).toMatch(/^text\/html/);
    expect(missing.body).toContain("Please try again in a moment.");
    expect(missing.body).toContain("Back to the shop");
    expect(missing.headers["cache-control"]).toBe("no-store");

    // A page it has: 200 as it was.
    const fresh = await page(cachedUrl);
    expect(fresh.statusCode).toBe(200);
    expect(fresh.body).toContain(cached.name);

    // The discount's start purges the catalogue pages while the database is still down…
    const purges = test.app.pageCache?.stats.purges ?? 0;
    await sleep(Math.max(0, start - Date.now()));
    await eventually(() => (test.app.pageCache?.stats.purges ?? 0) > purges, { what: "the discount clock's purge" });
    // …and they are still answered: the copy the cache had, since no new one can be made.
    for (const url of [cachedUrl, "/"]) {
      const stale = await page(url);
      expect(stale.statusCode, url).toBe(200);
      expect(stale.headers["x-page-cache"], url).toBe("stale");
      expect(stale.headers["content-type"]).toMatch(/^text\/html/);
    }
    expect((await page(cachedUrl)).body).toContain(cached.name);
    // Still nothing kept for the page it never had.
    expect((await page(`/products/details/${uncached.id}`)).statusCode).toBe(503);

    // The database is back: the pages are made anew (the listener's reconnect purges them all).
    await proxy.up();
    await eventually(
      async () => {
        const answer = await page(cachedUrl);
        return answer.statusCode === 200 && answer.headers["x-page-cache"] !== "stale";
      },
      { what: "a fresh product page after the outage", everyMs: 250 },
    );
    expect((await page(`/products/details/${uncached.id}`)).statusCode).toBe(200);
  });
});
