/**
 * The wishlist's rules: published products only, adding twice changes nothing, and
 * "move to cart" takes a size and color of that product (the cart's stock rules apply)
 * in the same transaction that takes the product off the list.
 */
import type { WishlistIds } from "@atelier/contract";
import type { Db } from "../../db/client.ts";
import { NotFoundError, ValidationError } from "../../errors.ts";
import type { Shopper } from "../../http/shopper.ts";
import type { StoreSettingsService } from "../settings/index.ts";
import type { CartRepository } from "./cart-repository.ts";
import type { CartService } from "./cart-service.ts";
import type { WishlistRepository } from "./wishlist-repository.ts";

export function wishlistService(deps: {
  db: Db;
  wishlists: WishlistRepository;
  carts: CartRepository;
  cart: CartService;
  settings: StoreSettingsService;
}) {
  const { db, wishlists, carts, cart, settings } = deps;
  const ids = async (shopper: Shopper): Promise<WishlistIds> => ({ productIds: await wishlists.ids(shopper) });

  return {
    ids,

    async list(shopper: Shopper) {
      const [rows, store] = await Promise.all([wishlists.items(shopper), settings.get()]);
      return {
        items: rows.map((row) => ({
          productId: row.product.id,
          addedAt: row.addedAt,
          product: { ...row.product, currency: store.currency },
        })),
      };
    },

    async add(shopper: Shopper, productId: number): Promise<WishlistIds> {
      if (!(await wishlists.isPublished(productId))) throw new NotFoundError("This product is not available.");
      await wishlists.add(shopper, productId);
      return ids(shopper);
    },

    async remove(shopper: Shopper, productId: number): Promise<WishlistIds> {
      if (!(await wishlists.remove(shopper, productId)))
        throw new NotFoundError("This product is not on your wishlist.");
      return ids(shopper);
    },

    async moveToCart(shopper: Shopper, productId: number, input: { variantId: number; quantity: number }) {
      const added = await db.transaction(async (tx) => {
        const variant = await carts.variant(input.variantId, tx);
        if (variant && variant.productId !== productId) {
          throw new ValidationError("Choose a size and color of this product.", {
            variantId: "is not a size and color of this product",
          });
        }
        if (!(await wishlists.remove(shopper, productId, tx))) {
          throw new NotFoundError("This product is not on your wishlist.");
        }
        return cart.addUnits(shopper, input, tx);
      });
      cart.added(added);
      return cart.count(shopper);
    },
  };
}
