/**
 * buildApp: the API (and sitemap) as one Fastify instance, with no side effects beyond
 * registering routes, so tests build it with `app.inject()`. main.ts adds the web app
 * (http/web.ts: built bundle, or Vite in dev) and listens.
 */
import { randomUUID } from "node:crypto";
import rateLimit from "@fastify/rate-limit";
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type RouteOptions } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import type pg from "pg";
import { pino } from "pino";
import type { Config } from "./config.ts";
import type { Db } from "./db/client.ts";
import { RateLimitedError } from "./errors.ts";
import { ResponseCache } from "./http/cache.ts";
import { registerCompression } from "./http/compression.ts";
import { apiNotFound, isApiPath, registerErrorHandling } from "./http/errors.ts";
import { safeUrl } from "./http/log-safety.ts";
import { registerMetrics } from "./http/metrics.ts";
import { registerOpenApi } from "./http/openapi.ts";
import { sameOriginCheck, sameOriginOnly } from "./http/same-origin.ts";
import { apiSecurityHeaders } from "./http/security.ts";
import { type InvalidationBus, postgresBus, redisBus } from "./infra/invalidation-bus.ts";
import { connectionOf, JobQueue, type JobQueueOptions } from "./infra/jobs.ts";
import { connectRedis, redisNamespace, redisReady } from "./infra/redis.ts";
// Orders (customer side), dashboard and contact (issue 6)
import { accountRepository } from "./modules/account/repository.ts";
import { accountRoutes } from "./modules/account/routes.ts";
import { accountService } from "./modules/account/service.ts";
import { activityLogRoutes } from "./modules/activity-log/routes.ts";
import { adminOrderRoutes } from "./modules/admin-orders/routes.ts";
import { adminOrdersService } from "./modules/admin-orders/service.ts";
import type { CartService } from "./modules/cart/cart-service.ts";
import { cartModule } from "./modules/cart/routes.ts";
import { catalogRepository } from "./modules/catalog/repository.ts";
import { catalogRoutes } from "./modules/catalog/routes.ts";
import { catalogService } from "./modules/catalog/service.ts";
import { type CheckoutModule, createCheckout } from "./modules/checkout/index.ts";
import { compatRoutes } from "./modules/compat/routes.ts";
import { contactRoutes } from "./modules/contact/routes.ts";
import { createCustomization } from "./modules/customization/index.ts";
import { dashboardRoutes } from "./modules/dashboard/routes.ts";
import { healthRoutes, type Lifecycle } from "./modules/health/routes.ts";
import { authRoutes } from "./modules/identity/auth-routes.ts";
import { createIdentity, type IdentityModule } from "./modules/identity/index.ts";
import { identityRoutes } from "./modules/identity/routes.ts";
import type { IdentityService } from "./modules/identity/service.ts";
import { type Mailer, mailerFromConfig } from "./modules/mail/mailer.ts";
import { queuedMailer } from "./modules/mail/queue.ts";
import { mediaRoutes } from "./modules/media/routes.ts";
import { createMediaStorage } from "./modules/media/storage.ts";
import { MediaStore } from "./modules/media/store.ts";
import { orderRequestAdminRoutes } from "./modules/order-requests/routes.ts";
import { orderRequestsAdmin } from "./modules/order-requests/service.ts";
import { createOrders } from "./modules/orders/index.ts";
import { type Refunds, refunds, stripeRefunder } from "./modules/orders/refunds.ts";
import { ordersRepository } from "./modules/orders/repository.ts";
import { orderRoutes } from "./modules/orders/routes.ts";
import type { OrdersService } from "./modules/orders/service.ts";
import { popupRoutes } from "./modules/popups/index.ts";
import { productAdminRoutes } from "./modules/product-admin/routes.ts";
import { productStatsRoutes } from "./modules/product-stats/routes.ts";
import { createPromotions } from "./modules/promotions/index.ts";
import { searchRepository } from "./modules/search/repository.ts";
import { searchRoutes } from "./modules/search/routes.ts";
import { searchService } from "./modules/search/service.ts";
import { storefrontRoutes } from "./modules/storefront/routes.ts";
import { seoRoutes } from "./modules/storefront/seo-routes.ts";
import { storeSettingsService } from "./modules/storefront/settings.ts";
import { taxonomyAdminRoutes } from "./modules/taxonomy-admin/routes.ts";
import { userAdminRoutes } from "./modules/users/routes.ts";

