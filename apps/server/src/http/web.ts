/**
 * Serves the React Router app: built client assets from apps/web/build/client, and
 * every other non-API path through React Router's request handler (server rendering).
 * Route loaders reach the API in-process through `app.inject()`: the HTTP contract
 * stays the only boundary between web and server, with no socket in between.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Endpoint } from "@atelier/contract";
import { endpointUrl } from "@atelier/contract/constants";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { createRequestHandler, type RouterContextProvider, type ServerBuild } from "react-router";
import { type CacheablePage, cacheablePageOf, pageCacheTopics } from "./cacheable-pages.ts";
import { BODY_LIMIT, registerBoundedRawBody } from "./edge.ts";
import { isApiPath, sendApiNotFound } from "./errors.ts";
import { sendFetchResponse, toFetchRequest } from "./fetch.ts";
import { anonymousDirectReads, type DirectRead } from "./in-process.ts";
import {
  encoded,
  encodedForMiss,
  inlineScriptHashes,
  normalisePageUrl,
  PageCache,
  type PageEntry,
  policyWithHashes,
  type RenderedPage,
} from "./page-cache.ts";
import { registerPageSecurityHeaders } from "./security.ts";
import { type SharedReads, sharedReads } from "./shared-reads.ts";

/** What the web app's entry.server exports for the host (apps/web/app/entry.server.tsx). */
export interface WebEntryExports {
  createLoadContext(input: {
    api: ApiTransport;
    nonce: string;
    /** The reads every page makes, kept in memory until they change (http/shared-reads.ts). */
    shared?: SharedReads;
    /** Public reads answered in process, without HTTP (http/in-process.ts). */
    direct?: DirectRead;
    /** A page the cache keeps: rendered whole into one buffer rather than streamed. */
    whole?: boolean;
    /** Filled in by the render: when the loaders were done and the page was rendered. */
    timing?: RenderTiming;
  }): RouterContextProvider;
}

/** `performance.now()` marks of one page render (entry.server sets them). */
export interface RenderTiming {
  /** The loaders are done and React starts rendering. */
  loaded?: number;
  /** The whole page is rendered (a kept page: its last byte is in the buffer). */
  rendered?: number;
}

export type ApiTransport = (
  path: string,
  init?: { method?: string; headers?: Record<string, string>; body?: string },
) => Promise<Response>;

const FORWARDED_HEADERS = ["cookie", "authorization", "accept-language", "user-agent"] as const;

export type WebSource =
  | { mode: "production"; buildDir: string }
  | {
      mode: "development";
      loadBuild: () => Promise<ServerBuild>;
      /** React Router as Vite loads it: its context classes must match the build's. */
      createRequestHandler: typeof createRequestHandler;
    };

export interface WebOptions {
  dev: boolean;
  /** The full-page cache's byte budget (0 or absent: no page cache; always off in development). */
  pageCacheBytes?: number;
  /**
   * The shop's own origin (PUBLIC_URL): cached pages are rendered for it, never for the
   * request's Host header, which a client could set to poison everybody's canonical links.
   */
  publicUrl?: string;
}

