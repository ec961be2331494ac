/**
 * Server rendering. The host (apps/server/src/http/web.ts) calls `createLoadContext`
 * for every request with an in-process API transport and the CSP nonce.
 */
import { isbot } from "isbot";
import { renderToReadableStream } from "react-dom/server";
import { type EntryContext, RouterContextProvider, ServerRouter } from "react-router";
import { type ApiTransport, apiContext, createApiClient, nonceContext } from "./lib/api.ts";
import { NonceProvider } from "./lib/nonce.tsx";

export function createLoadContext(input: { api: ApiTransport; nonce: string }): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(apiContext, createApiClient(input.api));
  context.set(nonceContext, input.nonce);
  return context;
}

export const streamTimeout = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
): Promise<Response> {
  const nonce = loadContext.get(nonceContext);
  let status = responseStatusCode;
  const abort = AbortSignal.timeout(streamTimeout + 1_000);
  const body = await renderToReadableStream(
    <NonceProvider value={nonce}>
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
    </NonceProvider>,
    {
      nonce,
      signal: abort,
      onError(error: unknown) {
        status = 500;
        if (!abort.aborted) console.error(error);
      },
    },
  );
  // Crawlers and link previews get the whole document at once.
  if (isbot(request.headers.get("user-agent") ?? "") || routerContext.isSpaMode) await body.allReady;
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  return new Response(body, { headers: responseHeaders, status });
}
