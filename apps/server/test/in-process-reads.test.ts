/**
 * Pages rendered as an anonymous visitor sees them (the page cache's renders) read the API
 * in process (http/in-process.ts, issue 32): their loaders make no HTTP request to the API,
 * yet the pages show the same things and answer the API's errors as before. A visitor's own
 * page (with a cookie) still goes through `app.inject()`, which this test sees, so seeing
 * none for the cached pages is not a blind spot of the log.
 */
import { Writable } from "node:stream";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./support/index.ts";

let t: TestApp;
const apiRequests: string[] = [];

beforeAll(async () => {
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split("\n")) {
        if (!line) continue;
        const entry = JSON.parse(line) as { msg?: string; req?: { url?: string } };
        const url = entry.req?.url ?? "";
        if (entry.msg === "incoming request" && url.startsWith("/api/")) apiRequests.push(url);
      }
      done();
    },
  });
  t = await createTestApp({ PAGE_CACHE_MB: "64" }, { logger: pino({ level: "info" }, sink) });
});

afterAll(async () => {
  await t?.close();
});

async function productId(): Promise<number> {
  const list = (await t.app.inject({ url: "/api/products?pageSize=1" })).json<{ items: { id: number }[] }>();
  const id = list.items[0]?.id;
  if (!id) throw new Error("the demo catalogue has no product");
  return id;
}

describe("in-process reads", () => {
  it("render the home page and a product page without an HTTP request to the API", async () => {
    const id = await productId();
    apiRequests.length = 0;
    const home = await t.app.inject({ url: "/?render=in-process" });
    const product = await t.app.inject({ url: `/products/details/${id}?render=in-process` });
    expect(home.statusCode).toBe(200);
    expect(home.headers["x-page-cache"]).toBe("miss");
    expect(product.statusCode).toBe(200);
    expect(product.headers["x-page-cache"]).toBe("miss");
    expect(product.body).toContain('data-testid="price"');
    expect(apiRequests).toEqual([]);

    // A page the cache does not keep for a visitor with a cookie (a 404, which staff may
    // see as a preview) is rendered for them, through the API.
    const own = await t.app.inject({ url: "/products/details/999999998", headers: { cookie: "visitor=1" } });
    expect(own.statusCode).toBe(404);
    expect(apiRequests).toContain("/api/products/999999998");
  });

  it("answer the API's errors as the API does: a product that does not exist is the same 404 page", async () => {
    const anonymous = await t.app.inject({ url: "/products/details/999999999" });
    expect(anonymous.statusCode).toBe(404);
    expect(anonymous.headers["x-page-cache"]).toBe("miss");
    expect(anonymous.body).toContain("404 - Page Not Found");
    const own = await t.app.inject({ url: "/products/details/999999999", headers: { cookie: "visitor=1" } });
    expect(own.statusCode).toBe(404);
    expect(own.headers["x-page-cache"]).toBeUndefined();
    // Only the CSP nonce differs between a kept page and a visitor's own.
    const page = (html: string) => html.replace(/ nonce="[^"]*"/g, "");
    expect(page(anonymous.body)).toBe(page(own.body));
  });
});