export interface AppDeps {
  config: Config;
  db: Db;
  pool: pg.Pool;
  logger?: FastifyBaseLogger;
  /** Replaces the mail transport built from the configuration (mails still go through the queue). */
  mailer?: Mailer;
  /** Timings of the job queue (tests shorten expiry, retry delays and the cron claim). */
  jobs?: JobQueueOptions;
  /** Sees every route as it is registered (the access test walks all admin routes). */
  onRoute?: (route: RouteOptions) => void;
}

const acceptedRequestId = (value: string | string[] | undefined): string | undefined =>
  typeof value === "string" && /^[\w.:-]{8,128}$/.test(value) ? value : undefined;

/** A request as logged: its URL without the tokens some links carry (see http/log-safety.ts). */
function requestForLog(request: { method?: string; url?: string; hostname?: string; host?: string; ip?: string }) {
  return {
    method: request.method,
    url: safeUrl(request.url ?? ""),
    host: request.host ?? request.hostname,
    remoteAddress: request.ip,
  };
}

/** The app's logger; `destination` replaces stdout (the secrets test reads what is logged). */
export function createLogger(
  config: Pick<Config, "logLevel">,
  destination?: pino.DestinationStream,
): FastifyBaseLogger {
  const options: pino.LoggerOptions = {
    level: config.logLevel,
    redact: {
      // Headers, and what some libraries' errors carry (Stripe's: the raw body and its signature).
      paths: ["req.headers.authorization", "req.headers.cookie", "err.payload", "err.header", "err.raw", "err.config"],
      censor: "[redacted]",
    },
    serializers: { req: requestForLog },
  };
  return destination ? pino(options, destination) : pino(options);
}

