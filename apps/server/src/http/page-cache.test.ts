/** The full-page cache: shared misses, byte budget, surrogate-key purges, expiry, CSP hashes, URL keys. */
import { createHash } from "node:crypto";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it, vi } from "vitest";
import {
  encoded,
  encodedForMiss,
  inlineScriptHashes,
  normalisePageUrl,
  PageCache,
  type PageEntry,
  policyWithHashes,
  type RenderedPage,
} from "./page-cache.ts";

function page(body: string, keys: string[] = ["catalog"], extra: Partial<RenderedPage> = {}): RenderedPage {
  return { status: 200, headers: {}, body: Buffer.from(body), keys, cacheable: true, ...extra };
}

/** A page of HTML with a product list's repetition and variety (~100 KB), so the encodings' levels differ. */
function listHtml(): string {
  const words = ["Linen", "Oversized", "Printed", "Hoodie", "Relaxed", "Tee", "Cargo", "Wool", "Pleated", "Denim"];
  const cards = Array.from({ length: 600 }, (_, i) => {
    const name = `${words[(i * 7) % 10]} ${words[(i * 3 + 1) % 10]} ${words[(i * i) % 10]} ${(i * 7919) % 1000}`;
    return `<li class="card"><a href="/products/details/${i * 13}"><img src="/api/admin/getimage/p${(i * 31) % 997}.webp?w=480" alt="${name}"></a><h3>${name}</h3><span class="price">${(i * 37) % 500}.99</span></li>`;
  });
  return `<!DOCTYPE html><html lang="en"><body><ul class="grid">${cards.join("")}</ul></body></html>`;
}

const decode = { br: brotliDecompressSync, gzip: gunzipSync } as const;

/** Renders "<name> 1", "<name> 2" … and counts the renders. */
function counting(name: string, keys?: string[], size = 0) {
  const render = {
    calls: 0,
    run: async () => page(`${name} ${++render.calls}${"x".repeat(size)}`, keys),
  };
  return render;
}

