/**
 * Builds the checkout module: settings, the checkout service, card payments and the
 * sweeper that releases expired card holds (a job of the queue, once a minute in one
 * process however many run).
 */
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import type { Config } from "../../config.ts";
import type { Db } from "../../db/client.ts";
import type { JobQueue } from "../../infra/jobs.ts";
import { cardPayments } from "./card-payments.ts";
import { checkoutRoutes } from "./routes.ts";
import { checkoutService } from "./service.ts";
import { checkoutSettingsService } from "./settings.ts";
import { stripeGateway } from "./stripe.ts";

/** The sweeper's job and how often it runs (cron, UTC): every minute. */
export const HOLD_SWEEP_JOB = "checkout.release-expired-holds";
export const HOLD_SWEEP_CRON = "* * * * *";

export function createCheckout(deps: {
  db: Db;
  config: Config;
  log: FastifyBaseLogger;
  jobs: JobQueue;
  /** Expired holds gave units back (inventory, issue 14: the storefront's copies go). */
  onHoldsReleased?: () => void;
}) {
  const settings = checkoutSettingsService(deps.db, deps.config);
  const checkout = checkoutService({
    db: deps.db,
    settings,
    gateway: stripeGateway(deps.config),
    publicUrl: deps.config.publicUrl,
    log: deps.log,
  });
  const cards = cardPayments({
    db: deps.db,
    log: deps.log,
    onPaid: checkout.emitPlaced,
    onPaidIn: checkout.emitPlacedIn,
  });
  // A failed sweep is not retried: the next minute's sweep does the same work.
  deps.jobs.every(
    HOLD_SWEEP_JOB,
    HOLD_SWEEP_CRON,
    async () => {
      const released = await cards.releaseExpiredHolds();
      if (released > 0) {
        deps.log.info({ released }, "released expired card holds");
        deps.onHoldsReleased?.();
      }
    },
    { retryLimit: 0, expireInSeconds: 300 },
  );

  /** Registers the routes. */
  function register(_app: FastifyInstance, options: { onSettingsChanged: () => void }) {
    return checkoutRoutes({
      settings,
      checkout,
      cards,
      webhookSecret: deps.config.stripe.webhookSecret,
      onSettingsChanged: options.onSettingsChanged,
    });
  }

  return { settings, checkout, cards, register };
}

export type CheckoutModule = ReturnType<typeof createCheckout>;
export type { CheckoutLine } from "./cart-lines.ts";
export type { CouponEngine, DiscountVerdict } from "./coupons.ts";
export { lineTotal, priceOrder, type TaxRate } from "./pricing.ts";
export type { CheckoutService } from "./service.ts";
