/**
 * Promotions (issue 13): the discount engine checkout asks (installed with
 * `checkout.useCouponEngine`), the staff coupon calls, and scheduled discounts (sale
 * prices) with the clock that clears the catalogue cache when one starts or ends; the
 * app starts and stops that clock with itself.
 */
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client.ts";
import type { ResponseCache } from "../../http/cache.ts";
import type { CheckoutService } from "../checkout/index.ts";
import type { StoreSettingsService } from "../settings/index.ts";
import { promotionsCouponEngine } from "./checkout-engine.ts";
import { discountsService } from "./discounts.ts";
import { newArrivalsService } from "./new-arrivals.ts";
import { promotionRoutes } from "./routes.ts";
import { promotionsService } from "./service.ts";

export function createPromotions(deps: {
  db: Db;
  settings: StoreSettingsService;
  checkout: CheckoutService;
  /** Clears the catalogue's response cache (a sale started, ended or changed). */
  invalidateCatalog: () => void;
  log: FastifyBaseLogger;
  cache: ResponseCache;
}) {
  const currency = async () => (await deps.settings.get()).currency;
  const engine = promotionsCouponEngine({ db: deps.db, currency });
  deps.checkout.useCouponEngine(engine);
  const timeZone = async () => (await deps.settings.get()).timeZone;
  const service = promotionsService({ db: deps.db, currency, timeZone });
  const discounts = discountsService({ db: deps.db, invalidate: deps.invalidateCatalog, log: deps.log });
  const newArrivals = newArrivalsService({
    db: deps.db,
    cache: deps.cache,
    currency,
    invalidate: deps.invalidateCatalog,
  });
  return { engine, service, discounts, newArrivals, routes: promotionRoutes(service, discounts, newArrivals) };
}
export { paidForUnits } from "./engine.ts";
