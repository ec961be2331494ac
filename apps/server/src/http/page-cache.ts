/**
 * The full-page cache of anonymous storefront pages (issue 18, ADR 0015).
 *
 * A page's HTML is rendered once per normalised URL, without the visitor's cookies or
 * authorization (so it is by construction the page every anonymous shopper gets), and
 * kept in memory, compressed once, until something it shows changes:
 * - every entry carries surrogate keys (the invalidation-bus topics it depends on:
 *   `catalog` for products, prices, stock, taxonomy, series, discounts and new arrivals;
 *   `settings` for the store settings); `purge(key)` retires the entries that carry it,
 *   in every process through the bus (wired in http/web.ts);
 * - scheduled changes (a discount starting or ending) already publish `catalog` at their
 *   second (promotions' discount clock); a page may also name its own expiry time;
 * - after `ttlMs` an entry is stale: it is still answered while one background render
 *   replaces it (the backstop when a broadcast is lost, as for the JSON cache).
 * Concurrent misses of one URL share one render (no stampede); the cache keeps at most
 * `maxBytes` of entries, the least recently used going first.
 *
 * **Stale if error** (issue 37): a purged or expired entry is not answered as it is, but
 * kept until its next render succeeds. When that render fails (a 5xx: the database is
 * down, so the page cannot be made), the kept copy is answered instead, so shoppers keep
 * browsing the pages the shop had while it is down. A page is compressed once
 * per encoding, when the first visitor asking for that encoding comes (`encoded`); a miss
 * answers a quickly compressed copy, and the entry's copy becomes the well-compressed one
 * once zlib's thread pool has made it (`encodedForMiss`).
 */

import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from "node:zlib";
import { canonicalPageParams } from "@atelier/contract/constants";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The encodings a page is kept in besides its plain bytes. */
export type PageEncoding = "br" | "gzip";

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

/** The pages a purge or an expiry left to be rendered anew, answered only if that render fails. */
const mustRevalidate = (entry: PageEntry, now: number) =>
  entry.purged === true || (entry.expiresAt !== undefined && entry.expiresAt <= now);

