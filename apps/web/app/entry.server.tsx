/**
 * Server rendering. The host (apps/server/src/http/web.ts) calls `createLoadContext`
 * for every request with an in-process API transport and the CSP nonce.
 *
 * Renders with `renderToPipeableStream` (React's Node stream renderer, as React Router's
 * own Node entry does): on Node it is several times cheaper per page than the web-stream
 * `renderToReadableStream`, which matters because every storefront page is rendered here.
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
  nonceContext,
  type SharedReads,
  sharedReadsContext,
  wholePageContext,
} from "./lib/api.ts";
import { NonceProvider } from "./lib/nonce.tsx";

export function createLoadContext(input: {
  api: ApiTransport;
  nonce: string;
  shared?: SharedReads;
  whole?: boolean;
}): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(apiContext, createApiClient(input.api));
  context.set(nonceContext, input.nonce);
  if (input.shared) context.set(sharedReadsContext, input.shared);
  if (input.whole) context.set(wholePageContext, true);
  return context;
}

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
): Promise<Response> {
  const nonce = loadContext.get(nonceContext);
  // A page the host keeps (the page cache) is rendered whole into one buffer: it is
  // answered to many visitors, and copying it chunk by chunk through two streams cost
  // more than the wait for its last byte.
  const whole = loadContext.get(wholePageContext);
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
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        ...(waitForAll ? { onAllReady: ready } : { onShellReady: ready }),
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
