/**
 * The smoke suite: the real `npm start` (build, bundled PostgreSQL in its own DATA_DIR,
 * demo catalogue seeded at first start, its own port), walked as a new user and a
 * client of the API would: health and readiness, every operation of the OpenAPI
 * document, each of the spec's calls with its answer shape, a guest's purchase with
 * cash on delivery, staff sign-in and an admin call, and a clean SIGTERM.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import {
  adminOrderEndpoints,
  catalogEndpoints,
  checkoutEndpoints,
  compatEndpoints,
  customizationEndpoints,
  ErrorBody,
  identityEndpoints,
  searchEndpoints,
} from "@atelier/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../src/db/embedded.ts";

const root = fileURLToPath(new URL("../../..", import.meta.url));
const adminEmail = "admin@atelier.example";
const adminPassword = "smoke-demo-admin-pass-7";

let dataDir: string;
let base: string;
let shop: ChildProcess;
let output = "";
let exited: Promise<number | null>;

async function waitUntilReady(): Promise<void> {
  const deadline = Date.now() + 240_000;
  while (Date.now() < deadline) {
    if (shop.exitCode !== null) throw new Error(`npm start exited early:\n${output}`);
    // Ready once every app process listens: the primary prints the address then.
    const ready = await fetch(`${base}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready && output.includes("is running at")) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`npm start did not become ready:\n${output}`);
}

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "atelier-smoke-"));
  // As root the bundled PostgreSQL runs as `postgres`, which must reach its folder.
  await fs.chmod(dataDir, 0o755);
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  shop = spawn("npm", ["start"], {
    cwd: root,
    // Its own process group: SIGTERM goes to npm and the server alike, as a terminal's
    // Ctrl-C or a service manager's stop does.
    detached: true,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? os.tmpdir(),
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DEMO_ADMIN_PASSWORD: adminPassword,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  exited = new Promise((resolve) => shop.once("exit", (code) => resolve(code)));
  shop.stdout?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  shop.stderr?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  await waitUntilReady();
}, 300_000);

afterAll(async () => {
  if (shop?.pid && shop.exitCode === null) {
    try {
      process.kill(-shop.pid, "SIGKILL");
    } catch {}
  }
  await fs.rm(dataDir, { recursive: true, force: true });
});

async function call(url: string, init: RequestInit = {}) {
  const response = await fetch(`${base}${url}`, init);
  const text = await response.text();
  const type = response.headers.get("content-type") ?? "";
  return { status: response.status, type, headers: response.headers, text, json: () => JSON.parse(text) as unknown };
}

const json = (body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method: "POST",
  headers: { "content-type": "application/json", origin: base, ...headers },
  body: JSON.stringify(body),
});

let staffToken = "";

describe("npm start", () => {
  it("prints its address and is live and ready", async () => {
    expect(output).toContain(`is running at http://localhost:${new URL(base).port}`);
    expect((await call("/healthz")).json()).toEqual({ status: "ok" });
    expect((await call("/readyz")).json()).toEqual({ status: "ok" });
    const home = await call("/");
    expect(home.status).toBe(200);
    expect(home.type).toContain("text/html");
  });

  it("serves its OpenAPI document, and every documented operation is a route of the running shop", async () => {
    const docs = await call("/api/docs/json");
    expect(docs.status, docs.text.slice(0, 300)).toBe(200);
    const doc = docs.json() as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(doc.openapi).toBe("3.1.0");
    const operations = Object.entries(doc.paths).flatMap(([pattern, item]) =>
      Object.keys(item).map((method) => ({ method: method.toUpperCase(), pattern })),
    );
    expect(operations.length).toBeGreaterThan(100);
    const missing: string[] = [];
    for (const { method, pattern } of operations) {
      const url = pattern.replace(/\{[^}]+\}/g, "1");
      // Anonymous and bodiless: the answer may refuse (401, 403, 404 for an unknown id,
      // 400/422), but it must come from a route, never from the API's catch-all.
      const response = await call(url, {
        method,
        headers: method === "GET" ? {} : { "content-type": "application/json", origin: base },
        ...(method === "GET" ? {} : { body: "{}" }),
      });
      const routeMissing = response.status === 404 && response.text.includes("No API route");
      if (routeMissing || response.status >= 500) missing.push(`${method} ${pattern}: ${response.status}`);
    }
    expect(missing).toEqual([]);
  }, 120_000);

  it("answers an unknown API path with the API's JSON 404, not the storefront's page", async () => {
    const response = await call("/api/no-such-thing");
    expect(response.status).toBe(404);
    expect(response.type).toContain("application/json");
    expect(ErrorBody.parse(response.json()).error.code).toBe("not_found");
    const page = await call("/no-such-page");
    expect(page.status).toBe(404);
    expect(page.text).toContain("404 - Page Not Found");
  });

  it("answers the spec's public calls in their shapes", async () => {
    const categories = compatEndpoints.viewProductCategories.response.parse(
      (await call("/api/admin/view-product-categories")).json(),
    );
    expect(categories.length).toBeGreaterThan(0);
    compatEndpoints.viewGenders.response.parse((await call("/api/admin/view-genders")).json());
    const category = categories[0];
    const subs = compatEndpoints.viewProductSubCategory.response.parse(
      (await call(`/api/admin/view-product-sub-category/${category?.id}`)).json(),
    );
    expect(subs.length).toBeGreaterThan(0);
    compatEndpoints.viewProductSubSubCategory.response.parse(
      (await call(`/api/admin/view-product-sub-sub-category/${subs[0]?.id}`)).json(),
    );
    const suggestions = searchEndpoints.searchBarProducts.response.parse(
      (await call("/api/admin/search-bar-products?q=tee")).json(),
    );
    expect(suggestions.length).toBeGreaterThan(0);
    searchEndpoints.searchProducts.response.parse((await call("/api/admin/search-products?q=hoodie")).json());
    const image = await call(`/api/admin/getimage/${suggestions[0]?.filename}`);
    expect(image.status).toBe(200);
    expect(image.type).toMatch(/^image\//);
  });

  it("sells to a guest paying cash on delivery", async () => {
    const guest = await call("/api/guests", json({ username: `guest${Date.now()}42` }));
    expect(guest.status).toBe(200);
    const headers = { "x-guest-token": (guest.json() as { token: string }).token };
    const list = catalogEndpoints.products.response.parse((await call("/api/products?pageSize=24")).json());
    let variantId = 0;
    for (const card of list.items) {
      const details = catalogEndpoints.productDetails.response.parse((await call(`/api/products/${card.id}`)).json());
      const variant = details.variants.find((candidate) => candidate.stockState !== "sold_out");
      if (variant) {
        variantId = variant.id;
        break;
      }
    }
    expect(variantId).toBeGreaterThan(0);
    const cart = await call("/api/cart/lines", json({ variantId, quantity: 1 }, headers));
    expect(cart.status, cart.text).toBe(200);
    const options = checkoutEndpoints.options.response.parse((await call("/api/checkout/options", { headers })).json());
    const zone = options.zones[0];
    const placed = await call(
      "/api/checkout/orders",
      json(
        {
          contact: { email: "smoke.guest@example.com", phone: "+1 212 555 0100" },
          address: {
            fullName: "Smoke Guest",
            phone: "+1 212 555 0100",
            line1: "1 Main Street",
            line2: "",
            city: "New York",
            region: "NY",
            postalCode: "10001",
            country: "US",
          },
          deliveryZoneId: zone?.id,
          paymentMethod: "cod",
        },
        { ...headers, "idempotency-key": randomUUID() },
      ),
    );
    expect(placed.status, placed.text).toBe(200);
    const answer = checkoutEndpoints.placeOrder.response.parse(placed.json());
    expect(answer.order.number).toMatch(/^A\d+$/);
    expect(answer.order.totals.total).toBeGreaterThan(0);
    const empty = (await call("/api/cart/count", { headers })).json() as { count: number };
    expect(empty.count).toBe(0);
  });

  it("lets staff sign in and answers their admin calls, including the spec's", async () => {
    const signIn = await call("/api/auth/sign-in/email", json({ email: adminEmail, password: adminPassword }));
    expect(signIn.status, signIn.text).toBe(200);
    staffToken = signIn.headers.get("set-auth-token") ?? "";
    expect(staffToken).not.toBe("");
    const auth = { headers: { authorization: `Bearer ${staffToken}` } };
    const check = identityEndpoints.checkIfAdmin.response.parse((await call("/api/admin/checkIfAdmin", auth)).json());
    expect(check.isAdmin).toBe(true);
    const history = adminOrderEndpoints.buyingHistory.response.parse(
      (await call("/api/admin/get-all-buying-history?email=admin@atelier.example", auth)).json(),
    );
    expect(history.some((record) => record.customer.email === "smoke.guest@example.com")).toBe(true);
    customizationEndpoints.getAll.response.parse(
      (await call("/api/admin/get-all-customization-requests?email=x&id=1", auth)).json(),
    );
    // The same calls without the staff token are refused.
    expect((await call("/api/admin/get-all-buying-history")).status).toBe(401);
  });

  it("stops cleanly on SIGTERM: in-flight work done, the bundled PostgreSQL stopped", async () => {
    const postmaster = path.join(dataDir, "postgres", "postmaster.pid");
    await fs.access(postmaster);
    const group = -(shop.pid ?? 0);
    process.kill(group, "SIGTERM");
    await exited;
    // npm answers the signal at once; the server finishes its shutdown in the same group.
    const groupAlive = () => {
      try {
        process.kill(group, 0);
        return true;
      } catch {
        return false;
      }
    };
    for (let waited = 0; groupAlive() && waited < 20_000; waited += 100) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(groupAlive()).toBe(false);
    expect(output).toContain('"msg":"shutting down"');
    expect(output).not.toMatch(/"level":(?:50|60)/);
    await expect(fs.access(postmaster)).rejects.toThrow();
    await expect(fetch(`${base}/healthz`)).rejects.toThrow();
  }, 30_000);
});
