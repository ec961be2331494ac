/**
 * Server rendering with React DOM's Node renderer (ADR 0020). The host
 * (apps/server/src/http/web.ts) calls `createLoadContext` for every request with an
 * in-process API transport and the CSP nonce.
 *
 * - A visitor's page streams (`renderToPipeableStream`, as React Router's own Node entry
 *   does): the shell goes out as soon as it is ready, and the `<Suspense>` regions and
 *   React Router's loader data follow in the same response.
 * - A page the host keeps (the page cache), a crawler's and a link preview's are rendered
 *   whole into one buffer (`onAllReady`): the cache answers the same bytes to many
 *   visitors and compresses them once; copying a kept page chunk by chunk through two
 *   streams cost more than the wait for its last byte.
 */
import { PassThrough, Writable } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { type EntryContext, RouterContextProvider, ServerRouter } from "react-router";
import {
  type ApiTransport,
  apiContext,
  createApiClient,
  type DirectRead,
  nonceContext,
  renderTimingContext,
  type SharedReads,
  sharedReadsContext,
  wholePageContext,
} from "./lib/api.ts";
import { NonceProvider } from "./lib/nonce.tsx";

export function createLoadContext(input: {
  api: ApiTransport;
  /** Public reads the host answers in process (a page rendered as an anonymous visitor sees it). */
  direct?: DirectRead;
  nonce: string;
  shared?: SharedReads;
  whole?: boolean;
  timing?: { loaded?: number; rendered?: number };
}): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(apiContext, createApiClient(input.api, input.direct));
  context.set(nonceContext, input.nonce);
  if (input.shared) context.set(sharedReadsContext, input.shared);
  if (input.whole) context.set(wholePageContext, true);
  if (input.timing) context.set(renderTimingContext, input.timing);
  return context;
}

/** How long React Router waits for a loader's deferred promise before it rejects it. */
export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
): Promise<Response> {
  const nonce = loadContext.get(nonceContext);
  const whole = loadContext.get(wholePageContext);
  const timing = loadContext.get(renderTimingContext);
  if (timing) timing.loaded = performance.now();
  // Crawlers and link previews get the whole document at once.
  const waitForAll = whole || isbot(request.headers.get("user-agent") ?? "") || routerContext.isSpaMode;
  return new Promise((resolve, reject) => {
    let status = responseStatusCode;
    let shellRendered = false;
    let timeout: ReturnType<typeof setTimeout> | undefined;
    const ready = () => {
      shellRendered = true;
      responseHeaders.set("Content-Type", "text/html; charset=utf-8");
      if (whole) {
        const chunks: Buffer[] = [];
        pipe(
          new Writable({
            write(chunk: Buffer, _encoding, callback) {
              chunks.push(chunk);
              callback();
            },
            final(callback) {
              clearTimeout(timeout);
              if (timing) timing.rendered = performance.now();
              resolve(new Response(Buffer.concat(chunks), { headers: responseHeaders, status }));
              callback();
            },
          }),
        );
        return;
      }
      const body = new PassThrough({
        final(callback) {
          clearTimeout(timeout);
          callback();
        },
      });
      pipe(body);
      resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status }));
    };
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce || undefined} />
      </NonceProvider>,
      {
        // A kept page's inline scripts are named by hash in its policy (ADR 0015), not by a nonce.
        ...(nonce ? { nonce } : {}),
        ...(waitForAll ? { onAllReady: ready } : { onShellReady: ready }),
        // A region that is ready goes out in place. By default React moves a ready region
        // past the first 12.8 KB out of line, to be revealed by a script a frame later (in
        // batches): the header, the cards and the footer would then paint only after the
        // scripts, and the product image (the page's LCP) with them.
        progressiveChunkSize: Number.MAX_SAFE_INTEGER,
        onShellError: reject,
        onError(error: unknown) {
          status = 500;
          // Errors before the shell reject and are logged by React Router.
          if (shellRendered) console.error(error);
        },
      },
    );
    // Give rejected boundaries time to flush before the stream is cut.
    timeout = setTimeout(abort, streamTimeout + 1_000);
  });
}
