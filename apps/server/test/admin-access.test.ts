/**
 * Every route under /api/admin is closed to anonymous visitors (401) and to customers
 * (403), except the spec's public catalogue calls. The routes are collected as the app
 * registers them, so a new admin route is covered without editing this file.
 */
import {
  adminOrderEndpoints,
  apiPaths,
  checkoutEndpoints,
  customizationEndpoints,
  dashboardEndpoints,
  orderRequestAdminEndpoints,
  productAdminEndpoints,
  productStatsEndpoints,
  taxonomyAdminEndpoints,
  userAdminEndpoints,
} from "@atelier/contract";
import type { HTTPMethods, RouteOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, signUp, signUpStaff } from "./support/auth.ts";
import { createTestApp, type TestApp } from "./support/index.ts";

/** Public by the spec (section 7), or answering customers by design (checkIfAdmin, see identity.test.ts). */
const openByDesign = new Set(
  [
    apiPaths.viewProductCategories,
    apiPaths.viewGenders,
    apiPaths.viewProductSubCategory,
    apiPaths.viewProductSubSubCategory,
    apiPaths.getImage,
    "/admin/search-bar-products",
    "/admin/search-products",
    apiPaths.checkIfAdmin,
  ].map((path) => `/api${path}`),
);

interface AdminRoute {
  method: HTTPMethods;
  url: string;
  access: unknown;
}

const routes: AdminRoute[] = [];
let test: TestApp;

beforeAll(async () => {
  test = await createTestApp({}, { onRoute: collect });
});
afterAll(() => test.close());

function collect(route: RouteOptions): void {
  if (!route.url.startsWith("/api/admin/") || openByDesign.has(route.url)) return;
  for (const method of [route.method].flat()) {
    // Fastify adds a HEAD twin to every GET; the GET stands for both.
    if (method !== "HEAD") routes.push({ method, url: route.url, access: route.config?.access });
  }
}

/** Any value fits every parameter: the access hook runs before params are even validated. */
const withDummyParams = (url: string) => url.replace(/:[A-Za-z0-9_]+/g, "1");

describe("the admin API", () => {
  it("answers 401 to anonymous visitors and 403 to customers on every admin route", async () => {
    const expected = [
      ...Object.values(userAdminEndpoints),
      ...Object.values(dashboardEndpoints),
      ...Object.values(productAdminEndpoints),
      ...Object.values(productStatsEndpoints),
      ...Object.values(taxonomyAdminEndpoints),
      ...Object.values(checkoutEndpoints).filter((endpoint) => endpoint.path.startsWith("/admin/")),
      ...Object.values(customizationEndpoints).filter((endpoint) => endpoint.path.startsWith("/admin/")),
      ...Object.values(orderRequestAdminEndpoints),
      // Running the shop: orders (issue 7), the spec's get-all-buying-history included (staff only).
      ...Object.values(adminOrderEndpoints),
    ].map((endpoint) => `${endpoint.method} /api${endpoint.path}`);
    const found = routes.map((route) => `${route.method} ${route.url}`);
    expect(found).toEqual(expect.arrayContaining(expected));

    const customer = await signUp(test.app);
    for (const route of routes) {
      const name = `${route.method} ${route.url}`;
      expect(route.access, name).toBeDefined();
      expect(route.access, name).not.toBe("public");

      const request = {
        method: route.method,
        url: withDummyParams(route.url),
        ...(route.method === "GET" ? {} : { payload: {} }),
      };
      const anonymous = await test.app.inject(request);
      expect(anonymous.statusCode, `${name} anonymous`).toBe(401);
      expect(anonymous.json().error.code).toBe("unauthorized");

      const asCustomer = await test.app.inject({ ...request, headers: bearer(customer.token) });
      expect(asCustomer.statusCode, `${name} as a customer`).toBe(403);
      expect(asCustomer.json().error.code).toBe("forbidden");
    }
  });

  it("lets a Support agent manage users but not roles", async () => {
    const support = await signUpStaff(test, "Support");
    const headers = bearer(support.token);
    for (const url of ["/api/admin/roles", "/api/admin/permissions"]) {
      expect((await test.app.inject({ url, headers })).statusCode, url).toBe(403);
    }
    const create = await test.app.inject({
      method: "POST",
      url: "/api/admin/roles",
      headers,
      payload: { name: "Sneaky", permissions: ["roles"] },
    });
    expect(create.statusCode).toBe(403);
    const users = await test.app.inject({ url: "/api/admin/users", headers });
    expect(users.statusCode).toBe(200);
    expect(users.json().total).toBeGreaterThan(0);
  });
});

describe("the admin pages", () => {
  // Moved from the browser tests (admin.spec.ts): an HTTP answer, no browser needed.
  it("are rendered by the server as the gate's spinner only: the token lives in the browser", async () => {
    const response = await test.app.inject({ url: "/admin" });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain("Checking your access");
    expect(response.body).not.toContain("404 - Page Not Found");
    expect(response.body).toContain("<title>Admin Dashboard</title>");
  });
});
