/**
 * buildApp: the API (and sitemap) as one Fastify instance, with no side effects beyond
 * registering routes, so tests build it with `app.inject()`. main.ts adds the web app
 * (http/web.ts: built bundle, or Vite in dev) and listens.
 */
import path from "node:path";
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import type pg from "pg";
import { pino } from "pino";
import type { Config } from "./config.ts";
import type { Db } from "./db/client.ts";
import { ResponseCache } from "./http/cache.ts";
import { apiNotFound, registerErrorHandling } from "./http/errors.ts";
import { registerOpenApi } from "./http/openapi.ts";
import { apiSecurityHeaders } from "./http/security.ts";
import { catalogRepository } from "./modules/catalog/repository.ts";
import { catalogRoutes } from "./modules/catalog/routes.ts";
import { catalogService } from "./modules/catalog/service.ts";
import { compatRoutes } from "./modules/compat/routes.ts";
import { healthRoutes } from "./modules/health/routes.ts";
import { MediaStore } from "./modules/media/store.ts";
import { storefrontRoutes } from "./modules/storefront/routes.ts";
import { storeSettingsService } from "./modules/storefront/settings.ts";
import { sitemapXml } from "./modules/storefront/sitemap.ts";

export interface AppDeps {
  config: Config;
  db: Db;
  pool: pg.Pool;
  logger?: FastifyBaseLogger;
}

export function createLogger(config: Pick<Config, "logLevel">): FastifyBaseLogger {
  return pino({ level: config.logLevel, redact: ["req.headers.authorization", "req.headers.cookie"] });
}

export async function buildApp({ config, db, pool, logger }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: logger ?? createLogger(config),
    trustProxy: true,
    return503OnClosing: true,
    routerOptions: { ignoreTrailingSlash: true },
  });

  app.setValidatorCompiler(validatorCompiler);
  // Tests check every answer against its contract schema; production only serialises.
  app.setSerializerCompiler(config.env === "test" ? serializerCompiler : () => (data) => JSON.stringify(data));
  registerErrorHandling(app);
  await registerOpenApi(app, { storeName: config.storeName, publicUrl: config.publicUrl });

  const cache = new ResponseCache();
  const settings = storeSettingsService(db, config.storeName);
  const repo = catalogRepository(db);
  const catalog = catalogService({ repo, settings, cache });
  const media = new MediaStore(path.join(config.dataDir, "media"), db);

  app.decorate("services", { catalog, settings, media, cache });

  await app.register(async (operations) => {
    operations.addHook("onRequest", apiSecurityHeaders);
    await operations.register(healthRoutes(pool));
  });
  await app.register(
    async (api) => {
      api.addHook("onRequest", apiSecurityHeaders);
      apiNotFound(api);
      await api.register(catalogRoutes(catalog));
      await api.register(compatRoutes({ catalog, media }));
      await api.register(storefrontRoutes({ catalog, repo, settings, cache }));
    },
    { prefix: "/api" },
  );

  app.get("/sitemap.xml", { schema: { hide: true } }, async (_request, reply) =>
    reply.type("application/xml; charset=utf-8").send(sitemapXml(config.publicUrl, await catalog.taxonomyData())),
  );
  app.get("/robots.txt", { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type("text/plain; charset=utf-8")
      .send(`User-agent: *\nDisallow: /admin\nDisallow: /api/\n\nSitemap: ${config.publicUrl}/sitemap.xml\n`),
  );

  return app;
}

declare module "fastify" {
  interface FastifyInstance {
    services: {
      catalog: ReturnType<typeof catalogService>;
      settings: ReturnType<typeof storeSettingsService>;
      media: MediaStore;
      cache: ResponseCache;
    };
  }
}