describe("the page cache", () => {
  it("renders a page once for any number of concurrent and later requests", async () => {
    const cache = new PageCache({ maxBytes: 1_000_000 });
    const render = counting("home");
    const answers = await Promise.all(Array.from({ length: 20 }, () => cache.get("/", render.run)));
    expect(new Set(answers.map((answer) => answer.body.toString()))).toEqual(new Set(["home 1"]));
    expect((await cache.get("/", render.run)).body.toString()).toBe("home 1");
    expect(cache.fresh("/")?.body.toString()).toBe("home 1");
    expect(render.calls).toBe(1);
  });

  it("keeps to its byte budget, dropping the least recently used page first", async () => {
    const cache = new PageCache({ maxBytes: 3 * 2_600 });
    const renders = ["/a", "/b", "/c", "/d"].map((url) => ({ url, render: counting(url, ["catalog"], 1_000) }));
    const [a, b, c, d] = renders as [
      (typeof renders)[0],
      (typeof renders)[0],
      (typeof renders)[0],
      (typeof renders)[0],
    ];
    await cache.get(a.url, a.render.run);
    await cache.get(b.url, b.render.run);
    await cache.get(c.url, c.render.run);
    expect(cache.usedBytes).toBeLessThanOrEqual(cache.maxBytes);
    await cache.get(a.url, a.render.run); // a is now the most recently used
    await cache.get(d.url, d.render.run);
    expect(cache.usedBytes).toBeLessThanOrEqual(cache.maxBytes);
    expect(cache.fresh(b.url)).toBeUndefined();
    expect(cache.fresh(a.url)).toBeDefined();
    expect(cache.fresh(d.url)).toBeDefined();
  });

  it("drops the pages carrying a purged key and only those", async () => {
    const cache = new PageCache({ maxBytes: 1_000_000 });
    const product = counting("product", ["catalog", "settings"]);
    const about = counting("about", ["settings"]);
    await cache.get("/products/details/1", product.run);
    await cache.get("/about", about.run);
    cache.purge("catalog");
    expect(cache.fresh("/products/details/1")).toBeUndefined();
    expect(cache.fresh("/about")?.body.toString()).toBe("about 1");
    expect((await cache.get("/products/details/1", product.run)).body.toString()).toBe("product 2");
  });

  it("does not keep a page whose render began before a purge", async () => {
    const cache = new PageCache({ maxBytes: 1_000_000 });
    let release: (value: RenderedPage) => void = () => {};
    const slow = cache.get("/", () => new Promise<RenderedPage>((resolve) => (release = resolve)));
    cache.purge("catalog");
    release(page("old price"));
    expect((await slow).body.toString()).toBe("old price");
    expect(cache.fresh("/")).toBeUndefined();
  });

  it("answers a stale page while one render replaces it, and renders anew at a page's own expiry", async () => {
    let now = 1_000;
    const cache = new PageCache({ maxBytes: 1_000_000, ttlMs: 100, now: () => now });
    const render = counting("home");
    await cache.get("/", render.run);
    now += 150;
    expect(cache.fresh("/")).toBeUndefined();
    expect((await cache.get("/", render.run)).body.toString()).toBe("home 1");
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(cache.fresh("/")?.body.toString()).toBe("home 2");

    const launch = { calls: 0 };
    const drop = async () => page(`drop ${++launch.calls}`, ["catalog"], { expiresAt: now + 10 });
    await cache.get("/collabs/x", drop);
    now += 10;
    expect((await cache.get("/collabs/x", drop)).body.toString()).toBe("drop 2");
  });

  it("answers the copy it had when a purged or expired page cannot be rendered anew (stale if error)", async () => {
    let now = 1_000;
    const cache = new PageCache({ maxBytes: 1_000_000, now: () => now });
    let failing = false;
    const render = counting("product");
    const run = async () =>
      failing ? page("the shop is down", ["catalog"], { status: 503, cacheable: false }) : render.run();
    await cache.get("/products/details/1", run);
    failing = true;
    cache.purge("catalog");
    expect(cache.fresh("/products/details/1")).toBeUndefined();
    const stale = await cache.get("/products/details/1", run);
    expect(stale.status).toBe(200);
    expect(stale.body.toString()).toBe("product 1");
    expect(cache.stats.staleIfError).toBe(1);
    // A render that throws is the same; a page it never had is the error.
    expect((await cache.get("/products/details/1", () => Promise.reject(new Error("down")))).body.toString()).toBe(
      "product 1",
    );
    expect((await cache.get("/products/details/2", run)).status).toBe(503);
    // A page's own expiry too.
    const expiring = async () =>
      failing
        ? page("down", ["collabs"], { status: 503, cacheable: false })
        : page("drop", ["collabs"], { expiresAt: now + 10 });
    failing = false;
    await cache.get("/collabs/x", expiring);
    failing = true;
    now += 20;
    expect((await cache.get("/collabs/x", expiring)).body.toString()).toBe("drop");
    // Back up: the next render replaces the kept copy.
    failing = false;
    expect((await cache.get("/products/details/1", run)).body.toString()).toBe("product 2");
    expect(cache.fresh("/products/details/1")?.body.toString()).toBe("product 2");
  });

  it("hands back a page that may not be kept without keeping it", async () => {
    const cache = new PageCache({ maxBytes: 1_000_000 });
    const answer = await cache.get("/", async () => page("private", ["catalog"], { cacheable: false }));
    expect(answer.body.toString()).toBe("private");
    expect(cache.size).toBe(0);
  });

  it("keys a URL by its path and sorted query, without tracking tags", () => {
    expect(normalisePageUrl("/search-product?q=tee&utm_source=mail&page=2")).toBe("/search-product?page=2&q=tee");
    expect(normalisePageUrl("/search-product?page=2&q=tee")).toBe("/search-product?page=2&q=tee");
    expect(normalisePageUrl("/?fbclid=abc")).toBe("/");
    expect(normalisePageUrl("/products/3")).toBe("/products/3");
  });

  it("names each inline script by its hash in script-src, instead of a nonce", () => {
    const html =
      '<script>window.a=1</script><script type="module" src="/assets/x.js"></script><script nonce="">import("/y")</script>';
    const hash = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;
    const hashes = inlineScriptHashes(html);
    expect(hashes).toEqual([hash("window.a=1"), hash('import("/y")')]);
    const policy = policyWithHashes(
      "default-src 'self';script-src 'self' 'nonce-abc';style-src 'self' 'nonce-def';object-src 'none'",
      hashes,
    );
    expect(policy).toBe(`default-src 'self';script-src 'self' ${hashes.join(" ")};style-src 'self';object-src 'none'`);
  });

  it("hashes a page's bytes as the browser does: the UTF-8 of each inline script, multi-byte characters too", () => {
    const script = 'window.t="Café — 東京 🧵 <b>"';
    const html = `<p>é</p><SCRIPT type="application/ld+json">${script}</SCRIPT><script\nsrc="/a.js"></script>`;
    const expected = [`'sha256-${createHash("sha256").update(script, "utf8").digest("base64")}'`];
    expect(inlineScriptHashes(Buffer.from(html, "utf8"))).toEqual(expected);
    expect(inlineScriptHashes(html)).toEqual(expected);
  });

  it.each(["br", "gzip"] as const)(
    "answers a miss a quick %s copy of the page's bytes, then keeps the well-compressed copy for the hits",
    async (encoding) => {
      const cache = new PageCache({ maxBytes: 10_000_000 });
      const html = listHtml();
      const entry = (await cache.get("/products/3", async () => page(html))) as PageEntry;
      const quick = await encodedForMiss(entry, encoding);
      expect(decode[encoding](quick).toString()).toBe(html);
      // Concurrent misses of the same render share the quick copy while the better one is made.
      const [again, hit] = await Promise.all([encodedForMiss(entry, encoding), encoded(entry, encoding)]);
      expect(decode[encoding](again).toString()).toBe(html);
      expect(decode[encoding](hit).toString()).toBe(html);
      // The kept copy replaces it once zlib's thread pool has made it: smaller, the same bytes.
      await vi.waitFor(async () => expect((await entry.compressed[encoding])?.length).toBeLessThan(quick.length));
      const kept = await encoded(entry, encoding);
      expect(decode[encoding](kept).toString()).toBe(html);
      expect(await encodedForMiss(entry, encoding)).toBe(kept);
    },
  );

  it("makes the well-compressed copy at once for a hit that is the first to ask for an encoding", async () => {
    const cache = new PageCache({ maxBytes: 10_000_000 });
    const html = listHtml();
    const entry = (await cache.get("/products/3", async () => page(html))) as PageEntry;
    const quick = await encodedForMiss(entry, "br");
    const gzip = await encoded(entry, "gzip");
    expect(gunzipSync(gzip).toString()).toBe(html);
    // The gzip copy was made well, and is the one kept; the brotli copy got better on its own.
    expect(await encoded(entry, "gzip")).toBe(gzip);
    await vi.waitFor(async () => expect((await entry.compressed.br)?.length).toBeLessThan(quick.length));
  });
});
