/**
 * The JavaScript a page makes the browser download before it is interactive: the module
 * entry scripts and the `modulepreload` links in its server-rendered HTML, each gzipped
 * (what a compressing proxy or CDN sends), summed. Also the bytes this server really
 * sends a browser that accepts brotli (the build's precompressed .br files). Measured,
 * never asserted.
 */
import { request } from "node:http";
import { gzipSync } from "node:zlib";

export interface PageJs {
  name: string;
  url: string;
  status: number;
  scripts: { url: string; bytes: number; gzipBytes: number; servedBytes: number; servedEncoding: string }[];
  gzipBytes: number;
  /** Of `gzipBytes`: React's framework chunk (React, React DOM, React Router), and the shop's own code. */
  frameworkGzipBytes: number;
  shopGzipBytes: number;
  /** Bytes on the wire for `Accept-Encoding: br, gzip`, as the server answers. */
  servedBytes: number;
}

/**
 * The aim of issue 32: React's framework chunk is the floor; beyond it, at most 25 KB of the
 * shop's own JavaScript (gzipped) on every storefront page. (Issue 18's 100 KB in all was
 * dropped with ADR 0020: React's framework chunk alone is 105 KB.)
 */
export const shopJsAimBytes = 25 * 1024;

/** The build's shared chunk of React, React DOM and React Router (apps/web/vite.config.ts). */
export const isFrameworkChunk = (url: string) => /\/framework-[\w-]+\.js$/.test(url);

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
      const served = await rawGet(scriptUrl, { "accept-encoding": "br, gzip" });
      return {
        url: scriptUrl,
        bytes: body.length,
        gzipBytes: gzipSync(body).length,
        servedBytes: served.bytes,
        servedEncoding: served.encoding,
      };
    }),
  );
  return {
    name,
    url,
    status: response.status,
    scripts,
    gzipBytes: scripts.reduce((sum, s) => sum + s.gzipBytes, 0),
    frameworkGzipBytes: scripts.filter((s) => isFrameworkChunk(s.url)).reduce((sum, s) => sum + s.gzipBytes, 0),
    shopGzipBytes: scripts.filter((s) => !isFrameworkChunk(s.url)).reduce((sum, s) => sum + s.gzipBytes, 0),
    servedBytes: scripts.reduce((sum, s) => sum + s.servedBytes, 0),
  };
}

/** The body's size as sent (fetch would decompress it) and its Content-Encoding. */
function rawGet(url: string, headers: Record<string, string>): Promise<{ bytes: number; encoding: string }> {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (answer) => {
      let bytes = 0;
      answer.on("data", (chunk: Buffer) => {
        bytes += chunk.length;
      });
      answer.on("end", () => resolve({ bytes, encoding: String(answer.headers["content-encoding"] ?? "identity") }));
      answer.on("error", reject);
    })
      .on("error", reject)
      .end();
  });
}

export function formatPageJs(pages: readonly PageJs[]): string {
  const kb = (bytes: number) => (bytes / 1024).toLocaleString("en", { maximumFractionDigits: 1 });
  return [
    "JavaScript loaded by a page (entry + modulepreload scripts, gzip)",
    ...pages.map(
      (page) =>
        `  ${page.status !== 200 ? "! " : ""}${page.name}: ${kb(page.gzipBytes)} KB in ${page.scripts.length} files` +
        ` (${kb(page.scripts.reduce((sum, s) => sum + s.bytes, 0))} KB uncompressed,` +
        ` ${kb(page.servedBytes)} KB as served with brotli)` +
        `${page.status !== 200 ? `, the page answered HTTP ${page.status}` : ""}: framework ${kb(page.frameworkGzipBytes)} KB` +
        ` + shop ${kb(page.shopGzipBytes)} KB; shop aim <= ${kb(shopJsAimBytes)} KB: ` +
        `${page.shopGzipBytes <= shopJsAimBytes ? "met" : "not met"}`,
    ),
  ].join("\n");
}
