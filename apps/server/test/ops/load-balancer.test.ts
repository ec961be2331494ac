/**
 * Several machines, one shop (issue 19): three real app processes (`main.ts`, one process
 * each, standing in for three machines on loopback ports) on one database (the bundled
 * test server, or the machine's PostgreSQL in CI's second run), with Redis when it
 * answers, behind a real HAProxy started here with health checks on /readyz.
 * - a product unpublished through one process is gone from the others within a second;
 * - 50 checkouts at once for the last 10 units, spread over the three, sell exactly 10;
 * - the search rate limit holds across the three (with Redis);
 * - one order's confirmation mail is sent once, not once per process;
 * - killing a process under load loses no committed order, and the balancer routes
 *   around it (clients retry with their Idempotency-Key);
 * - a rolling restart (SIGTERM, start again, one process at a time) under load loses no
 *   request.
 * HAProxy comes from Debian's package (.ci/run installs it); without it this file skips,
 * saying so.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { eq } from "drizzle-orm";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb, type Db } from "../../src/db/client.ts";
import { freePort } from "../../src/db/embedded.ts";
import { buyingHistory, products, productVariants } from "../../src/db/schema/index.ts";
import { staffAccessRepository } from "../../src/modules/identity/staff-access.ts";
import { createTestDatabase } from "../support/index.ts";
import { startMailServer, type TestMailServer } from "../support/mail-server.ts";
import { haproxyBinary, REDIS_URL, redisAnswers } from "../support/services.ts";

const mainTs = fileURLToPath(new URL("../../src/main.ts", import.meta.url));

const haproxy = haproxyBinary();
if (!haproxy) console.warn("load-balancer.test.ts: skipping: HAProxy is not installed (apt-get install haproxy)");

const redisUp = await redisAnswers();
if (!redisUp)
  console.warn("load-balancer.test.ts: no Redis on 127.0.0.1:6379: the cross-process rate limit is skipped");

const SEARCH_LIMIT = 40;

interface AppProcess {
  name: string;
  port: number;
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

let database: { url: string; drop: () => Promise<void> };
let db: Db;
let pool: pg.Pool;
let dataDir: string;
let mail: TestMailServer;
let balancer: ChildProcess | undefined;
let lb = "";
const apps: AppProcess[] = [];

function startApp(name: string, port: number): AppProcess {
  let output = "";
  const child = spawn(process.execPath, [mainTs], {
    env: {
      PATH: process.env.PATH ?? "",
      HOME: os.tmpdir(),
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      WEB_CONCURRENCY: "1",
      SEED_DEMO: "false",
      LOG_LEVEL: "warn",
      AUTH_SECRET: "load-balancer-test-secret-long-enough-for-all",
      PUBLIC_URL: "http://localhost:3000",
      SMTP_URL: mail.url,
      AUTH_RATE_LIMIT: "10000",
      SEARCH_RATE_LIMIT: String(SEARCH_LIMIT),
      // Well over the balancer's health-check interval × fall (2 × 250 ms) plus a slow check.
      SHUTDOWN_DRAIN_MS: "2500",
      ...(redisUp ? { REDIS_URL } : {}),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { name, port, child, output: () => output, exited };
}

async function until(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${what} within ${timeoutMs} ms`);
}

const ready = (base: string) => fetch(`${base}/readyz`).then((response) => response.ok);

async function waitForApp(app: AppProcess): Promise<void> {
  await until(
    async () => {
      if (app.child.exitCode !== null) throw new Error(`${app.name} exited:\n${app.output()}`);
      return (await ready(`http://127.0.0.1:${app.port}`)) && app.output().includes("is running at");
    },
    180_000,
    `${app.name} did not become ready`,
  );
}

/** Ready through the balancer: HAProxy's health checks have seen every process up. */
async function waitForBalancer(): Promise<void> {
  await until(
    async () => {
      const answers = await Promise.all(Array.from({ length: 6 }, () => ready(lb)));
      return answers.every(Boolean);
    },
    30_000,
    "the balancer did not route to the apps",
  );
}

