/**
 * Serves the React Router app: built client assets from apps/web/build/client, and
 * every other non-API path through React Router's request handler (server rendering).
 * Route loaders reach the API in-process through `app.inject()`: the HTTP contract
 * stays the only boundary between web and server, with no socket in between.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { createRequestHandler, type RouterContextProvider, type ServerBuild } from "react-router";
import { isApiPath, sendApiNotFound } from "./errors.ts";
import { sendFetchResponse, toFetchRequest } from "./fetch.ts";
import { registerPageSecurityHeaders } from "./security.ts";

/** What the web app's entry.server exports for the host (apps/web/app/entry.server.tsx). */
export interface WebEntryExports {
  createLoadContext(input: { api: ApiTransport; nonce: string }): RouterContextProvider;
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

export async function registerWeb(app: FastifyInstance, source: WebSource, options: { dev: boolean }): Promise<void> {
  await app.register(async (web) => {
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
    // React Router reads request bodies itself (form actions), so this subtree keeps them raw.
    web.removeAllContentTypeParsers();
    web.addContentTypeParser("*", (_request, _payload, done) => done(null));
    // Pages, not API operations: kept out of the OpenAPI document.
    web.all("/*", { schema: { hide: true } }, async (request, reply) => {
      // The catch-all is the storefront's: an unknown API path keeps the API's JSON 404.
      if (isApiPath(request.url)) return sendApiNotFound(request, reply);
      const { createLoadContext } = entryOf(await loadBuild());
      const api = inProcessApi(app, request);
      const nonce = reply.cspNonce?.script ?? "";
      const response = await handle(toFetchRequest(request, reply), createLoadContext({ api, nonce }));
      return sendFetchResponse(reply, response);
    });
  });
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

function inProcessApi(app: FastifyInstance, request: FastifyRequest): ApiTransport {
  const forwarded: Record<string, string> = {};
  for (const name of FORWARDED_HEADERS) {
    const value = request.headers[name];
    if (typeof value === "string") forwarded[name] = value;
  }
  return async (url, init = {}) => {
    const result = await app.inject({
      method: (init.method ?? "GET") as "GET",
      url,
      headers: { ...forwarded, ...init.headers, "x-forwarded-for": request.ip },
      ...(init.body === undefined ? {} : { payload: init.body }),
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(result.headers)) {
      if (Array.isArray(value)) for (const item of value) headers.append(name, item);
      else if (value !== undefined) headers.set(name, String(value));
    }
    const nullBody = result.statusCode === 204 || result.statusCode === 304;
    return new Response(nullBody ? null : new Uint8Array(result.rawPayload), { status: result.statusCode, headers });
  };
}
