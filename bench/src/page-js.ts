/**
 * The JavaScript a page makes the browser download before it is interactive: the module
 * entry scripts and the `modulepreload` links in its server-rendered HTML, each gzipped
 * (what a compressing proxy or CDN sends), summed. Measured, never asserted.
 */
import { gzipSync } from "node:zlib";

export interface PageJs {
  name: string;
  url: string;
  status: number;
  scripts: { url: string; bytes: number; gzipBytes: number }[];
  gzipBytes: number;
}

/** The aim from the catalogue issue: at most 120 KB of compressed JavaScript on a product page. */
export const pageJsAimBytes = 120 * 1024;

/** Script URLs in the HTML: `<link rel="modulepreload">`, `<script type="module" src>` and inline `import("…")`. */
export function scriptUrls(html: string): string[] {
  const found = new Set<string>();
  for (const tag of html.match(/<link\b[^>]*>/g) ?? []) {
    if (/\brel="modulepreload"/.test(tag)) {
      const href = /\bhref="([^"]+)"/.exec(tag)?.[1];
      if (href) found.add(href);
    }
  }
  for (const tag of html.match(/<script\b[^>]*\bsrc="[^"]+"[^>]*>/g) ?? []) {
    const src = /\bsrc="([^"]+)"/.exec(tag)?.[1];
    if (src) found.add(src);
  }
  for (const match of html.matchAll(/import\s*\(?\s*"([^"]+\.js)"/g)) if (match[1]) found.add(match[1]);
  return [...found];
}

export async function measurePageJs(name: string, url: string): Promise<PageJs> {
  const response = await fetch(url);
  const html = await response.text();
  const scripts = await Promise.all(
    scriptUrls(html).map(async (src) => {
      const scriptUrl = new URL(src, url).href;
      const body = Buffer.from(await (await fetch(scriptUrl)).arrayBuffer());
      return { url: scriptUrl, bytes: body.length, gzipBytes: gzipSync(body).length };
    }),
  );
  return { name, url, status: response.status, scripts, gzipBytes: scripts.reduce((sum, s) => sum + s.gzipBytes, 0) };
}

export function formatPageJs(pages: readonly PageJs[]): string {
  const kb = (bytes: number) => (bytes / 1024).toLocaleString("en", { maximumFractionDigits: 1 });
  return [
    "JavaScript loaded by a page (entry + modulepreload scripts, gzip)",
    ...pages.map(
      (page) =>
        `  ${page.status !== 200 ? "! " : ""}${page.name}: ${kb(page.gzipBytes)} KB in ${page.scripts.length} files` +
        ` (${kb(page.scripts.reduce((sum, s) => sum + s.bytes, 0))} KB uncompressed)` +
        `${page.status !== 200 ? `, the page answered HTTP ${page.status}` : ""}; aim <= ${kb(pageJsAimBytes)} KB: ` +
        `${page.gzipBytes <= pageJsAimBytes ? "met" : "not met"}`,
    ),
  ].join("\n");
}