export interface PageEntry extends RenderedPage {
  etag: string;
  /**
   * Its compressed copies, each made when first asked for (`encoded`); a miss's quick copy
   * until the well-compressed one replaces it (`encodedForMiss`).
   */
  compressed: Partial<Record<PageEncoding, Promise<Buffer>>>;
  /** Counted against the budget: the page and, at most, as much again for its compressed copies. */
  bytes: number;
  staleAt: number;
  /** Its surrogate keys were purged: rendered anew before it is answered, unless that fails. */
  purged?: boolean;
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
  readonly stats = { hits: 0, misses: 0, stale: 0, purges: 0, staleIfError: 0 };
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
      if (mustRevalidate(hit, now)) {
        this.stats.misses++;
        return this.fill(key, render, hit);
      }
      this.entries.delete(key);
      this.entries.set(key, hit);
      this.stats.hits++;
      if (hit.staleAt <= now) {
        this.stats.stale++;
        this.fill(key, render).catch(() => undefined);
      }
      return hit;
    }
    this.stats.misses++;
    return this.fill(key, render);
  }

  /** The entry for `key` if it is fresh (counted as a hit), else undefined: `get` handles the rest. */
  fresh(key: string): PageEntry | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    const now = this.now();
    if (hit.staleAt <= now || mustRevalidate(hit, now)) return undefined;
    this.entries.delete(key);
    this.entries.set(key, hit);
    this.stats.hits++;
    return hit;
  }

  /**
   * Every entry carrying surrogate key `key` is rendered anew before it is answered again
   * (here only; the bus tells the others). Its bytes are kept until then, for stale-if-error.
   */
  purge(key: string): void {
    this.stats.purges++;
    this.generation++;
    this.pending.clear();
    for (const entry of this.entries.values()) if (entry.keys.includes(key)) entry.purged = true;
  }

  clear(): void {
    this.generation++;
    this.pending.clear();
    this.entries.clear();
    this.bytes = 0;
  }

  private fill(key: string, render: () => Promise<RenderedPage>, kept?: PageEntry): Promise<PageEntry | RenderedPage> {
    const inFlight = this.pending.get(key);
    if (inFlight) return inFlight;
    const generation = this.generation;
    const promise = render()
      .then((page): PageEntry | RenderedPage => {
        // Stale if error: the page could not be made now; the copy the cache had is better than an error.
        if (page.status >= 500 && kept && this.entries.get(key) === kept) {
          this.stats.staleIfError++;
          return kept;
        }
        if (!page.cacheable) return page;
        const entry = toEntry(page, this.now() + this.ttlMs);
        // A purge while this render ran: the page may show what changed; answer it, do not keep it.
        if (generation === this.generation) this.store(key, entry);
        return entry;
      })
      .catch((error: unknown) => {
        // A render that threw: the same, when there is a copy to answer.
        if (kept && this.entries.get(key) === kept) {
          this.stats.staleIfError++;
          return kept;
        }
        throw error;
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

function toEntry(page: RenderedPage, staleAt: number): PageEntry {
  const etag = `W/"${createHash("sha1").update(page.body).digest("base64url").slice(0, 22)}"`;
  return {
    ...page,
    etag,
    compressed: {},
    bytes: page.body.length * 2 + 512,
    staleAt: page.expiresAt === undefined ? staleAt : Math.min(staleAt, page.expiresAt),
  };
}

/**
 * Brotli for a page of HTML (tens to hundreds of KB): a 1 MB window (lgwin 20) holds the
 * whole page (the default 4 MB only costs memory to set up). Measured on an 83 KB product
 * page: quality 5 takes ~1.6 ms for 12.4 KB, quality 7 ~4 ms (with the default window up
 * to 28 ms) for 12.3 KB; gzip 6 ~2.5 ms for 16.9 KB, gzip 9 ~4 ms for 16.8 KB. These are
 * the copies an entry keeps and its hits answer. Both run in zlib's thread pool, not on
 * the event loop.
 */
const PAGE_BROTLI = {
  [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
  [constants.BROTLI_PARAM_QUALITY]: 5,
  [constants.BROTLI_PARAM_LGWIN]: 20,
};
const PAGE_GZIP_LEVEL = 6;

/**
 * What a miss answers while the kept copy is made (`encodedForMiss`): the visitor waits
 * for it, so the cheapest settings. Measured on a 72 KB product page (2026-11-29, a busy
 * 2-core machine, p50 of 200): brotli 1 takes 0.22 ms for 14.9 KB (3.0 µs per KB of
 * page), brotli 2 0.37 ms for 13.5 KB, gzip 1 0.33 ms for 15.1 KB (4.6 µs per KB), against
 * 1.1 ms for brotli 5's 11.8 KB and 0.95 ms for gzip 6's 13.0 KB: brotli 1 is the cheapest
 * per KB and as small as gzip 1.
 */
const QUICK_BROTLI = {
  [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
  [constants.BROTLI_PARAM_QUALITY]: 1,
  [constants.BROTLI_PARAM_LGWIN]: 20,
};
const QUICK_GZIP_LEVEL = 1;

/** The page's bytes compressed for `encoding` the well way (the kept copy), in zlib's thread pool. */
function compress(body: Buffer, encoding: PageEncoding): Promise<Buffer> {
  if (encoding === "gzip") return gzipAsync(body, { level: PAGE_GZIP_LEVEL });
  return brotli(body, { params: { ...PAGE_BROTLI, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } });
}

/**
 * The page's bytes compressed for `encoding` the quick way (a miss's copy), on the event loop:
 * ~0.2 ms of CPU, less than a round trip through the thread pool costs on a busy machine
 * (measured with `details-miss-1`: the pool's copy waited 3–8 ms under load, the work is 0.2).
 */
function compressNow(body: Buffer, encoding: PageEncoding): Promise<Buffer> {
  try {
    return Promise.resolve(
      encoding === "gzip"
        ? gzipSync(body, { level: QUICK_GZIP_LEVEL })
        : brotliCompressSync(body, { params: { ...QUICK_BROTLI, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
    );
  } catch (error) {
    return Promise.reject(error);
  }
}

/** Keeps `copy` as the entry's copy for `encoding`, until it fails (the next visitor tries again). */
function keep(entry: PageEntry, encoding: PageEncoding, copy: Promise<Buffer>): Promise<Buffer> {
  entry.compressed[encoding] = copy;
  copy.catch(() => {
    if (entry.compressed[encoding] === copy) delete entry.compressed[encoding];
  });
  return copy;
}

/**
 * The page compressed for `encoding`, as its hits answer it: the entry's copy when it has
 * one (the well-compressed copy, or a miss's quick copy until that is made), else the
 * well-compressed copy, made now (the first hit that wants this encoding waits for it)
 * and kept with the entry. A page only ever asked for plain (a crawler's, a load
 * generator's) is never compressed.
 */
export function encoded(entry: PageEntry, encoding: PageEncoding): Promise<Buffer> {
  return entry.compressed[encoding] ?? keep(entry, encoding, compress(entry.body, encoding));
}

/**
 * The page compressed for `encoding`, as a miss answers it: the visitor waits for this
 * copy, so it is made the quick way (brotli 1 or gzip 1, several times cheaper than the
 * kept settings for a few KB more), and kept until the well-compressed copy, made next in
 * zlib's thread pool without anyone waiting, replaces it in the entry. The concurrent
 * misses of one render share the quick copy; if the entry already has a copy, that one.
 */
export function encodedForMiss(entry: PageEntry, encoding: PageEncoding): Promise<Buffer> {
  const copy = entry.compressed[encoding];
  if (copy) return copy;
  const quick = keep(entry, encoding, compressNow(entry.body, encoding));
  // After the miss is answered (setting up the encoder is work too): the pool makes the kept copy.
  quick.then(
    () =>
      setImmediate(() => {
        if (entry.compressed[encoding] !== quick) return;
        compress(entry.body, encoding).then(
          (better) => {
            if (entry.compressed[encoding] === quick) entry.compressed[encoding] = Promise.resolve(better);
          },
          // The quick copy stays: it is a correct answer, only a larger one.
          () => undefined,
        );
      }),
    () => undefined,
  );
  return quick;
}

/** The cache key of a URL: the path and its query with parameters sorted and tracking tags dropped. */
export function normalisePageUrl(url: string): string {
  const question = url.indexOf("?");
  if (question === -1) return url;
  const query = canonicalPageParams(url.slice(question + 1)).toString();
  return query ? `${url.slice(0, question)}?${query}` : url.slice(0, question);
}

/**
 * The inline scripts' hashes for the Content-Security-Policy of a cached page: a cached
 * page is answered to many visitors, so it cannot carry one visitor's nonce (ADR 0015).
 *
 * Given the page's bytes (UTF-8), it searches a latin1 view of them — one character per
 * byte, made without decoding, so the match positions are byte offsets — and hashes each
 * script's bytes as they are, which are the UTF-8 encoding the browser hashes. Every byte
 * of a multi-byte UTF-8 character is ≥ 0x80, so none can be taken for `<`, `>` or
 * the ASCII white space the pattern looks for.
 */
export function inlineScriptHashes(html: string | Buffer): string[] {
  const bytes = typeof html === "string" ? Buffer.from(html, "utf8") : html;
  const text = bytes.toString("latin1");
  const hashes = new Set<string>();
  for (const match of text.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attributes = match[1] ?? "";
    const script = match[2] ?? "";
    if (/[\t\n\f\r ]src[\t\n\f\r ]*=/i.test(attributes) || script.length === 0) continue;
    const start = (match.index ?? 0) + match[0].length - script.length - "</script>".length;
    const digest = createHash("sha256")
      .update(bytes.subarray(start, start + script.length))
      .digest("base64");
    hashes.add(`'sha256-${digest}'`);
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
