/**
 * Checkout's HTTP edge: store settings (admin), the shopper's options, quote, place order
 * and confirmation, and Stripe's webhook (raw body, so its signature can be checked).
 */
import { apiPaths, checkoutEndpoints as endpoints, IDEMPOTENCY_HEADER } from "@atelier/contract";
import type { FastifyInstance } from "fastify";
import { BadRequestError, NotFoundError } from "../../errors.ts";
import { addRoute } from "../../http/routes.ts";
import { optionalShopperOf, shopperOf } from "../../http/shopper.ts";
import { activityActor } from "../activity-log/index.ts";
import type { CardPayments } from "./card-payments.ts";
import type { CheckoutService } from "./service.ts";
import type { CheckoutSettingsService } from "./settings.ts";
import { verifyStripeEvent } from "./stripe.ts";

const VISIBLE_ASCII = /^[\x21-\x7e]{1,255}$/;

export function checkoutRoutes(deps: {
  settings: CheckoutSettingsService;
  checkout: CheckoutService;
  cards: CardPayments;
  webhookSecret: string | undefined;
  /** Settings edits change what shoppers see (the store settings cache). */
  onSettingsChanged: () => void;
}) {
  const { settings, checkout, cards } = deps;
  const changed = <T>(value: T): T => {
    deps.onSettingsChanged();
    return value;
  };

  return async (app: FastifyInstance) => {
    addRoute(app, endpoints.listZones, () => settings.listZones());
    addRoute(app, endpoints.createZone, async (request) =>
      changed(await settings.createZone(request.body, await activityActor(request))),
    );
    addRoute(app, endpoints.updateZone, async (request) =>
      changed(await settings.updateZone(request.params.id, request.body, await activityActor(request))),
    );
    addRoute(app, endpoints.deleteZone, async (request) =>
      changed(await settings.deleteZone(request.params.id, await activityActor(request))),
    );
    addRoute(app, endpoints.listTaxRates, () => settings.listTaxRates());
    addRoute(app, endpoints.createTaxRate, async (request) =>
      changed(await settings.createTaxRate(request.body, await activityActor(request))),
    );
    addRoute(app, endpoints.updateTaxRate, async (request) =>
      changed(await settings.updateTaxRate(request.params.id, request.body, await activityActor(request))),
    );
    addRoute(app, endpoints.deleteTaxRate, async (request) =>
      changed(await settings.deleteTaxRate(request.params.id, await activityActor(request))),
    );
    addRoute(app, endpoints.getSettings, () => settings.get());
    addRoute(app, endpoints.updateSettings, async (request) =>
      changed(await settings.update(request.body, await activityActor(request))),
    );

    addRoute(app, endpoints.options, async (request, reply) => {
      reply.header("cache-control", "private, no-store");
      return checkout.options(await optionalShopperOf(request));
    });
    addRoute(app, endpoints.quote, async (request) => checkout.quote(await optionalShopperOf(request), request.body));
    addRoute(app, endpoints.placeOrder, async (request) => {
      const shopper = await shopperOf(request);
      const key = request.headers[IDEMPOTENCY_HEADER];
      if (typeof key !== "string" || !VISIBLE_ASCII.test(key)) {
        throw new BadRequestError(
          "Send an Idempotency-Key header (1-255 visible characters, new for each order) so a retry never orders twice.",
          { "idempotency-key": "is required" },
        );
      }
      return checkout.place(shopper, request.body, key);
    });
    addRoute(app, endpoints.confirmation, async (request, reply) => {
      reply.header("cache-control", "private, no-store");
      return checkout.confirmation(await shopperOf(request), request.params.number);
    });

    // Stripe's webhook: its own content-type parser keeps the body as bytes for the signature.
    await app.register(async (webhook) => {
      webhook.removeContentTypeParser("application/json");
      webhook.addContentTypeParser("application/json", { parseAs: "buffer" }, (_request, body, done) =>
        done(null, body),
      );
      webhook.post(
        apiPaths.stripeWebhook,
        { config: { access: "public" }, schema: { hide: true }, bodyLimit: 1024 * 1024 },
        async (request, reply) => {
          if (!deps.webhookSecret) throw new NotFoundError("Card payments are not configured.");
          const signature = request.headers["stripe-signature"];
          if (typeof signature !== "string" || !Buffer.isBuffer(request.body)) {
            throw new BadRequestError("Missing Stripe-Signature header or body.");
          }
          let event: ReturnType<typeof verifyStripeEvent>;
          try {
            event = verifyStripeEvent(request.body, signature, deps.webhookSecret);
          } catch (error) {
            // Only the reason: Stripe's error carries the raw payload (card data) and the signature.
            const reason = error instanceof Error ? error.message.split("\n")[0] : String(error);
            request.log.warn({ reason }, "Stripe webhook refused: signature or timestamp not valid");
            throw new BadRequestError("The webhook signature is not valid.");
          }
          const outcome = await cards.handle(event);
          return reply.send({ received: true, outcome });
        },
      );
    });
  };
}