beforeAll(async () => {
  if (!haproxy) return;
  database = await createTestDatabase();
  ({ db, pool } = createDb(database.url, { max: 4 }));
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "atelier-lb-"));
  mail = await startMailServer();
  const ports = [await freePort(), await freePort(), await freePort()];
  for (const [index, port] of ports.entries()) apps.push(startApp(`app-${"abc"[index]}`, port));
  await Promise.all(apps.map(waitForApp));

  const lbPort = await freePort();
  lb = `http://127.0.0.1:${lbPort}`;
  const config = path.join(dataDir, "haproxy.cfg");
  await fs.writeFile(
    config,
    [
      "global",
      "  maxconn 4000",
      "defaults",
      "  mode http",
      "  timeout connect 2s",
      "  timeout client 30s",
      "  timeout server 30s",
      // A request refused by a process going away (connection refused, or the 503 Fastify
      // answers while closing) goes to another one; bodies are buffered so POSTs can be resent.
      "  retries 3",
      "  option redispatch 1",
      "  option http-buffer-request",
      "  retry-on conn-failure empty-response 503",
      "frontend shop",
      `  bind 127.0.0.1:${lbPort}`,
      "  option forwardfor",
      "  default_backend apps",
      "backend apps",
      "  balance roundrobin",
      "  option httpchk GET /readyz",
      "  http-check expect status 200",
      // A check may take up to 2 s on a busy machine, and one slow answer does not take a
      // healthy process out (with `fall 1` and the check timing out at `inter`, two busy
      // processes once looked down at the same time and the balancer answered 503).
      "  timeout check 2s",
      "  default-server inter 250ms fall 2 rise 2",
      ...apps.map((app) => `  server ${app.name} 127.0.0.1:${app.port} check`),
      "",
    ].join("\n"),
  );
  balancer = spawn(haproxy, ["-f", config, "-db"], { stdio: ["ignore", "ignore", "pipe"] });
  await waitForBalancer();
}, 300_000);

afterAll(async () => {
  balancer?.kill("SIGTERM");
  for (const app of apps) if (app.child.exitCode === null) app.child.kill("SIGKILL");
  await Promise.all(apps.map((app) => app.exited));
  await pool?.end();
  await mail?.close();
  await database?.drop();
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
}, 60_000);

async function json(base: string, url: string, init: RequestInit = {}) {
  const response = await fetch(`${base}${url}`, init);
  const text = await response.text();
  return { status: response.status, text, body: text ? (JSON.parse(text) as unknown) : null };
}

const post = (body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method: "POST",
  headers: { "content-type": "application/json", ...headers },
  body: JSON.stringify(body),
});

async function newGuest(): Promise<Record<string, string>> {
  const created = await json(
    lb,
    "/api/guests",
    post({ username: `guest${Date.now()}${Math.floor(Math.random() * 1000)}` }),
  );
  expect(created.status, created.text).toBe(200);
  return { "x-guest-token": (created.body as { token: string }).token };
}

async function zoneId(): Promise<number> {
  const options = await json(lb, "/api/checkout/options");
  return (options.body as { zones: { id: number }[] }).zones[0]?.id ?? 0;
}

const orderBody = (email: string, deliveryZoneId: number) => ({
  contact: { email, phone: "+1 212 555 0100" },
  address: {
    fullName: "Balanced Buyer",
    phone: "+1 212 555 0100",
    line1: "1 Main Street",
    line2: "",
    city: "New York",
    region: "NY",
    postalCode: "10001",
    country: "US",
  },
  deliveryZoneId,
  paymentMethod: "cod",
});

/** A published variant with exactly `stock` units, and its product. */
async function variantWithStock(stock: number, offset: number) {
  const [row] = await db
    .select({ id: productVariants.id, productId: products.id })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(eq(products.isPublished, true))
    .orderBy(productVariants.id)
    .limit(1)
    .offset(offset);
  if (!row) throw new Error("no published variant");
  await db.update(productVariants).set({ stock }).where(eq(productVariants.id, row.id));
  return row;
}

async function ordersFor(email: string) {
  return db.select({ number: buyingHistory.number }).from(buyingHistory).where(eq(buyingHistory.email, email));
}

/** How many requests of a route a process has answered (its own /metrics, on loopback). */
async function answered(app: AppProcess, route: string): Promise<number> {
  const text = await (await fetch(`http://127.0.0.1:${app.port}/metrics`)).text();
  let total = 0;
  for (const line of text.split("\n")) {
    if (line.startsWith("atelier_http_requests_total{") && line.includes(`route="${route}"`)) {
      total += Number(line.split(" ").at(-1));
    }
  }
  return total;
}

