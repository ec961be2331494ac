/** Cart and wishlist calls: parse, ask who is shopping, call the service. */
import { cartEndpoints, wishlistEndpoints } from "@atelier/contract";
import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client.ts";
import { addRoute } from "../../http/routes.ts";
import { shopperOf } from "../../http/shopper.ts";
import type { InvalidationBus } from "../../infra/invalidation-bus.ts";
import type { GuestService } from "../identity/index.ts";
import type { StoreSettingsService } from "../settings/index.ts";
import { cartDeliveryMemo } from "./cart-delivery.ts";
import { cartRepository } from "./cart-repository.ts";
import { cartService } from "./cart-service.ts";
import { mergeGuestCart, mergeGuestWishlist } from "./merge.ts";
import { wishlistRepository } from "./wishlist-repository.ts";
import { wishlistService } from "./wishlist-service.ts";

export function cartModule(deps: {
  db: Db;
  settings: StoreSettingsService;
  guests: GuestService;
  /** Told of each committed add to a cart (product-stats counts them for the reports' funnel). */
  onAdded?: (productId: number) => void;
  /** Zones and the store's tax rate are kept in memory until it publishes `settings` (cart-delivery.ts). */
  bus: Pick<InvalidationBus, "subscribe">;
}) {
  const { db, settings } = deps;
  const carts = cartRepository(db);
  const wishlists = wishlistRepository(db);
  const cart = cartService({
    db,
    carts,
    wishlists,
    settings,
    delivery: cartDeliveryMemo(deps.bus, carts),
    ...(deps.onAdded ? { onAdded: deps.onAdded } : {}),
  });
  const wishlist = wishlistService({ db, wishlists, carts, cart, settings });
  deps.guests.registerMerger(mergeGuestWishlist);
  deps.guests.registerMerger(mergeGuestCart);

  const routes = async (app: FastifyInstance) => {
    addRoute(app, cartEndpoints.cart, async (request) => cart.view(await shopperOf(request), request.query.zoneId));
    addRoute(app, cartEndpoints.count, async (request) => cart.count(await shopperOf(request)));
    addRoute(app, cartEndpoints.addLine, async (request) =>
      cart.addLine(await shopperOf(request), request.body, request.query.zoneId),
    );
    addRoute(app, cartEndpoints.updateLine, async (request) =>
      cart.updateLine(await shopperOf(request), request.params.lineId, request.body.quantity, request.query.zoneId),
    );
    addRoute(app, cartEndpoints.removeLine, async (request) =>
      cart.removeLine(await shopperOf(request), request.params.lineId, request.query.zoneId),
    );
    addRoute(app, cartEndpoints.saveForLater, async (request) =>
      cart.saveForLater(await shopperOf(request), request.params.lineId, request.query.zoneId),
    );
    addRoute(app, cartEndpoints.acknowledgePrices, async (request) =>
      cart.acknowledgePrices(await shopperOf(request), request.query.zoneId),
    );

    addRoute(app, wishlistEndpoints.wishlist, async (request) => wishlist.list(await shopperOf(request)));
    addRoute(app, wishlistEndpoints.ids, async (request) => wishlist.ids(await shopperOf(request)));
    addRoute(app, wishlistEndpoints.add, async (request) =>
      wishlist.add(await shopperOf(request), request.body.productId),
    );
    addRoute(app, wishlistEndpoints.remove, async (request) =>
      wishlist.remove(await shopperOf(request), request.params.productId),
    );
    addRoute(app, wishlistEndpoints.moveToCart, async (request) =>
      wishlist.moveToCart(await shopperOf(request), request.params.productId, request.body),
    );
  };

  return { cart, wishlist, routes };
}
