/**
 * Server rendering. The host (apps/server/src/http/web.ts) calls `createLoadContext`
 * for every request with an in-process API transport and the CSP nonce.
 *
 * Pages are rendered by Preact (ADR 0019) into one string. React Router's loader data,
 * which it streams into the page's scripts, is read first, so nothing suspends and the
 * synchronous renderer does the work; a part that still suspends falls back to the
 * renderer that waits. (Preact's streaming renderer moves late parts into place with a
 * script of its own, and cannot place React Router's data scripts, which follow the
 * document.) One string also suits the page cache, which answers the same bytes to many
 * visitors.
 */
import { renderToString, renderToStringAsync } from "preact-render-to-string";
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
  await handOverLoaderData(routerContext);
  const page = () => (
    <NonceProvider value={nonce}>
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
    </NonceProvider>
  );
  let html: string;
  try {
    // With the loader data read (above) nothing suspends, and the synchronous renderer is
    // the cheaper one; a part that still suspends is rendered by the one that waits.
    html = renderToString(page());
  } catch (error) {
    if (!(error instanceof Error && error.message.includes("renderToStringAsync"))) throw error;
    await handOverLoaderData(routerContext);
    html = await renderToStringAsync(page());
  }
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  return new Response(htmlDocument(html), { headers: responseHeaders, status: responseStatusCode });
}

/**
 * Reads the loader data React Router streams to the browser before the render, and puts it
 * where its `StreamTransfer` looks first (the render's stream cache, one entry per read),
 * so the component writes the data's scripts at once instead of suspending on each read.
 * The stream the router would read is replaced by an empty one (it is read through already).
 */
async function handOverLoaderData(context: EntryContext): Promise<void> {
  const stream = context.serverHandoffStream;
  const meta = context.renderMeta as { streamCache?: Record<number, Promise<void> & { result?: unknown }> } | undefined;
  if (!stream || !meta) return;
  if (!meta.streamCache) {
    const decoder = new TextDecoder();
    let text = "";
    for await (const chunk of stream as ReadableStream<Uint8Array>) text += decoder.decode(chunk, { stream: true });
    text += decoder.decode();
    const read = (result: { done: boolean; value: string }) => Object.assign(Promise.resolve(), { result });
    meta.streamCache = { 0: read({ done: false, value: text }), 1: read({ done: true, value: "" }) };
  }
  context.serverHandoffStream = new ReadableStream({ start: (controller) => controller.close() });
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
