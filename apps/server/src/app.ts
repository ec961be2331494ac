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
import { Gauge } from "prom-client";
import type { Config } from "./config.ts";
import type { Db } from "./db/client.ts";
import { usePreparedStatements } from "./db/prepared.ts";
import { RateLimitedError } from "./errors.ts";
import { apiTokenRateLimit } from "./http/api-token-limit.ts";
import { ResponseCache } from "./http/cache.ts";
import { registerCompression } from "./http/compression.ts";
import { BODY_LIMIT, edgeHook, frameworkErrors, registerJsonParser } from "./http/edge.ts";
import { apiNotFound, isApiPath, registerErrorHandling } from "./http/errors.ts";
import { decorateInProcessReads } from "./http/in-process.ts";
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
import { adminSearchRoutes } from "./modules/admin-search/routes.ts";
import type { CartService } from "./modules/cart/cart-service.ts";
import { cartModule } from "./modules/cart/routes.ts";
import { catalogRepository } from "./modules/catalog/repository.ts";
import { catalogRoutes } from "./modules/catalog/routes.ts";
import { catalogService } from "./modules/catalog/service.ts";
import { type CheckoutModule, createCheckout } from "./modules/checkout/index.ts";
import { createCollabs } from "./modules/collabs/index.ts";
import { compatRoutes } from "./modules/compat/routes.ts";
import { contactRoutes } from "./modules/contact/routes.ts";
import { createCustomization } from "./modules/customization/index.ts";
import { dashboardRoutes } from "./modules/dashboard/routes.ts";
import { healthRoutes, type Lifecycle } from "./modules/health/routes.ts";
import { authRoutes } from "./modules/identity/auth-routes.ts";
import { createIdentity, type IdentityModule } from "./modules/identity/index.ts";
import { identityRoutes } from "./modules/identity/routes.ts";
import type { IdentityService } from "./modules/identity/service.ts";
import { createInventory, restocksUnits } from "./modules/inventory/index.ts";
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
import { cardFees, paymentRoutes, paymentsService, stripeReader } from "./modules/payments/index.ts";
import { popupRoutes } from "./modules/popups/index.ts";
import { productAdminRoutes } from "./modules/product-admin/routes.ts";
import { productStatsRoutes } from "./modules/product-stats/routes.ts";
import { countCartAdds, type ViewCounter } from "./modules/product-stats/view-counter.ts";
import { createPromotions } from "./modules/promotions/index.ts";
import { createReports, type ReportsModule, storeTimeZone } from "./modules/reports/index.ts";
import { LiveSuggestionIndex } from "./modules/search/live-index.ts";
import { searchRepository } from "./modules/search/repository.ts";
import { searchRoutes } from "./modules/search/routes.ts";
import { type SearchService, searchService } from "./modules/search/service.ts";
import { storeSettingsService } from "./modules/settings/index.ts";
import { storefrontRoutes } from "./modules/storefront/routes.ts";
import { seoRoutes } from "./modules/storefront/seo-routes.ts";
import { taxonomyAdminRoutes } from "./modules/taxonomy-admin/routes.ts";
import { userAdminRoutes } from "./modules/users/routes.ts";
import { createWebhooks } from "./modules/webhooks/index.ts";

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
  usePreparedStatements(config.preparedStatements);
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
    // Every parsed body is bounded (http/edge.ts); routes and raw subtrees set their own.
    bodyLimit: BODY_LIMIT,
    // A URL the router cannot decode (`%C0` in a path) answers in the API's error shape too.
    frameworkErrors,
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

  // The edge (http/edge.ts): HSTS on https; NUL bytes and invalid UTF-8 refused in every
  // URL, and (by the JSON parser every scope inherits) in every body.
  app.addHook("onRequest", edgeHook({ publicUrl: config.publicUrl }));
  registerJsonParser(app);

  if (onRoute) app.addHook("onRoute", onRoute);
  const lifecycle: Lifecycle = { draining: false };
  app.setValidatorCompiler(validatorCompiler);
  // Tests check every answer against its contract schema; production only serialises.
  app.setSerializerCompiler(config.env === "test" ? serializerCompiler : () => (data) => JSON.stringify(data));
  registerErrorHandling(app);
  // Public reads the web host's loaders call in process (http/in-process.ts); filled by addRoute.
  decorateInProcessReads(app);
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

  // Catalogue writes in this process (after their transaction): the bus tells every process;
  // `catalogWritten` runs here only, once per write (collabs: the back-in-stock check).
  const catalogWritten: (() => void)[] = [];
  const cache = new ResponseCache(undefined, undefined, () => {
    void bus.publish("catalog");
    for (const listener of catalogWritten) listener();
  });
  bus.subscribe("catalog", () => cache.clear());
  const metrics = registerMetrics(app, { pool, cache, jobs, token: config.metrics.token });
  const settings = storeSettingsService(db, config.storeName);
  // The JSON cache keeps the public store settings (and answers formatted with them) too.
  bus.subscribe("settings", () => {
    settings.invalidate();
    cache.clear();
  });
  const repo = catalogRepository(db);
  const catalog = catalogService({ repo, settings, cache });
  // Suggestions from an in-memory index per process (ADR 0016), built before the app is ready.
  const searchIndex = config.search.engine === "memory" ? new LiveSuggestionIndex({ pool, bus, log }) : undefined;
  if (searchIndex) {
    app.addHook("onReady", async () => searchIndex.start());
    app.addHook("onClose", async () => searchIndex.stop());
    new Gauge({
      name: "atelier_search_index_bytes",
      help: "Memory of the suggestion index when it was built, estimated from its arrays and strings",
      registers: [metrics.registry],
      collect() {
        this.set(searchIndex.report?.bytes ?? 0);
      },
    });
    new Gauge({
      name: "atelier_search_index_documents",
      help: "Published products in the suggestion index when it was built",
      registers: [metrics.registry],
      collect() {
        this.set(searchIndex.report?.documents ?? 0);
      },
    });
    new Gauge({
      name: "atelier_search_index_build_seconds",
      help: "How long building the suggestion index took at start",
      registers: [metrics.registry],
      collect() {
        this.set((searchIndex.report?.buildMs ?? 0) / 1000);
      },
    });
  }
  const search = searchService({ repo: searchRepository(pool), catalog: repo, settings, index: searchIndex });
  const media = new MediaStore(createMediaStorage(config), db);

  // Every mail is a job: sent outside the request, retried, never lost (modules/mail/queue.ts).
  const mails = queuedMailer(mailer ?? mailerFromConfig(config, log), jobs);
  const identity = await createIdentity({ config, db, logger: log, mailer: mails });

  // Outbound webhooks (issue 38 item 1, ADR 0025): the triggers' outbox relayed onto the queue.
  const webhooks = createWebhooks({
    db,
    jobs,
    bus,
    log,
    mailer: identity.mailer,
    secret: identity.secret,
    storeName: config.storeName,
    publicUrl: config.publicUrl,
    allowPrivateNetworks: config.webhooks.allowPrivateNetworks,
    disableAfterMs: config.webhooks.disableAfterMs,
  });
  app.addHook("onReady", async () => webhooks.start());
  app.addHook("onClose", async () => webhooks.stop());

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
  // Adds to a cart are counted per product and day for the reports' funnel (issue 17).
  const cartAdds = countCartAdds(app, db);
  const shopping = cartModule({
    db,
    settings,
    guests: identity.guests,
    onAdded: (productId) => cartAdds.record(productId, new Date(), "cartAdds"),
    bus,
  });
  // Checkout (issue 6): settings, placing orders, card payments; orders hook onOrderPlaced here.
  // Expired card holds put units back on sale (inventory, issue 14): the pages showing them go.
  const checkout = createCheckout({ db, config, log, jobs, onHoldsReleased: () => catalog.invalidate() });
  // The confirmation mail goes out once an order is placed (card orders: once paid), its job
  // enqueued inside that transaction so it commits with the order (ADR 0008). Built from
  // what checkout wrote (event.placed) when it has it, else read (card orders paid later).
  checkout.checkout.onOrderPlacedIn((tx, event) => orders.queueConfirmation(tx, event.orderId, event.placed));
  checkout.checkout.onOrderPlaced(() => metrics.ordersPlaced.inc());
  // Storefront speed (issue 18): an order that sells a variant out changes what the pages
  // and cached answers show (sold out): every process forgets its catalogue copies. So
  // does one that leaves a variant at or under the "Only N left" limit (inventory, issue
  // 14), and a card order's hold at creation, not only once paid.
  checkout.checkout.onOrderCreated(async (event) => {
    // Checkout knows it from the locked lines (ADR 0017); the query is for any other caller.
    if (event.lowStock !== undefined) {
      if (event.lowStock) catalog.invalidate();
      return;
    }
    const { rowCount } = await pool.query(
      `select 1 from order_lines l join product_variants v on v.id = l.variant_id
       where l.history_id = $1
         and v.stock <= greatest(0, coalesce((select only_left_below from inventory_settings where id = 1), 0))
       limit 1`,
      [event.orderId],
    );
    if (rowCount) catalog.invalidate();
  });

  // Promotions (issue 13): installs the discount engine into checkout.
  const promotions = createPromotions({
    db,
    settings,
    checkout: checkout.checkout,
    invalidateCatalog: () => catalog.invalidate(),
    log,
    cache,
  });
  // Collabs and drops (issue 16): installs the drop guard into checkout; its jobs join the queue.
  const collabs = createCollabs({
    db,
    jobs,
    mailer: identity.mailer,
    log,
    storeName: config.storeName,
    publicUrl: config.publicUrl,
    checkout: checkout.checkout,
    currency: async () => (await settings.get()).currency,
    invalidateCatalog: () => catalog.invalidate(),
    // The collab row on every storefront page and the collab pages (page cache key `collabs`).
    collabsChanged: () => void bus.publish("collabs"),
  });
  // A sold-out variant back in stock (the stock ledger's adjustments, transfers and counts, the
  // product form): its "Notify me" subscribers are mailed through the job queue. Restocks that
  // write no catalogue (a refund's restock, an expired card hold) wait for the minute's sweep.
  catalogWritten.push(() => collabs.notify.stockMayHaveReturned());
  app.addHook("onReady", async () => promotions.discounts.start());
  app.addHook("onClose", async () => promotions.discounts.stop());

  // Reports (issue 17): the roll-up refresh is a job of the queue (declared before it starts).
  const reports = createReports({ db, jobs, log, currency: async () => (await settings.get()).currency });

  // Card fees (ADR 0012): read from Stripe onto the payment ledger by a job of the queue,
  // at once when a card order is paid, and every five minutes for the ones Stripe told late.
  const stripe = stripeReader(config);
  const fees = cardFees({ db, jobs, log, stripe });
  checkout.checkout.onOrderPlaced(async (event) => {
    if (event.paymentMethod === "card" && stripe) await fees.readSoon();
  });

  // Inventory (issue 14): warehouses, stock ledger, stock status, transfers, counts, low stock.
  const inventory = createInventory({
    db,
    jobs,
    mailer: identity.mailer,
    log,
    storeName: config.storeName,
    publicUrl: config.publicUrl,
    invalidateCatalog: () => catalog.invalidate(),
    invalidateSettings: () => void bus.publish("settings"),
  });

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
    reports,
    cartAdds,
    search,
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
      // Inventory (issue 14): a cancellation or a received return puts units back on sale;
      // once its answer is sent (the change committed) every process forgets its copies.
      api.addHook("onResponse", async (request, reply) => {
        if (reply.statusCode < 300 && restocksUnits(request.method, request.routeOptions.url, request.body)) {
          catalog.invalidate();
        }
      });
      await api.register(rateLimit, {
        global: false,
        // With REDIS_URL the counters are shared by every process; a Redis outage lets requests through.
        ...(redis ? { redis, nameSpace: `${namespace}rate-limit:`, skipOnError: true } : {}),
        errorResponseBuilder: (_request, context) =>
          new RateLimitedError(`Too many requests. Try again in ${context.after}.`),
      });
      // Admin API tokens: counted per token, before their lookup (http/api-token-limit.ts).
      api.addHook("onRequest", apiTokenRateLimit(api, config.apiTokens.rateLimitPerMinute));
      await api.register(
        authRoutes(identity.auth, { perIpPerMinute: config.auth.rateLimitPerMinute, probe: identity.probe }),
        {
          prefix: "/auth",
        },
      );
      await api.register(identityRoutes({ config, guests: identity.guests }));
      await api.register(userAdminRoutes({ db, identity }));
      // Outbound webhooks (issue 38 item 1): staff with Role Management, signed in.
      await api.register(webhooks.routes);
      // Activity log (issue 20): staff with `roles` read who did what.
      await api.register(activityLogRoutes({ db }));
      await api.register(dashboardRoutes({ db }));
      // The staff's ⌘K palette (issue 38): orders, products and customers by the caller's areas.
      await api.register(adminSearchRoutes({ db }));
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
      // Inventory (issue 14): staff with `inventory`; the storefront's availability per zone.
      await api.register(inventory.routes);
      // Pop-ups (issue 13.5): staff with `promotions` manage them; the storefront reads the running ones.
      await api.register(popupRoutes({ db }));
      // Collabs and drops (issue 16): staff with `promotions`; the storefront's collab pages and Notify me.
      await api.register(collabs.routes);
      // Running the shop: orders (issue 7, staff-orders).
      const adminOrders = adminOrdersService({ db, orders, refunds: orderRefunds });
      await api.register(adminOrderRoutes({ service: adminOrders, settings }));
      // Payments back office (issue 15): ledger, refunds, payouts, remittances, reconciliation.
      await api.register(
        paymentRoutes(
          paymentsService({
            db,
            refunds: orderRefunds,
            adminOrders,
            stripe,
            storeCurrency: async () => (await settings.get()).currency,
            storeTimeZone: () => storeTimeZone(db),
          }),
        ),
      );
      // Reports (issue 17): staff with `reports`.
      await api.register(reports.routes);
    },
    { prefix: "/api" },
  );

  await app.register(
    seoRoutes({
      publicUrl: config.publicUrl,
      catalog,
      repo,
      collabPages: () => collabs.collaborators.publicPages(),
    }),
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
      /** Reports (issue 17): the service and the roll-up refresh. */
      reports: ReportsModule;
      /** Adds to a cart per product and day, batched (product-stats; the reports' funnel). */
      cartAdds: ViewCounter;
      /** Product search: suggestions (the in-memory index, or PostgreSQL) and the results page. */
      search: SearchService;
    };
    /** Who is calling (see modules/identity/service.ts and http/access.ts). */
    identity: IdentityService;
    /** Draining before a graceful shutdown (main.ts sets it; /readyz reads it). */
    lifecycle: Lifecycle;
  }
}
