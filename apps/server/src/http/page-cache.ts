/**
 * The full-page cache of anonymous storefront pages (issue 18, ADR 0015).
 *
 * A page's HTML is rendered once per normalised URL, without the visitor's cookies or
 * authorization (so it is by construction the page every anonymous shopper gets), and
 * kept in memory, compressed once, until something it shows changes:
 * - every entry carries surrogate keys (the invalidation-bus topics it depends on:
 *   `catalog` for products, prices, stock, taxonomy, series, discounts and new arrivals;
 *   `settings` for the store settings); `purge(key)` drops the entries that carry it,
 *   in every process through the bus (wired in http/web.ts);
 * - scheduled changes (a discount starting or ending) already publish `catalog` at their
 *   second (promotions' discount clock); a page may also name its own expiry time;
 * - after `ttlMs` an entry is stale: it is still answered while one background render
 *   replaces it (the backstop when a broadcast is lost, as for the JSON cache).
 * Concurrent misses of one URL share one render (no stampede); the cache keeps at most
 * `maxBytes` of entries, the least recently used going first.
 */
import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** A rendered page, buffered. */
export interface RenderedPage {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  /** Surrogate keys this page depends on. */
  keys: readonly string[];
  /** When the page must be rendered anew at the latest (epoch ms), e.g. a drop's launch. */
  expiresAt?: number | undefined;
  /** False: answer it to this request but do not keep it (set-cookie, private, 5xx). */
  cacheable: boolean;
}

export interface PageEntry extends RenderedPage {
  etag: string;
  /** Filled in the background once compressed. */
  br: Buffer | undefined;
  gzip: Buffer | undefined;
  /** Counted against the budget: the page and, at most, as much again for its compressed copies. */
  bytes: number;
  staleAt: number;
}

export interface PageCacheOptions {
  maxBytes: number;
  ttlMs?: number;
  now?: () => number;
}

export class PageCache {
  /** Map order is recency order: a hit moves its entry to the end. */
  private readonly entries = new Map<string, PageEntry>();
  private readonly pending = new Map<string, Promise<PageEntry | RenderedPage>>();
  private generation = 0;
  private bytes = 0;
  readonly stats = { hits: 0, misses: 0, stale: 0, purges: 0 };
  readonly maxBytes: number;
  private readonly ttlMs: number;
  private readonly now: () => number;

  constructor(options: PageCacheOptions) {
    this.maxBytes = options.maxBytes;
    this.ttlMs = options.ttlMs ?? 60_000;
    this.now = options.now ?? Date.now;
  }

  get size(): number {
    return this.entries.size;
  }

  get usedBytes(): number {
    return this.bytes;
  }

  /**
   * The page for `key`: from memory when fresh (or stale, refreshing it once in the
   * background), else from `render` shared by every concurrent caller of that key.
   * Answers that may not be kept come back as the bare `RenderedPage`.
   */
  async get(key: string, render: () => Promise<RenderedPage>): Promise<PageEntry | RenderedPage> {
    const hit = this.entries.get(key);
    if (hit) {
      const now = this.now();
      if (hit.expiresAt !== undefined && hit.expiresAt <= now) {
        this.drop(key, hit);
      } else {
        this.entries.delete(key);
        this.entries.set(key, hit);
        this.stats.hits++;
        if (hit.staleAt <= now) {
          this.stats.stale++;
          this.fill(key, render).catch(() => undefined);
        }
        return hit;
      }
    }
    this.stats.misses++;
    return this.fill(key, render);
  }