export async function registerWeb(app: FastifyInstance, source: WebSource, options: WebOptions): Promise<void> {
  const pages =
    !options.dev && source.mode === "production" && (options.pageCacheBytes ?? 0) > 0
      ? new PageCache({ maxBytes: options.pageCacheBytes ?? 0 })
      : undefined;
  const origin = (request: FastifyRequest) => options.publicUrl ?? `${request.protocol}://${request.host}`;
  // Settings, taxonomy and live collabs: read once and kept until the bus says they changed.
  const shared = sharedReads(app.services.bus, sharedRead(app));
  if (pages) {
    // Surrogate keys are bus topics: a write anywhere drops the pages that show it, in every process.
    for (const topic of pageCacheTopics) app.services.bus.subscribe(topic, () => pages.purge(topic));
    app.decorate("pageCache", pages);
  }
  await app.register(async (web) => {
    // Before helmet's hooks: a fresh cached page is answered with the headers stored with it
    // (helmet's, computed when it was rendered, with hashes instead of a nonce).
    if (pages) {
      web.addHook("onRequest", async (request, reply) => {
        if ((request.method !== "GET" && request.method !== "HEAD") || !cacheablePageOf(request.url)) return;
        const entry = pages.fresh(normalisePageUrl(request.url));
        if (entry && (entry.status === 200 || !hasCredentials(request))) return sendPage(request, reply, entry, "hit");
      });
    }
    await registerPageSecurityHeaders(web, options);
    let loadBuild: () => Promise<ServerBuild>;
    let handle: ReturnType<typeof createRequestHandler>;
    if (source.mode === "production") {
      const build = await productionBuild(web, source.buildDir);
      loadBuild = async () => build;
      // Given the build itself, React Router derives its route tree and static handler
      // once. Given a function it derives them again on every request, which development
      // needs (to pick up edits) and production paid for on every page.
      handle = createRequestHandler(build, source.mode);
    } else {
      loadBuild = source.loadBuild;
      handle = source.createRequestHandler(loadBuild, source.mode);
    }
    // React Router reads request bodies itself (form actions): this subtree reads them raw,
    // bounded like every body (http/edge.ts), and hands the bytes over.
    registerBoundedRawBody(web, BODY_LIMIT);
    // Pages, not API operations: kept out of the OpenAPI document.
    web.all("/*", { schema: { hide: true } }, async (request, reply) => {
      // The catch-all is the storefront's: an unknown API path keeps the API's JSON 404.
      if (isApiPath(request.url)) return sendApiNotFound(request, reply);
      const { createLoadContext } = entryOf(await loadBuild());
      const page =
        pages && (request.method === "GET" || request.method === "HEAD") ? cacheablePageOf(request.url) : undefined;
      if (pages && page) {
        const key = normalisePageUrl(request.url);
        const missed = pages.stats.misses;
        const security = securityHeadersOf(reply);
        const started = performance.now();
        const timing: RenderTiming = {};
        const staleBefore = pages.stats.staleIfError;
        const answer = await pages.get(key, () => {
          const outage: Outage = { met: false };
          return renderAnonymously(app, request, origin(request), key, page, security, outage, (anonymous, api) =>
            handle(
              anonymous,
              createLoadContext({
                api,
                direct: watchedDirectReads(anonymousDirectReads(app, request.ip), outage),
                nonce: "",
                shared,
                whole: true,
                timing,
              }),
            ),
          );
        });
        // A visitor with credentials may see more than the anonymous page where that is a
        // 404 (a staff preview of an unpublished product): only a 200 is the same for all.
        if (answer.status === 200 || !hasCredentials(request)) {
          const state =
            pages.stats.staleIfError !== staleBefore ? "stale" : pages.stats.misses !== missed ? "miss" : "hit";
          return sendPage(request, reply, answer, state, state === "miss" ? { started, ...timing } : undefined);
        }
      }
      const outage: Outage = { met: false };
      const api = inProcessApi(app, request, outage);
      const nonce = reply.cspNonce?.script ?? "";
      const response = await handle(toFetchRequest(request, reply), createLoadContext({ api, nonce, shared }));
      // Its loaders met the database down: the shop's error page, as 503 with Retry-After.
      if (outage.met && response.status >= 500) {
        reply.header("retry-after", RETRY_AFTER_SECONDS);
        return sendFetchResponse(reply, response, 503);
      }
      return sendFetchResponse(reply, response);
    });
  });
}

/** Cached pages answer with status 200 or 404 only: what an anonymous visitor would get. */
const KEPT_STATUSES = new Set([200, 404]);
/** Headers of a rendered page that are the web host's business, not the cached page's. */
const DROPPED_HEADERS = new Set(["set-cookie", "content-length", "transfer-encoding", "connection", "date"]);

/**
 * Renders `url` as an anonymous visitor sees it: no cookies, no authorization, no
 * language header reach the loaders' API calls, so the HTML is everybody's. Rendered
 * whole into one buffer (entry.server's `whole`), because it is answered to many visitors
 * (and compressed once per encoding).
 */
