/**
 * Compressed answers: brotli or gzip, as the client accepts, for pages (also while they
 * stream), JSON and the other text answers. Pages from the page cache are compressed by
 * it, once per encoding (http/page-cache.ts), and skip this. Registered on the root before any route so
 * every route gets it. The hashed build assets are compressed once at build time
 * (apps/web/vite.config.ts) and served precompressed by @fastify/static (http/web.ts),
 * which sets Content-Encoding itself, so this plugin leaves them alone.
 *
 * Route loaders reach the API through `app.inject()` (http/web.ts) without an
 * Accept-Encoding header, so those in-process answers stay uncompressed: compressing
 * bytes only to inflate them again in the same process would waste both sides' CPU.
 */
import { constants } from "node:zlib";
import compress from "@fastify/compress";
import type { FastifyInstance } from "fastify";

export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    // Small answers gain little and cost a compression context each (setting one up costs
    // more than compressing a kilobyte), and an answer this small travels in one or two
    // packets compressed or not. The cart's answer after an add is about 1 KB: compressing
    // it was about 3 % of the CPU of an add to cart and an order under load.
    threshold: 1400,
    encodings: ["br", "gzip"],
    // Brotli 4 compresses about like gzip 9 at a fraction of brotli 11's time: answers
    // are compressed per request, so speed matters more than the last few percent. A
    // 1 MB window (lgwin 20) covers any page or JSON answer; brotli's default 4 MB made
    // every answer set up (and free) a larger encoder for nothing.
    brotliOptions: {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 4,
        [constants.BROTLI_PARAM_LGWIN]: 20,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    },
    zlibOptions: { level: 6 },
  });
}
