/**
 * The web app's loaders reading the API in process (issue 32): for a page rendered as an
 * anonymous visitor sees it (the page cache's renders), a public read is answered by calling
 * its route's handler directly, with the params and query its contract schemas parse, and
 * its answer handed over as a value. No `app.inject()`, no JSON written to be parsed again:
 * a cached answer (`RawJson`) is parsed once per cache entry, a fresh one is checked by its
 * contract response schema, as Fastify's serializer would. The browser keeps the HTTP API.
 *
 * Only reads that `addRoute` registered qualify (GET, public, nothing in front of the handler:
 * no rate limit, no hook); anything else, and every write, goes through `app.inject()` as
 * before. Errors come back as the API would answer them (status and error body), so loaders
 * see the same `ApiError`s either way.
 */
import type { Endpoint, ErrorBody } from "@atelier/contract";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { z } from "zod";
import { isDatabaseUnavailable } from "../db/unavailable.ts";
import { DomainError } from "../errors.ts";
import { errorBody, statusCodeName } from "./errors.ts";
import { RawJson } from "./routes.ts";

/** The answer of one in-process read: the API's status and its body as a value. */
export interface DirectAnswer {
  status: number;
  body: unknown;
}

/**
 * Reads an endpoint in process, or says it cannot (undefined: use the HTTP transport).
 * `params` and `query` are what the loader passes, as it would put them in the URL.
 */
export type DirectRead = (
  endpoint: Endpoint,
  options: { params?: Record<string, string | number>; query?: Record<string, string | number | boolean | undefined> },
) => Promise<DirectAnswer> | undefined;

export function decorateInProcessReads(app: FastifyInstance): void {
  app.decorate("inProcessReads", new Map());
}

/** In-process reads as an anonymous visitor from `ip` makes them (no cookie, no authorization). */
export function anonymousDirectReads(app: FastifyInstance, ip: string): DirectRead {
  return (endpoint, options) => {
    const handler = app.hasDecorator("inProcessReads") ? app.inProcessReads.get(endpoint) : undefined;
    if (!handler) return undefined;
    return read(app, ip, endpoint, handler, options);
  };
}

async function read(
  app: FastifyInstance,
  ip: string,
  endpoint: Endpoint,
  handler: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
  options: Parameters<DirectRead>[1],
): Promise<DirectAnswer> {
  const params = endpoint.params?.safeParse(asUrlValues(options.params ?? {}));
  const query = endpoint.query?.safeParse(asUrlValues(options.query ?? {}));
  for (const [where, parsed] of [
    ["params", params],
    ["querystring", query],
  ] as const) {
    if (parsed && !parsed.success) {
      return { status: 400, body: errorBody("bad_request", `Invalid ${where}: ${parsed.error.message}`) };
    }
  }
  // What the handlers read of a request: its parsed params and query, headers (none: the
  // visitor is anonymous), address, the app and its logger.
  const request = {
    method: "GET",
    url: endpoint.path,
    params: params?.data ?? {},
    query: query?.data ?? {},
    headers: {},
    ip,
    server: app,
    log: app.log,
  } as unknown as FastifyRequest;
  // A handler may set headers (cache-control); a loader reads none of them.
  const reply = {
    header: () => reply,
    headers: () => reply,
    status: () => reply,
    code: () => reply,
  } as unknown as FastifyReply;
  try {
    const result = await handler(request, reply);
    if (result === reply) throw new Error(`${endpoint.method} ${endpoint.path} answered through its reply`);
    if (result instanceof RawJson) return { status: 200, body: result.value };
    // As the response serializer in tests: the answer checked by its contract schema. An
    // answer the schema refuses is logged and handed over as it is, as production's
    // serializer (which does not check) would send it.
    const checked = (endpoint.response as z.ZodType).safeParse(result);
    if (checked.success) return { status: 200, body: checked.data };
    app.log.warn({ err: checked.error }, `in-process read ${endpoint.path}: the answer does not match its schema`);
    return { status: 200, body: result };
  } catch (error) {
    const status = statusOf(error);
    if (status >= 500) app.log.error({ err: error }, `in-process read ${endpoint.path} failed`);
    return { status, body: bodyOf(error) };
  }
}

/** Values as a URL carries them: what the contract's params and query schemas coerce. */
function asUrlValues(values: Record<string, string | number | boolean | undefined>): Record<string, string> {
  const strings: Record<string, string> = {};
  for (const [name, value] of Object.entries(values)) if (value !== undefined) strings[name] = String(value);
  return strings;
}

function statusOf(error: unknown): number {
  if (error instanceof DomainError) return error.status;
  if (isDatabaseUnavailable(error)) return 503;
  return 500;
}

/** The error body the API's one error handler (http/errors.ts) would send. */
function bodyOf(error: unknown): ErrorBody {
  if (error instanceof DomainError) return errorBody(error.code, error.message, error.fields);
  const status = statusOf(error);
  return errorBody(
    statusCodeName(status),
    status === 503 ? "The shop is briefly unavailable." : "Something went wrong.",
  );
}
