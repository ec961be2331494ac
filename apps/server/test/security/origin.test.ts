/**
 * CSRF: every state-changing route the app registers refuses a foreign Origin (and a
 * browser's `Sec-Fetch-Site: cross-site`) with 403, before it reads anything. The routes
 * are collected as the app registers them, so a new route is covered without editing
 * this file. (Staff routes answer 401 to visitors and 403 to customers: admin-access.test.ts
 * walks those in the API suite.)
 */
import type { HTTPMethods, RouteOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, signUp } from "../support/auth.ts";
import { createTestApp, type TestApp } from "../support/index.ts";

const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);
/** What browsers send cross-site (forms, fetch): these must meet the origin check. */
const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const routes: { method: HTTPMethods; url: string }[] = [];
/** Other methods a catch-all accepts (TRACE, PROPFIND, …): never a 500. */
const others: { method: HTTPMethods; url: string }[] = [];
let test: TestApp;

beforeAll(async () => {
  test = await createTestApp({}, { onRoute: collect });
});
afterAll(() => test.close());

function collect(route: RouteOptions): void {
  for (const method of [route.method].flat()) {
    if (STATE_CHANGING.has(method)) routes.push({ method, url: route.url });
    else if (!SAFE.has(method)) others.push({ method, url: route.url });
  }
}

/** Any value fits every parameter (the origin check runs before params are validated); a wildcard gets a real path. */
const concrete = (url: string) => url.replace(/:[A-Za-z0-9_]+/g, "1").replace(/\*$/, "sign-in/email");

describe("state-changing routes", () => {
  it("answer 403 to a foreign Origin and to a cross-site browser request, signed in or not", async () => {
    expect(routes.length).toBeGreaterThan(50);
    // The shop's own state-changing calls are all in there (spot checks across modules).
    const found = new Set(routes.map((route) => `${route.method} ${route.url}`));
    for (const name of [
      "POST /api/checkout/orders",
      "POST /api/cart/lines",
      "PATCH /api/me/profile",
      "POST /api/admin/products",
      "POST /api/admin/media",
      "POST /api/admin/roles",
    ]) {
      expect(found, name).toContain(name);
    }
    const customer = await signUp(test.app);
    for (const route of routes) {
      const name = `${route.method} ${route.url}`;
      for (const headers of [
        { origin: "https://evil.example", "content-type": "application/json" },
        { origin: "null", "content-type": "application/json" },
        { origin: "http://localhost:3000.evil.example", "content-type": "application/json" },
        { "sec-fetch-site": "cross-site", "content-type": "application/json" },
        { origin: "https://evil.example", "content-type": "application/json", ...bearer(customer.token) },
      ]) {
        const answer = await test.app.inject({
          method: route.method,
          url: concrete(route.url),
          headers,
          payload: "{}",
        });
        expect(answer.statusCode, `${name} with ${JSON.stringify(headers)}: ${answer.body.slice(0, 200)}`).toBe(403);
        expect(answer.json().error.code, name).toBe("forbidden");
      }
    }
  });

  it("answer other methods (TRACE, WebDAV …) with a client error, never a 500", async () => {
    for (const route of others) {
      const answer = await test.app.inject({ method: route.method, url: concrete(route.url) });
      expect(answer.statusCode, `${route.method} ${route.url}: ${answer.body.slice(0, 200)}`).toBeGreaterThanOrEqual(
        400,
      );
      expect(answer.statusCode, `${route.method} ${route.url}: ${answer.body.slice(0, 200)}`).toBeLessThan(500);
    }
  });

  it("still serve the shop's own origin", async () => {
    const answer = await test.app.inject({
      method: "POST",
      url: "/api/guests",
      headers: { origin: "http://localhost:3000" },
      payload: { username: `guest${Date.now()}1` },
    });
    expect(answer.statusCode, answer.body).toBe(200);
  });
});