describe.skipIf(!haproxy)("three app processes behind HAProxy", () => {
  it("see a product unpublished through one of them within a second", async () => {
    const [a, b, c] = apps as [AppProcess, AppProcess, AppProcess];
    const signUp = await fetch(`http://127.0.0.1:${a.port}/api/auth/sign-up/email`, {
      ...post(
        { email: `owner.${Date.now()}@example.com`, password: "violet-harbour-42", name: "Owner" },
        { origin: "http://localhost:3000" },
      ),
    });
    expect(signUp.status, await signUp.clone().text()).toBe(200);
    const token = signUp.headers.get("set-auth-token") ?? "";
    const user = ((await signUp.json()) as { user: { id: string } }).user;
    await staffAccessRepository(db).grantRole(user.id, "Owner");
    const { productId } = await variantWithStock(5, 40);
    const listing = "/api/products?pageSize=60&sort=newest";
    const listed = async (app: AppProcess) => {
      const page = await json(`http://127.0.0.1:${app.port}`, listing);
      return (page.body as { items: { id: number }[] }).items.some((item) => item.id === productId);
    };
    // Both readers have the listing in their caches.
    for (const reader of [b, c]) {
      await listed(reader);
      await listed(reader);
    }
    if (!(await listed(b))) throw new Error("pick a product that the first 60 newest include");

    const unpublished = await json(
      `http://127.0.0.1:${a.port}`,
      "/api/admin/products/bulk",
      post(
        { action: "unpublish", ids: [productId] },
        { authorization: `Bearer ${token}`, origin: "http://localhost:3000" },
      ),
    );
    expect(unpublished.status, unpublished.text).toBe(200);
    const written = Date.now();
    await until(async () => !(await listed(b)) && !(await listed(c)), 1_000, "the other processes still list it");
    expect(Date.now() - written).toBeLessThan(1_000);
    const details = await json(`http://127.0.0.1:${c.port}`, `/api/products/${productId}`);
    expect(details.status).toBe(404);
  });

  it("sell exactly the last 10 units to 50 buyers at once, each process taking its share", async () => {
    const variant = await variantWithStock(10, 0);
    const zone = await zoneId();
    const buyers = await Promise.all(Array.from({ length: 50 }, () => newGuest()));
    for (const headers of buyers) {
      const added = await json(lb, "/api/cart/lines", post({ variantId: variant.id, quantity: 1 }, headers));
      expect(added.status, added.text).toBe(200);
    }
    const before = await Promise.all(apps.map((app) => answered(app, "/api/checkout/orders")));
    const email = `last-ten-${randomUUID()}@example.com`;
    const answers = await Promise.all(
      buyers.map((headers) =>
        json(lb, "/api/checkout/orders", post(orderBody(email, zone), { ...headers, "idempotency-key": randomUUID() })),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    if (statuses.some((status) => status >= 500)) {
      // Say why: the failing process's log names the error.
      for (const app of apps)
        console.error(
          `--- ${app.name} ---\n${app
            .output()
            .split("\n")
            .filter((line) => line.includes('"level":50'))
            .join("\n")}`,
        );
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(10);
    expect(statuses.filter((status) => status !== 200 && status !== 409)).toEqual([]);
    expect(await ordersFor(email)).toHaveLength(10);
    const [row] = await db
      .select({ stock: productVariants.stock })
      .from(productVariants)
      .where(eq(productVariants.id, variant.id));
    expect(row?.stock).toBe(0);
    const after = await Promise.all(apps.map((app) => answered(app, "/api/checkout/orders")));
    for (const [index, count] of after.entries()) {
      expect(count - (before[index] ?? 0), `${apps[index]?.name}'s share`).toBeGreaterThan(0);
    }
  });

  it.skipIf(!redisUp)("count the search rate limit across all three (REDIS_URL)", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < SEARCH_LIMIT + 6; i++) {
      statuses.push((await fetch(`${lb}/api/admin/search-bar-products?q=tee${i}`)).status);
    }
    expect(statuses.slice(0, SEARCH_LIMIT).every((status) => status === 200)).toBe(true);
    // One process alone would allow SEARCH_LIMIT; the three together would allow three times that.
    expect(statuses.slice(SEARCH_LIMIT)).toEqual(Array(6).fill(429));
  });

  it("send an order's confirmation mail once, not once per process", async () => {
    const variant = await variantWithStock(3, 1);
    const headers = await newGuest();
    expect((await json(lb, "/api/cart/lines", post({ variantId: variant.id, quantity: 1 }, headers))).status).toBe(200);
    const email = `once-${randomUUID()}@example.com`;
    const placed = await json(
      lb,
      "/api/checkout/orders",
      post(orderBody(email, await zoneId()), { ...headers, "idempotency-key": randomUUID() }),
    );
    expect(placed.status, placed.text).toBe(200);
    await mail.waitFor((message) => message.to.includes(email), 30_000);
    await new Promise((resolve) => setTimeout(resolve, 3_000)); // time for a duplicate to arrive, if any
    expect(mail.messages.filter((message) => message.to.includes(email))).toHaveLength(1);
  });

  /** Buyers placing orders through the balancer for `ms`, retrying a failed answer with the same key. */
  async function buyFor(ms: number, during: () => Promise<void>) {
    const variants = await Promise.all([0, 1, 2, 3, 4].map((offset) => variantWithStock(100_000, offset)));
    const zone = await zoneId();
    const email = `load-${randomUUID()}@example.com`;
    const buyers = await Promise.all(Array.from({ length: 12 }, () => newGuest()));
    const numbers = new Set<string>();
    let failures = 0;
    let retried = 0;
    const end = Date.now() + ms;
    const loops = buyers.map(async (headers, index) => {
      while (Date.now() < end) {
        const variant = variants[index % variants.length];
        const added = await json(lb, "/api/cart/lines", post({ variantId: variant?.id, quantity: 1 }, headers)).catch(
          () => ({ status: 0, text: "", body: null }),
        );
        if (added.status !== 200) {
          failures++;
          continue;
        }
        const key = randomUUID();
        for (let attempt = 0; ; attempt++) {
          const placed = await json(
            lb,
            "/api/checkout/orders",
            post(orderBody(email, zone), { ...headers, "idempotency-key": key }),
          ).catch(() => ({ status: 0, text: "", body: null }));
          if (placed.status === 200) {
            numbers.add((placed.body as { order: { number: string } }).order.number);
            break;
          }
          if (attempt === 3) {
            failures++;
            break;
          }
          retried++;
        }
      }
    });
    await during();
    await Promise.all(loops);
    return { email, numbers, failures, retried };
  }

  it("lose no committed order when a process is killed under load, and route around it", async () => {
    const victim = apps[2] as AppProcess;
    const run = await buyFor(6_000, async () => {
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      victim.child.kill("SIGKILL");
      await victim.exited;
    });
    expect(run.numbers.size).toBeGreaterThan(10);
    expect(run.failures).toBe(0);
    const stored = (await ordersFor(run.email)).map((row) => row.number).sort();
    expect(stored).toEqual([...run.numbers].sort());
    // The balancer has taken the dead process out: every request now succeeds.
    for (let i = 0; i < 12; i++) expect((await fetch(`${lb}/api/admin/view-genders`)).status).toBe(200);

    // It comes back, and the balancer sends it requests again.
    apps[2] = startApp(victim.name, victim.port);
    await waitForApp(apps[2]);
    await waitForBalancer();
  }, 240_000);

  it("lose no request in a rolling restart under load", async () => {
    const failed: string[] = [];
    let served = 0;
    let stop = false;
    const readers = Array.from({ length: 8 }, async (_, index) => {
      while (!stop) {
        const status = await fetch(`${lb}/api/products?pageSize=6&page=${(index % 3) + 1}`)
          .then(async (response) => {
            const text = await response.text();
            return response.status === 200 ? "200" : `${response.status} ${text.slice(0, 120)}`;
          })
          .catch((error: unknown) => `network ${String(error)}`);
        if (status === "200") served++;
        else failed.push(status);
      }
    });
    for (const [index, app] of apps.entries()) {
      app.child.kill("SIGTERM");
      // A graceful stop exits 0; 1 means its shutdown overran the grace period (the output says where).
      expect(await app.exited, app.output().slice(-2000)).toBe(0);
      const again = startApp(app.name, app.port);
      apps[index] = again;
      await waitForApp(again);
      await waitForBalancer();
    }
    stop = true;
    await Promise.all(readers);
    expect(served).toBeGreaterThan(100);
    expect(failed).toEqual([]);
  }, 400_000);
});
