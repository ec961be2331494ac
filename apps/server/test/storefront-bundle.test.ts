/**
 * What a storefront page makes the browser download (issue 18, item 5): the scripts its
 * HTML loads (module entry and modulepreload links) are read from the built web app, as
 * the composed app serves them. They must not carry the contract's zod schemas or the
 * admin's date library: both once slipped into the shell chunk every page loads (a value
 * import from `@atelier/contract` in a shell module takes the whole contract with it).
 * And what the HTML itself carries: icons repeated on a page come from its one sprite.
 */
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./support/index.ts";

let test: TestApp;

beforeAll(async () => {
  test = await createTestApp();
});

afterAll(async () => {
  await test?.close();
});

async function scriptsOf(url: string): Promise<Map<string, string>> {
  const page = await test.app.inject({ url });
  expect(page.statusCode, url).toBe(200);
  const sources = new Set<string>();
  for (const match of page.body.matchAll(
    /<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="([^"]+\.js)"/g,
  )) {
    if (match[1]) sources.add(match[1]);
  }
  // The entry module imports the route modules the manifest lists; modulepreload names them all.
  expect(sources.size, url).toBeGreaterThan(1);
  const scripts = new Map<string, string>();
  for (const source of sources) {
    const answer = await test.app.inject({ url: source });
    expect(answer.statusCode, source).toBe(200);
    scripts.set(source, answer.body);
  }
  return scripts;
}

async function productPath(): Promise<string> {
  const list = (await test.app.inject({ url: "/api/products?pageSize=1" })).json<{ items: { id: number }[] }>();
  const id = list.items[0]?.id;
  if (!id) throw new Error("the demo catalogue has no product");
  return `/products/details/${id}`;
}

describe("storefront scripts", () => {
  it("carry no zod schemas and no date library on the home, list and product pages", async () => {
    for (const url of ["/", "/new-arrivals", await productPath()]) {
      const scripts = await scriptsOf(url);
      let gzipped = 0;
      for (const [source, text] of scripts) {
        expect(text.includes("ZodError"), `${url} loads zod through ${source}`).toBe(false);
        expect(/\bTZDate\b|formatLong/.test(text), `${url} loads date-fns through ${source}`).toBe(false);
        // Preact renders the pages (ADR 0019): React DOM's production build links its errors here.
        expect(text.includes("react.dev/errors"), `${url} loads React DOM through ${source}`).toBe(false);
        gzipped += gzipSync(text).length;
      }
      process.stdout.write(`${url}: ${scripts.size} scripts, ${Math.round(gzipped / 1024)} KB gzipped\n`);
      // Issue 18's budget (a size, so it can be asserted; `npm run bench` reports it as served).
      expect(gzipped, `${url}: JavaScript gzipped`).toBeLessThanOrEqual(100 * 1024);
    }
  });
});

describe("storefront HTML", () => {
  it("is one document: doctype, one <html>, React Router's data scripts inside <body>, no React-only props", async () => {
    const page = await test.app.inject({ url: await productPath() });
    const html = page.body;
    expect(html.startsWith("<!DOCTYPE html><html")).toBe(true);
    expect(html.match(/<html[\s>]/g)).toHaveLength(1);
    expect(html.endsWith("</body></html>")).toBe(true);
    const close = html.indexOf("streamController.close()");
    expect(close).toBeGreaterThan(html.indexOf("<body"));
    expect(close).toBeLessThan(html.indexOf("</body>"));
    expect(html).not.toMatch(/suppressHydrationWarning|precedence=|nonce=""|\snonce[\s>]/i);
  });

  it("draws repeated icons once: every <use> names a symbol of the page's one sprite", async () => {
    for (const url of ["/", "/new-arrivals", await productPath()]) {
      const page = await test.app.inject({ url });
      expect(page.statusCode, url).toBe(200);
      const html = page.body;
      expect(html.match(/data-testid="icon-sprite"/g), url).toHaveLength(1);
      const symbols = new Set([...html.matchAll(/<symbol id="([^"]+)"/g)].map((match) => match[1]));
      const used = [...html.matchAll(/<use href="#([^"]+)"/g)].map((match) => match[1]);
      // The bag links, the hearts of the cards, the footer's contact icons, the menus' chevrons.
      expect(used.length, url).toBeGreaterThan(10);
      for (const id of used) expect(symbols.has(id), `${url} uses #${id}`).toBe(true);
      // Lucide's heart is drawn once, inside its symbol; the cards only point at it. Its fill
      // is inherited, so a saved heart's class fills it.
      expect(html.match(/lucide-heart/g), url).toHaveLength(1);
      expect(html, url).toMatch(/<symbol id="icon-heart" viewBox="0 0 24 24"><svg[^>]* fill="inherit"/);
    }
  });
});
