/**
 * /metrics (Prometheus text) and request ids, on the composed app: what the requests,
 * the database pool, the catalogue cache and checkout did shows up in the numbers, and
 * only this machine (or a holder of METRICS_TOKEN) may read them.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { address, addToCart, newGuest, stockedVariants } from "./support/checkout-shopping.ts";
import { createTestApp, eventually, type TestApp } from "./support/index.ts";

let test: TestApp;

beforeAll(async () => {
  test = await createTestApp();
});

afterAll(() => test.close());

async function scrape(app = test.app, headers: Record<string, string> = {}) {
  const response = await app.inject({ url: "/metrics", headers });
  return { status: response.statusCode, type: response.headers["content-type"], text: response.body };
}

/** The samples of a Prometheus text answer, checked line by line against the format. */
function parseProm(text: string): Map<string, number> {
  const samples = new Map<string, number>();
  const typed = new Set<string>();
  for (const line of text.split("\n")) {
    if (line === "") continue;
    const comment = /^# (HELP|TYPE) ([a-zA-Z_:][a-zA-Z0-9_:]*) (.+)$/.exec(line);
    if (comment) {
      if (comment[1] === "TYPE") {
        expect(["counter", "gauge", "histogram", "summary", "untyped"]).toContain(comment[3]);
        typed.add(comment[2] ?? "");
      }
      continue;
    }
    const sample = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{[^}]*\})? (-?[0-9.e+-]+|[Nn][Aa][Nn]|[+-]Inf)$/.exec(line);
    expect(sample, `not a Prometheus sample line: ${line}`).not.toBeNull();
    const name = sample?.[1] ?? "";
    const family = name.replace(/_(bucket|sum|count|total|created)$/, "");
    expect(typed.has(name) || typed.has(family), `${name} has no # TYPE line before it`).toBe(true);
    samples.set(`${name}${sample?.[2] ?? ""}`, Number(sample?.[3]));
  }
  return samples;
}

describe("GET /metrics", () => {
  it("answers Prometheus text with requests by route pattern and status class, pool and cache", async () => {
    await test.app.inject({ url: "/api/products?pageSize=3" });
    await test.app.inject({ url: "/api/products?pageSize=3" }); // the second from the cache
    await test.app.inject({ url: "/api/no-such-thing" });
    await test.app.inject({ url: "/" });
    const { status, type, text } = await scrape();
    expect(status).toBe(200);
    expect(type).toContain("text/plain");
    const samples = parseProm(text);
    expect(samples.get('atelier_http_requests_total{method="GET",route="/api/products",status="2xx"}')).toBe(2);
    expect(samples.get('atelier_http_requests_total{method="GET",route="/*",status="2xx"}')).toBeGreaterThanOrEqual(1);
    expect(samples.get('atelier_http_requests_total{method="GET",route="/*",status="4xx"}')).toBe(1);
    expect(
      samples.get('atelier_http_request_duration_seconds_count{method="GET",route="/api/products",status="2xx"}'),
    ).toBe(2);
    expect(samples.get('atelier_response_cache_lookups{result="hit"}')).toBeGreaterThanOrEqual(1);
    expect(samples.get('atelier_response_cache_lookups{result="miss"}')).toBeGreaterThanOrEqual(1);
    expect(samples.has('atelier_db_pool_connections{state="idle"}')).toBe(true);
    expect(samples.get('atelier_db_pool_connections{state="waiting"}')).toBe(0);
    expect(samples.has("atelier_process_resident_memory_bytes")).toBe(true);
    // Raw URLs never become labels.
    expect(text).not.toContain("pageSize");
  });

  it("counts the orders placed", async () => {
    const before = parseProm((await scrape()).text).get("atelier_orders_placed_total") ?? 0;
    const [variant] = await stockedVariants(test, 1, 5);
    const guest = await newGuest(test);
    await addToCart(test, guest, variant?.id ?? 0, 1);
    const options = (await test.app.inject({ url: "/api/checkout/options" })).json<{ zones: { id: number }[] }>();
    const placed = await test.app.inject({
      method: "POST",
      url: "/api/checkout/orders",
      headers: { ...guest.headers, "idempotency-key": randomUUID() },
      payload: {
        contact: { email: "metrics@example.com", phone: "+1 212 555 0100" },
        address,
        deliveryZoneId: options.zones[0]?.id,
        paymentMethod: "cod",
      },
    });
    expect(placed.statusCode).toBe(200);
    expect(parseProm((await scrape()).text).get("atelier_orders_placed_total")).toBe(before + 1);
    // The confirmation mail went through the job queue: it shows as run once it is sent.
    await eventually(
      async () => {
        const { text } = await scrape();
        const completed = [...parseProm(text)].some(
          ([key, value]) =>
            key.startsWith("atelier_jobs_processed{") && key.includes('result="completed"') && value > 0,
        );
        return completed && text.includes("# TYPE atelier_jobs_waiting gauge");
      },
      { what: "a completed mail job in /metrics" },
    );
  });

  it("answers clients on this machine only, without a token", async () => {
    const remote = await test.app.inject({ url: "/metrics", remoteAddress: "203.0.113.9" });
    expect(remote.statusCode).toBe(403);
    expect(remote.json().error.code).toBe("forbidden");
    // A forwarded address claiming loopback changes nothing.
    const forged = await test.app.inject({
      url: "/metrics",
      remoteAddress: "203.0.113.9",
      headers: { "x-forwarded-for": "127.0.0.1" },
    });
    expect(forged.statusCode).toBe(403);
  });

  it("asks for METRICS_TOKEN as a bearer token when one is set", async () => {
    const token = "metrics-token-long-enough-42";
    const guarded = await createTestApp({ METRICS_TOKEN: token });
    try {
      expect((await scrape(guarded.app)).status).toBe(401);
      expect((await scrape(guarded.app, { authorization: "Bearer metrics-token-long-enough-43" })).status).toBe(401);
      const remote = await guarded.app.inject({
        url: "/metrics",
        remoteAddress: "203.0.113.9",
        headers: { authorization: `Bearer ${token}` },
      });
      expect(remote.statusCode).toBe(200);
      expect(remote.body).toContain("atelier_http_requests_total");
    } finally {
      await guarded.close();
    }
  });
});

describe("request ids", () => {
  it("name every answer, keep a proxy's well-formed id and replace a malformed one", async () => {
    const own = await test.app.inject({ url: "/api/admin/view-genders" });
    expect(own.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    const page = await test.app.inject({ url: "/" });
    expect(page.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(page.headers["x-request-id"]).not.toBe(own.headers["x-request-id"]);
    const kept = await test.app.inject({ url: "/api/no-such-thing", headers: { "x-request-id": "lb-7f3a9c21" } });
    expect(kept.headers["x-request-id"]).toBe("lb-7f3a9c21");
    // Error answers carry it in their body too.
    expect(kept.json().error).toMatchObject({ code: "not_found", requestId: "lb-7f3a9c21" });
    const invalid = await test.app.inject({ method: "POST", url: "/api/guests", payload: { username: "x" } });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().error.requestId).toBe(invalid.headers["x-request-id"]);
    const replaced = await test.app.inject({ url: "/healthz", headers: { "x-request-id": "<script>" } });
    expect(replaced.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  });
});
