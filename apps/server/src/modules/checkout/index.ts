/**
 * Builds the checkout module: settings, the checkout service, card payments and the
 * sweeper that releases expired card holds (started and stopped with the app).
 */
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import type { Config } from "../../config.ts";
import type { Db } from "../../db/client.ts";
import { cardPayments } from "./card-payments.ts";
import { checkoutRoutes } from "./routes.ts";
import { checkoutService } from "./service.ts";
import { checkoutSettingsService } from "./settings.ts";
import { stripeGateway } from "./stripe.ts";

/** How often the sweeper looks for expired card holds. */
export const HOLD_SWEEP_INTERVAL_MS = 60_000;

export function createCheckout(deps: { db: Db; config: Config; log: FastifyBaseLogger }) {
  const settings = checkoutSettingsService(deps.db, deps.config);
  const checkout = checkoutService({
    db: deps.db,
    settings,
    gateway: stripeGateway(deps.config),
    publicUrl: deps.config.publicUrl,
    log: deps.log,
  });
  const cards = cardPayments({ db: deps.db, log: deps.log, onPaid: checkout.emitPlaced });

  /** Registers the routes and ties the sweeper's interval to the app's life. */
  function register(app: FastifyInstance, options: { onSettingsChanged: () => void }) {
    let timer: NodeJS.Timeout | undefined;
    app.addHook("onReady", async () => {
      timer = setInterval(() => {
        cards.releaseExpiredHolds().catch((error: unknown) => deps.log.error({ err: error }, "hold sweep failed"));
      }, HOLD_SWEEP_INTERVAL_MS);
      timer.unref();
    });
    app.addHook("onClose", async () => clearInterval(timer));
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
