/**
 * Promotions (issue 13): the discount engine checkout asks (installed with
 * `checkout.useCouponEngine`) and the staff coupon calls.
 */
import type { Db } from "../../db/client.ts";
import type { CheckoutService } from "../checkout/service.ts";
import type { StoreSettingsService } from "../storefront/settings.ts";
import { promotionsCouponEngine } from "./checkout-engine.ts";
import { promotionRoutes } from "./routes.ts";
import { promotionsService } from "./service.ts";

export function createPromotions(deps: { db: Db; settings: StoreSettingsService; checkout: CheckoutService }) {
  const currency = async () => (await deps.settings.get()).currency;
  const engine = promotionsCouponEngine({ db: deps.db, currency });
  deps.checkout.useCouponEngine(engine);
  const service = promotionsService({ db: deps.db, currency });
  return { engine, service, routes: promotionRoutes(service) };
}
