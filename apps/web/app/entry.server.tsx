/**
 * Server rendering. The host (apps/server/src/http/web.ts) calls `createLoadContext`
 * for every request with an in-process API transport and the CSP nonce.
 *
 * Pages are rendered by Preact (ADR 0019) into one string, with every suspended part
 * (React Router's stream of loader data) resolved in place: Preact's streaming renderer
 * moves late parts into the page with a script of its own, and cannot place React
 * Router's data scripts, which follow the document. One string also suits the page
 * cache, which answers the same bytes to many visitors.
 */
import { renderToStringAsync } from "preact-render-to-string";
import { type EntryContext, RouterContextProvider, ServerRouter } from "react-router";
import {
  type ApiTransport,
  apiContext,
  createApiClient,
  nonceContext,
  type SharedReads,
  sharedReadsContext,
} from "./lib/api.ts";
import { NonceProvider } from "./lib/nonce.tsx";

/**
 * React Router's request handler as this build bundles it: the server build carries its own
 * React Router (rendering through Preact), whose context classes the handler checks, so
 * the host must use this one rather than its own import.
 */
export { createRequestHandler } from "react-router";

export function createLoadContext(input: {
  api: ApiTransport;
  nonce: string;
  shared?: SharedReads;
}): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(apiContext, createApiClient(input.api));
  context.set(nonceContext, input.nonce);
  if (input.shared) context.set(sharedReadsContext, input.shared);
  return context;
}

/** How long React Router waits for a loader's deferred promise before it rejects it. */
export const streamTimeout = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
): Promise<Response> {
  const nonce = loadContext.get(nonceContext);
  const html = await renderToStringAsync(
    <NonceProvider value={nonce}>
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
    </NonceProvider>,
  );
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  return new Response(htmlDocument(html), { headers: responseHeaders, status: responseStatusCode });
}

const END = "</body></html>";

/**
 * The rendered tree as a document: with its doctype, which React adds and Preact does not,
 * and with what `ServerRouter` renders after `<html>` (the scripts that hand the loader
 * data to the browser) moved inside `<body>`, where a browser would put it anyway.
 */
export function htmlDocument(html: string): string {
  const end = html.lastIndexOf(END);
  if (end === -1) return `<!DOCTYPE html>${html}`;
  return `<!DOCTYPE html>${html.slice(0, end)}${html.slice(end + END.length)}${END}`;
}
