/**
 * buildApp: the API (and sitemap) as one Fastify instance, with no side effects beyond
 * registering routes, so tests build it with `app.inject()`. main.ts adds the web app
 * (http/web.ts: built bundle, or Vite in dev) and listens.
 */
import { randomUUID } from "node:crypto";
import path from "node:path";
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
import { apiNotFound, registerErrorHandling } from "./http/errors.ts";
import { registerMetrics } from "./http/metrics.ts";
import { registerOpenApi } from "./http/openapi.ts";
import { sameOriginOnly } from "./http/same-origin.ts";
import { apiSecurityHeaders } from "./http/security.ts";
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
import { healthRoutes } from "./modules/health/routes.ts";
import { authRoutes } from "./modules/identity/auth-routes.ts";
import { createIdentity, type IdentityModule } from "./modules/identity/index.ts";
import { identityRoutes } from "./modules/identity/routes.ts";
import type { IdentityService } from "./modules/identity/service.ts";
import type { Mailer } from "./modules/mail/mailer.ts";
import { mediaRoutes } from "./modules/media/routes.ts";
import { MediaStore } from "./modules/media/store.ts";
import { orderRequestAdminRoutes } from "./modules/order-requests/routes.ts";
import { orderRequestsAdmin } from "./modules/order-requests/service.ts";
import { createOrders } from "./modules/orders/index.ts";
import { type Refunds, refunds, stripeRefunder } from "./modules/orders/refunds.ts";
import { ordersRepository } from "./modules/orders/repository.ts";
import { orderRoutes } from "./modules/orders/routes.ts";
import type { OrdersService } from "./modules/orders/service.ts";
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
  /** Replaces the mailer built from the configuration (tests read what was sent). */
  mailer?: Mailer;
  /** Sees every route as it is registered (the access test walks all admin routes). */
  onRoute?: (route: RouteOptions) => void;
}

const acceptedRequestId = (value: string | string[] | undefined): string | undefined =>
  typeof value === "string" && /^[\w.:-]{8,128}$/.test(value) ? value : undefined;

export function createLogger(config: Pick<Config, "logLevel">): FastifyBaseLogger {
  return pino({ level: config.logLevel, redact: ["req.headers.authorization", "req.headers.cookie"] });
}

export async function buildApp({ config, db, pool, logger, mailer, onRoute }: AppDeps): Promise<FastifyInstance> {
  const log = logger ?? createLogger(config);
  const app = Fastify({
    loggerInstance: log,
    trustProxy: config.trustProxy,
    return503OnClosing: true,
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

  if (onRoute) app.addHook("onRoute", onRoute);
  app.setValidatorCompiler(validatorCompiler);
  // Tests check every answer against its contract schema; production only serialises.
  app.setSerializerCompiler(config.env === "test" ? serializerCompiler : () => (data) => JSON.stringify(data));
  registerErrorHandling(app);
  await registerCompression(app); // before any route: every answer may be compressed
  await registerOpenApi(app, { storeName: config.storeName, publicUrl: config.publicUrl });

  const cache = new ResponseCache();
  const metrics = registerMetrics(app, { pool, cache, token: config.metrics.token });
  const settings = storeSettingsService(db, config.storeName);
  const repo = catalogRepository(db);
  const catalog = catalogService({ repo, settings, cache });
  const search = searchService({ repo: searchRepository(pool), catalog: repo, settings });
  const media = new MediaStore(path.join(config.dataDir, "media"), db);

  const identity = await createIdentity({ config, db, logger: log, ...(mailer ? { mailer } : {}) });

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
  const checkout = createCheckout({ db, config, log });
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
  });
  app.decorate("identity", identity.identity);

  await app.register(async (operations) => {
    operations.addHook("onRequest", apiSecurityHeaders);
    await operations.register(healthRoutes(pool));
  });
  await app.register(
    async (api) => {
      api.addHook("onRequest", apiSecurityHeaders);
      api.addHook("onRequest", sameOriginOnly(identity.trustedOrigins));
      apiNotFound(api);
      await api.register(rateLimit, {
        global: false,
        errorResponseBuilder: (_request, context) =>
          new RateLimitedError(`Too many requests. Try again in ${context.after}.`),
      });
      await api.register(authRoutes(identity.auth, { perIpPerMinute: config.auth.rateLimitPerMinute }), {
        prefix: "/auth",
      });
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
      await api.register(checkout.register(app, { onSettingsChanged: () => settings.invalidate() }));
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
    };
    /** Who is calling (see modules/identity/service.ts and http/access.ts). */
    identity: IdentityService;
  }
}
