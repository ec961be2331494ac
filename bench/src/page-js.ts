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
  /** Bytes on the wire for `Accept-Encoding: br, gzip`, as the server answers. */
  servedBytes: number;
}

/** The aim from the storefront speed issue (18): at most 100 KB of gzipped JavaScript on every storefront page (the catalogue issue's was 120 KB). */
export const pageJsAimBytes = 100 * 1024;

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
        `${page.status !== 200 ? `, the page answered HTTP ${page.status}` : ""}; aim <= ${kb(pageJsAimBytes)} KB: ` +
        `${page.gzipBytes <= pageJsAimBytes ? "met" : "not met"}`,
    ),
  ].join("\n");
}