async function renderAnonymously(
  app: FastifyInstance,
  request: FastifyRequest,
  base: string,
  url: string,
  page: CacheablePage,
  security: Record<string, string>,
  outage: Outage,
  render: (request: Request, api: ApiTransport) => Promise<Response>,
): Promise<RenderedPage> {
  const fetchRequest = new Request(new URL(url, base), {
    headers: { accept: "text/html", "user-agent": "atelier-page-cache" },
  });
  const response = await render(fetchRequest, anonymousApi(app, request.ip, outage));
  const body = Buffer.from(await response.arrayBuffer());
  const headers: Record<string, string> = { ...security };
  for (const [name, value] of response.headers) if (!DROPPED_HEADERS.has(name)) headers[name] = value;
  const cacheControl = headers["cache-control"] ?? "";
  // A render that met the database down is never kept, even when its loaders made do
  // without the answer (a search with no results): it is not the page the shop has.
  const cacheable =
    !outage.met &&
    KEPT_STATUSES.has(response.status) &&
    response.headers.getSetCookie().length === 0 &&
    !/private|no-store|no-cache/i.test(cacheControl);
  // The database is down: the shop's error page, as 503 with Retry-After (the page cache
  // answers its kept copy instead when it has one: stale if error).
  const unavailable = outage.met && response.status >= 500;
  if (unavailable) {
    headers["retry-after"] = RETRY_AFTER_SECONDS;
    headers["cache-control"] = "no-store";
  }
  // The cached page's script-src names its inline scripts by hash, not by a nonce (ADR 0015).
  const policy = security["content-security-policy"];
  if (policy) headers["content-security-policy"] = policyWithHashes(policy, inlineScriptHashes(body));
  const expires = Number(headers["x-page-expires"]);
  delete headers["x-page-expires"];
  return {
    status: unavailable ? 503 : response.status,
    headers,
    body,
    keys: page.keys,
    expiresAt: Number.isFinite(expires) && expires > 0 ? expires : undefined,
    cacheable,
  };
}

const hasCredentials = (request: FastifyRequest) =>
  request.headers.cookie !== undefined || request.headers.authorization !== undefined;

/** The page security headers helmet set on this reply (the same for every page but the nonce). */
function securityHeadersOf(reply: FastifyReply): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (typeof value === "string") headers[name] = value;
  }
  return headers;
}

/**
 * For a CDN in front: shared caches keep a page a minute, may answer a stale one while
 * refreshing, and for a day while the shop answers errors (as the page cache does).
 */
const PAGE_CACHE_CONTROL = "public, max-age=0, s-maxage=60, stale-while-revalidate=300, stale-if-error=86400";

/**
 * A miss says where its time went (`Server-Timing`, read by `npm run bench`): the loaders
 * (with React Router's matching), React's render, and compressing the answer; `total` is the
 * whole miss up to its answer, in milliseconds.
 */
function serverTiming(timing: RenderTiming & { started: number }, compressed?: number): string {
  const { started, loaded = started, rendered = loaded } = timing;
  const parts = [`loader;dur=${(loaded - started).toFixed(2)}`, `render;dur=${(rendered - loaded).toFixed(2)}`];
  if (compressed !== undefined) parts.push(`compress;dur=${compressed.toFixed(2)}`);
  parts.push(`total;dur=${(performance.now() - started).toFixed(2)}`);
  return parts.join(", ");
}

async function sendPage(
  request: FastifyRequest,
  reply: FastifyReply,
  page: PageEntry | RenderedPage,
  state: "hit" | "miss" | "stale",
  timing?: RenderTiming & { started: number },
): Promise<FastifyReply> {
  reply.status(page.status);
  for (const [name, value] of Object.entries(page.headers)) reply.header(name, value);
  if (!("etag" in page)) {
    reply.header("x-page-cache", "bypass");
    return reply.send(page.body);
  }
  reply.header("x-page-cache", state);
  reply.header("cache-control", PAGE_CACHE_CONTROL);
  reply.header("vary", "Accept-Encoding");
  reply.header("etag", page.etag);
  const match = request.headers["if-none-match"];
  if (page.status === 200 && typeof match === "string" && match.split(/\s*,\s*/).includes(page.etag)) {
    return reply.status(304).send();
  }
  const accepts = String(request.headers["accept-encoding"] ?? "");
  // Compressed once per encoding, by the first visitor asking for it: a miss from a browser
  // waits for a quick copy while the kept, smaller one is made behind it; a hit answers the
  // entry's copy. A client that wants neither gets the plain bytes, never compressed.
  const encoding = /\bbr\b/.test(accepts) ? "br" : /\bgzip\b/.test(accepts) ? "gzip" : undefined;
  if (encoding) {
    const compressing = performance.now();
    const body = await (state === "miss" ? encodedForMiss(page, encoding) : encoded(page, encoding));
    if (timing) reply.header("server-timing", serverTiming(timing, performance.now() - compressing));
    return reply.header("content-encoding", encoding).send(body);
  }
  if (timing) reply.header("server-timing", serverTiming(timing));
  return reply.send(page.body);
}

