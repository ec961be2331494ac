/**
 * The shop as one process serves it: the API (`buildApp`), the product-view counter and
 * the web app (server rendering and built assets) on one Fastify instance. `main.ts`
 * listens on it; the API tests build exactly this, so every API test also proves the
 * composition users run (the OpenAPI document with the web build loaded, the web
 * catch-all never answering under /api/).
 */
import { fileURLToPath } from "node:url";
import type { FastifyInstance } from "fastify";
import { type AppDeps, buildApp } from "./app.ts";
import { registerWeb, type WebSource } from "./http/web.ts";
import { countProductViews, type ViewCounter } from "./modules/product-stats/view-counter.ts";

export const webBuildDir = fileURLToPath(new URL("../../web/build", import.meta.url));

export const productionWeb: WebSource = { mode: "production", buildDir: webBuildDir };

export interface ComposeOptions {
  /** How the app gets the web app: the production build by default (dev.ts passes Vite). */
  web?: (app: FastifyInstance) => Promise<WebSource>;
  /** How often counted product views are written (0: only at close, for tests). */
  viewsFlushEveryMs?: number;
}

export async function composeApp(
  deps: AppDeps,
  options: ComposeOptions = {},
): Promise<{ app: FastifyInstance; views: ViewCounter }> {
  const app = await buildApp(deps);
  // Before the web host: the counter sees the product pages the web host answers.
  const views = countProductViews(
    app,
    deps.db,
    options.viewsFlushEveryMs === undefined ? {} : { flushEveryMs: options.viewsFlushEveryMs },
  );
  await registerWeb(app, options.web ? await options.web(app) : productionWeb, {
    dev: deps.config.env === "development",
    pageCacheBytes: deps.config.pageCache.maxBytes,
    publicUrl: deps.config.publicUrl,
  });
  return { app, views };
}