  /** The entry for `key` if it is fresh (counted as a hit), else undefined: `get` handles the rest. */
  fresh(key: string): PageEntry | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    const now = this.now();
    if (hit.staleAt <= now || (hit.expiresAt !== undefined && hit.expiresAt <= now)) return undefined;
    this.entries.delete(key);
    this.entries.set(key, hit);
    this.stats.hits++;
    return hit;
  }

  /** Drops every entry carrying surrogate key `key` (here only; the bus tells the others). */
  purge(key: string): void {
    this.stats.purges++;
    this.generation++;
    this.pending.clear();
    for (const [url, entry] of this.entries) if (entry.keys.includes(key)) this.drop(url, entry);
  }

  clear(): void {
    this.generation++;
    this.pending.clear();
    this.entries.clear();
    this.bytes = 0;
  }

  private fill(key: string, render: () => Promise<RenderedPage>): Promise<PageEntry | RenderedPage> {
    const inFlight = this.pending.get(key);
    if (inFlight) return inFlight;
    const generation = this.generation;
    const promise = render()
      .then((page): PageEntry | RenderedPage => {
        if (!page.cacheable) return page;
        const entry = toEntry(page, this.now() + this.ttlMs);
        // A purge while this render ran: the page may show what changed; answer it, do not keep it.
        if (generation === this.generation) this.store(key, entry);
        return entry;
      })
      .finally(() => {
        if (this.pending.get(key) === promise) this.pending.delete(key);
      });
    this.pending.set(key, promise);
    return promise;
  }

  private store(key: string, entry: PageEntry): void {
    const old = this.entries.get(key);
    if (old) this.drop(key, old);
    if (entry.bytes > this.maxBytes) return;
    this.entries.set(key, entry);
    this.bytes += entry.bytes;
    for (const [oldest, value] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.drop(oldest, value);
    }
  }

  private drop(key: string, entry: PageEntry): void {
    if (this.entries.get(key) !== entry) return;
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }
}

/**
 * The entry of a rendered page. Its brotli and gzip copies are made in the background
 * (zlib's thread pool), so a miss is answered as soon as it is rendered; until they are
 * there, the answer is compressed per request like any other.
 */
function toEntry(page: RenderedPage, staleAt: number): PageEntry {
  const etag = `W/"${createHash("sha1").update(page.body).digest("base64url").slice(0, 22)}"`;
  const entry: PageEntry = {
    ...page,
    etag,
    br: undefined,
    gzip: undefined,
    bytes: page.body.length * 2 + 512,
    staleAt: page.expiresAt === undefined ? staleAt : Math.min(staleAt, page.expiresAt),
  };
  Promise.all([
    brotli(page.body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 7, [constants.BROTLI_PARAM_SIZE_HINT]: page.body.length },
    }),
    gzipAsync(page.body, { level: 9 }),
  ])
    .then(([br, gz]) => {
      entry.br = br;
      entry.gzip = gz;
    })
    .catch(() => undefined);
  return entry;
}

/** Query parameters no page reads: marketing tags that would split one page into many entries. */
const IGNORED_PARAMS = /^(utm_[a-z]+|fbclid|gclid|msclkid|mc_cid|mc_eid|_ga|ref)$/;

/** The cache key of a URL: the path and its query with parameters sorted and tracking tags dropped. */
export function normalisePageUrl(url: string): string {
  const question = url.indexOf("?");
  if (question === -1) return url;
  const params = new URLSearchParams(url.slice(question + 1));
  const kept = [...params].filter(([name]) => !IGNORED_PARAMS.test(name));
  kept.sort(([a, va], [b, vb]) => (a < b ? -1 : a > b ? 1 : va < vb ? -1 : va > vb ? 1 : 0));
  const query = new URLSearchParams(kept).toString();
  return query ? `${url.slice(0, question)}?${query}` : url.slice(0, question);
}

/**
 * The inline scripts' hashes for the Content-Security-Policy of a cached page: a cached
 * page is answered to many visitors, so it cannot carry one visitor's nonce (ADR 0015).
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attributes = match[1] ?? "";
    const text = match[2] ?? "";
    if (/\ssrc\s*=/i.test(attributes) || text.length === 0) continue;
    hashes.add(`'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`);
  }
  return [...hashes];
}

/** The policy helmet built for this request, with script-src's nonce replaced by `hashes`. */
export function policyWithHashes(policy: string, hashes: readonly string[]): string {
  return policy
    .split(";")
    .map((directive) => {
      const parts = directive.trim().split(/\s+/);
      const name = parts[0] ?? "";
      const sources = parts.slice(1).filter((source) => !source.startsWith("'nonce-"));
      if (name === "script-src" || name === "script-src-elem") sources.push(...hashes);
      return [name, ...sources].join(" ");
    })
    .filter((directive) => directive.length > 0)
    .join(";");
}
