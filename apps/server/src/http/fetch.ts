/**
 * Fastify ↔ Fetch API: the React Router handler and better-auth both speak
 * Request/Response. A body is the bytes the subtree's bounded parser read (http/edge.ts),
 * never the raw stream, so no handler reads more than the limit; several Set-Cookie headers stay
 * separate (getSetCookie); a closed connection aborts the request.
 */
import { Readable } from "node:stream";
import type { FastifyReply, FastifyRequest } from "fastify";

/** Methods the Fetch API refuses to build a Request for (it would throw: a 500). */
const FETCH_FORBIDDEN_METHODS = new Set(["CONNECT", "TRACE", "TRACK"]);

export function toFetchRequest(
  request: FastifyRequest,
  reply: FastifyReply,
  extraHeaders: Record<string, string> = {},
): Request {
  if (FETCH_FORBIDDEN_METHODS.has(request.method.toUpperCase())) {
    // A client error, answered 405 by the error handler (catch-all routes accept every method).
    throw Object.assign(new Error(`The method ${request.method} is not allowed.`), { statusCode: 405 });
  }
  const url = new URL(request.url, `${request.protocol}://${request.host}`);
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else if (value !== undefined) headers.set(name, value);
  }
  for (const [name, value] of Object.entries(extraHeaders)) headers.set(name, value);
  const controller = new AbortController();
  reply.raw.once("close", () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  const hasBody = request.method !== "GET" && request.method !== "HEAD" && Buffer.isBuffer(request.body);
  return new Request(url, {
    method: request.method,
    headers,
    signal: controller.signal,
    // A copy (at most the subtree's limit): a Buffer may be a view into a shared pool.
    ...(hasBody ? { body: new Uint8Array(request.body as Buffer) } : {}),
  });
}

/** Sends `response` through Fastify (`status` replaces the response's own, e.g. a 503 for a 500). */
export function sendFetchResponse(reply: FastifyReply, response: Response, status = response.status): FastifyReply {
  reply.status(status);
  for (const [name, value] of response.headers) {
    if (name !== "set-cookie") reply.header(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header("set-cookie", cookies);
  if (!response.body) return reply.send();
  return reply.send(Readable.fromWeb(response.body as import("node:stream/web").ReadableStream));
}