export async function buildApp({
  config,
  db,
  pool,
  logger,
  mailer,
  onRoute,
  jobs: jobOptions,
}: AppDeps): Promise<FastifyInstance> {
  const log = logger ?? createLogger(config);
  const app = Fastify({
    loggerInstance: log,
    trustProxy: config.trustProxy,
    return503OnClosing: true,
    // Loading the web build takes seconds on a busy machine (several app processes start
    // at once): Fastify's 10 s default failed starts that were only slow.
    pluginTimeout: 60_000,
    routerOptions: { ignoreTrailingSlash: true },
    // A proxy's X-Request-Id is kept when it looks like one, so one id follows a request
    // through the balancer's and the app's logs; otherwise the app makes one.
    requestIdHeader: false,
    genReqId: (request) => acceptedRequestId(request.headers["x-request-id"]) ?? randomUUID(),
  });
  // Every answer names its request id, the one in the log lines of that request.
  app.addHook("onRequest", async (request, reply) => {
    reply.header("x-request-id", request.id);
  });
  // An error answer carries it in its body too, so a shopper's report or a client's log
  // leads to the server's log lines. Added before compression's hook: it sees the JSON.
  app.addHook("onSend", async (request, reply, payload) => {
    if (reply.statusCode < 400 || typeof payload !== "string" || !payload.startsWith('{"error":{')) return payload;
    try {
      const body = JSON.parse(payload) as { error: Record<string, unknown> };
      body.error.requestId = request.id;
      return JSON.stringify(body);
    } catch {
      return payload;
    }
  });

  if (onRoute) app.addHook("onRoute", onRoute);
  const lifecycle: Lifecycle = { draining: false };
  app.setValidatorCompiler(validatorCompiler);
  // Tests check every answer against its contract schema; production only serialises.
  app.setSerializerCompiler(config.env === "test" ? serializerCompiler : () => (data) => JSON.stringify(data));
  registerErrorHandling(app);
  await registerCompression(app); // before any route: every answer may be compressed
  await registerOpenApi(app, { storeName: config.storeName, publicUrl: config.publicUrl });

  // Shared state between processes (ADR 0007, 0008): the invalidation bus (Redis pub/sub
  // with REDIS_URL, else PostgreSQL LISTEN/NOTIFY), rate-limit counters in Redis when it is
  // there, and the one job queue (pg-boss). Started when the app is ready, stopped at close.
  const connection = connectionOf(pool);
  const namespace = redisNamespace(connection.connectionString);
  const redis = config.redis.url ? connectRedis(config.redis.url, log) : undefined;
  const bus: InvalidationBus = redis
    ? redisBus({ publisher: redis, channel: `${namespace}invalidate`, log })
    : postgresBus({ connection, pool, log });
  const jobs = new JobQueue(connection, log, jobOptions);
  app.addHook("onReady", async () => {
    if (redis && !(await redisReady(redis)))
      log.warn("Redis is not answering yet; limits are not counted until it does");
    await bus.start();
    await jobs.start();
  });
  app.addHook("onClose", async () => {
    // Within main.ts' 10 s grace: running jobs get 5 s, then go back to the queue for another process.
    await jobs.stop(5_000);
    await bus.stop();
    redis?.disconnect();
  });

  const cache = new ResponseCache(undefined, undefined, () => void bus.publish("catalog"));
  bus.subscribe("catalog", () => cache.clear());
  const metrics = registerMetrics(app, { pool, cache, jobs, token: config.metrics.token });
  const settings = storeSettingsService(db, config.storeName);
  bus.subscribe("settings", () => settings.invalidate());
  const repo = catalogRepository(db);
  const catalog = catalogService({ repo, settings, cache });
  const search = searchService({ repo: searchRepository(pool), catalog: repo, settings });
  const media = new MediaStore(createMediaStorage(config), db);

  // Every mail is a job: sent outside the request, retried, never lost (modules/mail/queue.ts).
  const mails = queuedMailer(mailer ?? mailerFromConfig(config, log), jobs);
  const identity = await createIdentity({ config, db, logger: log, mailer: mails });

  const orders = createOrders({
    db,
    secret: identity.secret,
    mailer: identity.mailer,
    logger: log,
    storeName: config.storeName,
    publicUrl: config.publicUrl,
    guests: identity.guests,
  });
  // Requests (issue 7): customization requests, shopper and staff sides.
  const customization = createCustomization({
    db,
    mailer: identity.mailer,
    logger: log,
    storeName: config.storeName,
    publicUrl: config.publicUrl,
    guests: identity.guests,
  });
  // Cart and wishlist (issue 6): registers its guest mergers with identity.
  const shopping = cartModule({ db, settings, guests: identity.guests });
  // Checkout (issue 6): settings, placing orders, card payments; orders hook onOrderPlaced here.
  const checkout = createCheckout({ db, config, log, jobs });
  // The confirmation mail goes out once an order is placed (card orders: once paid).
  checkout.checkout.onOrderPlaced((event) => orders.sendConfirmation(event.orderId));
  checkout.checkout.onOrderPlaced(() => metrics.ordersPlaced.inc());

  // Promotions (issue 13): installs the discount engine into checkout.
  const promotions = createPromotions({
    db,
    settings,
    checkout: checkout.checkout,
    invalidateCatalog: () => catalog.invalidate(),
    log,
    cache,
  });
  app.addHook("onReady", async () => promotions.discounts.start());
  app.addHook("onClose", async () => promotions.discounts.stop());

  // Refunds and restock (issue 7): the staff order page and the staff handling of requests.
  const orderRefunds = refunds({ db, cardRefunder: stripeRefunder(config) });

  app.decorate("services", {
    catalog,
    settings,
    media,
    cache,
    identity: identity,
    cart: shopping.cart,
    checkout,
    orders,
    refunds: orderRefunds,
    bus,
    jobs,
  });
  app.decorate("identity", identity.identity);
  app.decorate("lifecycle", lifecycle);

  // Pages and everything else outside /api (which checks inside its own scope, after its
  // security headers): a cross-site form post must not reach the web app either, whose
  // in-process API calls carry the visitor's cookies but not the browser's Origin.
  const sameOrigin = sameOriginCheck(identity.trustedOrigins);
  app.addHook("onRequest", async (request) => {
    if (!isApiPath(request.url)) sameOrigin(request);
  });

  await app.register(async (operations) => {
    operations.addHook("onRequest", apiSecurityHeaders);
    await operations.register(healthRoutes(pool, lifecycle));
  });
  await app.register(
    async (api) => {
      api.addHook("onRequest", apiSecurityHeaders);
      api.addHook("onRequest", sameOriginOnly(identity.trustedOrigins));
      apiNotFound(api);
      await api.register(rateLimit, {
        global: false,
        // With REDIS_URL the counters are shared by every process; a Redis outage lets requests through.
        ...(redis ? { redis, nameSpace: `${namespace}rate-limit:`, skipOnError: true } : {}),
        errorResponseBuilder: (_request, context) =>
          new RateLimitedError(`Too many requests. Try again in ${context.after}.`),
      });
      await api.register(
        authRoutes(identity.auth, { perIpPerMinute: config.auth.rateLimitPerMinute, probe: identity.probe }),
        {
          prefix: "/auth",
        },
      );
      await api.register(identityRoutes({ config, guests: identity.guests }));
      await api.register(userAdminRoutes({ db, identity }));
      // Activity log (issue 20): staff with `roles` read who did what.
      await api.register(activityLogRoutes({ db }));
      await api.register(dashboardRoutes({ db }));
      await api.register(productStatsRoutes({ db, catalog }));

      await api.register(catalogRoutes(catalog));
      await api.register(compatRoutes({ catalog, media }));
      await api.register(searchRoutes(search, { perIpPerMinute: config.search.rateLimitPerMinute }));
      await api.register(mediaRoutes(media));
      // Products admin (issue 4): writes refresh the storefront cache.
      await api.register(productAdminRoutes({ db, settings, invalidate: () => catalog.invalidate() }));
      await api.register(
        storefrontRoutes({
          catalog,
          repo,
          settings,
          cache,
          newArrivals: (limit) => promotions.newArrivals.cards(limit),
        }),
      );
      await api.register(taxonomyAdminRoutes({ db, catalog }));
      // Orders (customer side), dashboard and contact (issue 6)
      await api.register(orderRoutes({ orders, media }));
      await api.register(
        accountRoutes(accountService({ db, repo: accountRepository(db), orders: ordersRepository(db) })),
      );
      await api.register(contactRoutes({ db, mailer: identity.mailer, settings }));
      await api.register(shopping.routes);
      await api.register(checkout.register(app, { onSettingsChanged: () => void bus.publish("settings") }));
      // Requests (issue 7)
      await api.register(customization.routes);
      await api.register(
        orderRequestAdminRoutes(
          orderRequestsAdmin({
            db,
            orders,
            refunds: orderRefunds,
            mailer: identity.mailer,
            logger: log,
            storeName: config.storeName,
          }),
        ),
      );
      // Promotions (issue 13): coupons and automatic discounts.
      await api.register(promotions.routes);
      // Pop-ups (issue 13.5): staff with `promotions` manage them; the storefront reads the running ones.
      await api.register(popupRoutes({ db }));
      // Running the shop: orders (issue 7, staff-orders).
      await api.register(
        adminOrderRoutes({ service: adminOrdersService({ db, orders, refunds: orderRefunds }), settings }),
      );
    },
    { prefix: "/api" },
  );

  await app.register(seoRoutes({ publicUrl: config.publicUrl, catalog, repo }));

  return app;
}

declare module "fastify" {
  interface FastifyInstance {
    services: {
      catalog: ReturnType<typeof catalogService>;
      settings: ReturnType<typeof storeSettingsService>;
      media: MediaStore;
      cache: ResponseCache;
      identity: IdentityModule;
      /** Order status changes, order mails, customer order reads (modules/orders). */
      orders: OrdersService;
      /** The shopper's cart (checkout reads it). */
      cart: CartService;
      checkout: CheckoutModule;
      /** Refunds (never more than paid) and restock (modules/orders/refunds.ts). */
      refunds: Refunds;
      /** "Forget what you cached of this topic", told to every process (infra/invalidation-bus.ts). */
      bus: InvalidationBus;
      /** The one job queue (infra/jobs.ts): mails, the hold sweeper, future background work. */
      jobs: JobQueue;
    };
    /** Who is calling (see modules/identity/service.ts and http/access.ts). */
    identity: IdentityService;
    /** Draining before a graceful shutdown (main.ts sets it; /readyz reads it). */
    lifecycle: Lifecycle;
  }
}
