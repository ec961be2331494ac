/**
 * GET /metrics in Prometheus' text format (prom-client): requests and their latency by
 * route and status class, the database pool (connections in use, idle, and callers
 * waiting for one), the catalogue cache's hits and misses, the job queue (waiting jobs,
 * jobs run and failed), orders placed, and Node's own process metrics. Route labels are route patterns (`/api/products/:productId`,
 * `/*` for every storefront page), never raw URLs, so the series stay few.
 *
 * Who may read it: with METRICS_TOKEN set, a caller sending it as a bearer token; without
 * it, only clients on this machine (the socket's address, never X-Forwarded-For), so a
 * shop behind a proxy does not publish its numbers.
 */
import { timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type pg from "pg";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type { JobQueue } from "../infra/jobs.ts";
import type { ResponseCache } from "./cache.ts";
import { errorBody } from "./errors.ts";

export interface ShopMetrics {
  registry: Registry;
  ordersPlaced: Counter;
}

const LOOPBACK = new Set(["127.0.0.1", "::1", "::ffff:127.0.0.1"]);

export function registerMetrics(
  app: FastifyInstance,
  deps: { pool: pg.Pool; cache: ResponseCache; jobs: JobQueue; token: string | undefined },
): ShopMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: "atelier_" });
  const labelNames = ["method", "route", "status"] as const;
  const requests = new Counter({
    name: "atelier_http_requests_total",
    help: "HTTP requests answered, by method, route pattern and status class",
    labelNames,
    registers: [registry],
  });
  const duration = new Histogram({
    name: "atelier_http_request_duration_seconds",
    help: "Time to answer an HTTP request, by method, route pattern and status class",
    labelNames,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const { pool, cache } = deps;
  new Gauge({
    name: "atelier_db_pool_connections",
    help: "Database pool connections: in use, idle, and callers waiting for one",
    labelNames: ["state"],
    registers: [registry],
    collect() {
      this.set({ state: "in_use" }, pool.totalCount - pool.idleCount);
      this.set({ state: "idle" }, pool.idleCount);
      this.set({ state: "waiting" }, pool.waitingCount);
    },
  });
  new Gauge({
    name: "atelier_response_cache_lookups",
    help: "Catalogue response cache lookups since start, by result (hit or miss)",
    labelNames: ["result"],
    registers: [registry],
    collect() {
      this.set({ result: "hit" }, cache.stats.hits);
      this.set({ result: "miss" }, cache.stats.misses);
    },
  });
  const { jobs } = deps;
  new Gauge({
    name: "atelier_jobs_waiting",
    help: "Jobs of the queue not finished yet (created, retrying or running), by queue, across all processes",
    labelNames: ["queue"],
    registers: [registry],
    async collect() {
      this.reset();
      const { rows } = await pool
        .query<{ name: string; n: number }>(
          "select name, count(*)::int as n from pgboss.job where state in ('created', 'retry', 'active') group by name",
        )
        .catch(() => ({ rows: [] as { name: string; n: number }[] })); // the queue's schema is not there yet
      for (const row of rows) this.set({ queue: row.name }, row.n);
    },
  });
  new Gauge({
    name: "atelier_jobs_processed",
    help: "Jobs this process has run since it started, by queue and result (completed or failed)",
    labelNames: ["queue", "result"],
    registers: [registry],
    collect() {
      for (const [queue, counts] of jobs.counts) {
        this.set({ queue, result: "completed" }, counts.completed);
        this.set({ queue, result: "failed" }, counts.failed);
      }
    },
  });
  const ordersPlaced = new Counter({
    name: "atelier_orders_placed_total",
    help: "Orders placed since start (card orders once paid)",
    registers: [registry],
  });

  app.addHook("onResponse", async (request, reply) => {
    const labels = {
      method: request.method,
      route: request.routeOptions.url ?? "unmatched",
      status: `${Math.floor(reply.statusCode / 100)}xx`,
    };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
  });

  app.get("/metrics", { schema: { hide: true } }, async (request, reply) => {
    if (!allowed(request, deps.token)) {
      const status = deps.token ? 401 : 403;
      const message = deps.token
        ? "Send the metrics token as a bearer token."
        : "Metrics answer clients on this machine only (set METRICS_TOKEN to read them from elsewhere).";
      return reply.status(status).send(errorBody(status === 401 ? "unauthorized" : "forbidden", message));
    }
    reply.header("cache-control", "no-store");
    return reply.type(registry.contentType).send(await registry.metrics());
  });
  return { registry, ordersPlaced };
}

function allowed(request: FastifyRequest, token: string | undefined): boolean {
  if (!token) return LOOPBACK.has(request.socket.remoteAddress ?? "");
  const sent = /^Bearer (.+)$/.exec(request.headers.authorization ?? "")?.[1] ?? "";
  const expected = Buffer.from(token);
  const given = Buffer.from(sent);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
