/**
 * Counts product page views (and, with `record(id, at, "cartAdds")`, adds to a cart: the
 * reports' funnel) without a database write per event: increments are summed in memory
 * per (product, UTC day) and flushed every few seconds, and at shutdown, as one upsert. Each app process keeps its own buffer; the upsert adds, so several processes
 * behind a load balancer count correctly together.
 */
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import type { Db } from "../../db/client.ts";
import { type DayViews, productStatsRepository } from "./repository.ts";
import { viewedProductId } from "./view-filter.ts";

const FLUSH_EVERY_MS = 5_000;
/** Distinct (product, day) keys held between flushes: ids come from URLs, so they are capped. */
const MAX_KEYS = 20_000;

export class ViewCounter {
  readonly #save: (rows: DayViews[]) => Promise<unknown>;
  readonly #log: FastifyBaseLogger | undefined;
  #pending = new Map<string, DayViews>();
  #timer: NodeJS.Timeout | undefined;
  #flushing: Promise<void> = Promise.resolve();

  constructor(options: {
    save: (rows: DayViews[]) => Promise<unknown>;
    log?: FastifyBaseLogger;
    flushEveryMs?: number;
  }) {
    this.#save = options.save;
    this.#log = options.log;
    const every = options.flushEveryMs ?? FLUSH_EVERY_MS;
    if (every > 0) {
      this.#timer = setInterval(() => void this.flush(), every);
      // Counting views must never keep the process alive on its own.
      this.#timer.unref();
    }
  }

  record(productId: number, at: Date = new Date(), what: "views" | "cartAdds" = "views"): void {
    const day = at.toISOString().slice(0, 10);
    const key = `${productId}|${day}`;
    let row = this.#pending.get(key);
    if (!row) {
      if (this.#pending.size >= MAX_KEYS) return;
      row = { productId, day, views: 0, cartAdds: 0 };
      this.#pending.set(key, row);
    }
    row[what] = (row[what] ?? 0) + 1;
  }

  /** Writes what was counted so far; flushes run one after another, never overlapping. */
  flush(): Promise<void> {
    this.#flushing = this.#flushing.then(() => this.#write());
    return this.#flushing;
  }

  async close(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer);
    await this.flush();
  }

  async #write(): Promise<void> {
    if (this.#pending.size === 0) return;
    const rows = [...this.#pending.values()];
    this.#pending = new Map();
    try {
      await this.#save(rows);
    } catch (error) {
      // Views are statistics: a failed write is logged and those counts are dropped
      // rather than retried forever against a database that is down.
      this.#log?.warn({ err: error, rows: rows.length }, "could not save product views");
    }
  }
}

/** Counts the product page views `app` answers (call before the web host is registered). */
export function countProductViews(app: FastifyInstance, db: Db, options: { flushEveryMs?: number } = {}): ViewCounter {
  const repo = productStatsRepository(db);
  const counter = new ViewCounter({ save: (rows) => repo.addViews(rows), log: app.log, ...options });
  app.addHook("onResponse", async (request, reply) => {
    const productId = viewedProductId({
      method: request.method,
      url: request.url,
      statusCode: reply.statusCode,
      headers: request.headers,
    });
    if (productId !== null) counter.record(productId);
  });
  app.addHook("onClose", () => counter.close());
  return counter;
}

/**
 * Counts adds to a cart per product and UTC day (the reports' funnel: views → cart →
 * order), batched like views; the cart module calls `record` after an add commits.
 */
export function countCartAdds(app: FastifyInstance, db: Db): ViewCounter {
  const repo = productStatsRepository(db);
  const counter = new ViewCounter({ save: (rows) => repo.addViews(rows), log: app.log });
  app.addHook("onClose", () => counter.close());
  return counter;
}