/** Loads the built server bundle once and serves the built client files. */
async function productionBuild(app: FastifyInstance, buildDir: string): Promise<ServerBuild> {
  const serverEntry = path.join(buildDir, "server", "index.js");
  if (!existsSync(serverEntry)) {
    throw new Error(`The web app is not built (${serverEntry} is missing): run "npm run build" first.`);
  }
  const build = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
  entryOf(build);
  await app.register(fastifyStatic, {
    root: path.join(buildDir, "client"),
    prefix: "/",
    wildcard: false,
    index: false,
    // The build writes .br/.gz next to each text asset (apps/web/vite.config.ts).
    preCompressed: true,
    cacheControl: false,
    // Hashed build assets never change; the few root files (favicon, robots.txt) may.
    setHeaders: (reply, filePath) => {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header("cache-control", immutable ? "public, max-age=31536000, immutable" : "public, max-age=3600");
    },
  });
  return build;
}

function entryOf(build: ServerBuild): WebEntryExports {
  const entry: object = build.entry.module;
  if (!("createLoadContext" in entry) || typeof entry.createLoadContext !== "function") {
    throw new Error("The web build does not export createLoadContext.");
  }
  // A dynamically imported bundle: its exports are checked above, their types cannot be.
  return { createLoadContext: entry.createLoadContext as WebEntryExports["createLoadContext"] };
}

function inProcessApi(app: FastifyInstance, request: FastifyRequest, outage?: Outage): ApiTransport {
  const forwarded: Record<string, string> = {};
  for (const name of FORWARDED_HEADERS) {
    const value = request.headers[name];
    if (typeof value === "string") forwarded[name] = value;
  }
  return transport(app, forwarded, request.ip, outage);
}

/** Whether a page's loaders met the database down (an API answer 503 `unavailable`). */
interface Outage {
  met: boolean;
}

/** Seconds a client should wait before trying a page again while the database is down (as the API's 503). */
const RETRY_AFTER_SECONDS = "5";

function watchedDirectReads(direct: DirectRead, outage: Outage): DirectRead {
  return (endpoint, options) =>
    direct(endpoint, options)?.then((answer) => {
      if (answer.status === 503) outage.met = true;
      return answer;
    });
}

/** A shared read's answer: in process where the route allows it, else over `app.inject()`. */
function sharedRead(app: FastifyInstance): (endpoint: Endpoint) => Promise<unknown> {
  const direct = anonymousDirectReads(app, "127.0.0.1");
  const http = anonymousApi(app, "127.0.0.1");
  return async (endpoint) => {
    const answer = direct(endpoint, {});
    if (answer) {
      const { status, body } = await answer;
      if (status !== 200) throw new Error(`GET ${endpoint.path} answered ${status}`);
      return body;
    }
    const response = await http(endpointUrl(endpoint));
    if (!response.ok) throw new Error(`GET ${endpoint.path} answered ${response.status}`);
    return response.json();
  };
}

/** The API as a visitor without any credentials reaches it (the page cache's renders). */
function anonymousApi(app: FastifyInstance, ip: string, outage?: Outage): ApiTransport {
  return transport(app, {}, ip, outage);
}

function transport(app: FastifyInstance, forwarded: Record<string, string>, ip: string, outage?: Outage): ApiTransport {
  return async (url, init = {}) => {
    const result = await app.inject({
      method: (init.method ?? "GET") as "GET",
      url,
      headers: { ...forwarded, ...init.headers, "x-forwarded-for": ip },
      ...(init.body === undefined ? {} : { payload: init.body }),
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(result.headers)) {
      if (Array.isArray(value)) for (const item of value) headers.append(name, item);
      else if (value !== undefined) headers.set(name, String(value));
    }
    if (outage && result.statusCode === 503) outage.met = true;
    const nullBody = result.statusCode === 204 || result.statusCode === 304;
    return new Response(nullBody ? null : new Uint8Array(result.rawPayload), { status: result.statusCode, headers });
  };
}

declare module "fastify" {
  interface FastifyInstance {
    /** The full-page cache of storefront pages, when it is on (http/page-cache.ts). */
    pageCache?: PageCache;
  }
}
