/**
 * A small in-process cache of serialised JSON answers for catalogue reads, which are
 * read far more often than written. Writes call `invalidate()`, which clears this copy and
 * tells the other processes through the invalidation bus (`onInvalidate`; they `clear()`
 * theirs within a second, ADR 0007). Entries also expire after `ttlMs`, the backstop when
 * a broadcast is lost (give or take one refresh).
 *
 * An entry expired less than `ttlMs` ago is still answered while one refresh runs in the
 * background: otherwise every request for a busy key (the home page, a popular list)
 * queued behind the database each time the entry expired, which showed as multi-second
 * tail latencies under load.
 */
import { createHash } from "node:crypto";
import { RawJson } from "./routes.ts";

export class ResponseCache {
  private readonly entries = new Map<string, { value: RawJson; expires: number }>();
  private readonly pending = new Map<string, Promise<RawJson>>();
  private generation = 0;
  /** Answers served from memory (fresh or stale) and computed anew, for /metrics. */
  readonly stats = { hits: 0, misses: 0 };

  private readonly maxEntries: number;
  private readonly ttlMs: number;

  private readonly onInvalidate: (() => void) | undefined;

  constructor(maxEntries = 2_000, ttlMs = 30_000, onInvalidate?: () => void) {
    this.maxEntries = maxEntries;
    this.ttlMs = ttlMs;
    this.onInvalidate = onInvalidate;
  }

  async get(key: string, compute: () => Promise<unknown>): Promise<RawJson> {
    const hit = this.entries.get(key);
    const now = Date.now();
    if (hit && hit.expires > now) {
      this.stats.hits++;
      return hit.value;
    }
    if (hit && hit.expires + this.ttlMs > now) {
      this.stats.hits++;
      // A failed refresh keeps the stale copy until it is too old; the next request retries.
      this.refresh(key, compute).catch(() => undefined);
      return hit.value;
    }
    this.stats.misses++;
    return this.refresh(key, compute);
  }

  private refresh(key: string, compute: () => Promise<unknown>): Promise<RawJson> {
    const inFlight = this.pending.get(key);
    if (inFlight) return inFlight;
    const generation = this.generation;
    const promise = compute()
      .then((data) => {
        const body = JSON.stringify(data);
        const etag = `W/"${createHash("sha1").update(body).digest("base64url").slice(0, 22)}"`;
        const value = new RawJson(body, etag);
        if (generation === this.generation) this.store(key, value);
        return value;
      })
      .finally(() => this.pending.delete(key));
    this.pending.set(key, promise);
    return promise;
  }

  /** A write happened here: forget everything, and tell the other processes. */
  invalidate(): void {
    this.clear();
    this.onInvalidate?.();
  }

  /** Forget everything (a write happened, here or in another process). */
  clear(): void {
    this.generation++;
    this.entries.clear();
    this.pending.clear();
  }

  private store(key: string, value: RawJson): void {
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, { value, expires: Date.now() + this.ttlMs });
  }
}
