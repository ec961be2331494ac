/**
 * The cart and wishlist calls from the browser. Writes first make sure the visitor has
 * an identity (features/cart/shopper.ts) and update the badges from their answers; the
 * pages' TanStack queries use the keys below and are refreshed when the shopper changes.
 */
import { type AddCartLineBody, type Cart, cartEndpoints, wishlistEndpoints } from "@atelier/contract";
import { browserApi } from "../../lib/api.ts";
import { setCartCount, setWishlist } from "./bag-store.ts";
import { ensureShopper, hasShopper } from "./shopper.ts";

export const cartKeys = {
  all: ["cart"] as const,
  cart: (zoneId: number | undefined) => [...cartKeys.all, "cart", zoneId ?? "cheapest"] as const,
  wishlist: () => [...cartKeys.all, "wishlist"] as const,
};

const zoneQuery = (zoneId: number | undefined) => (zoneId === undefined ? {} : { query: { zoneId } });

/** The cart as the server reads it now; a visitor with no identity yet has an empty one (null). */
export async function fetchCart(zoneId: number | undefined): Promise<Cart | null> {
  if (!hasShopper()) return null;
  const cart = await browserApi.get(cartEndpoints.cart, zoneQuery(zoneId));
  setCartCount(cart.count);
  return cart;
}

export async function fetchWishlist() {
  if (!hasShopper()) return { items: [] };
  const wishlist = await browserApi.get(wishlistEndpoints.wishlist);
  setWishlist(wishlist.items.map((item) => item.productId));
  return wishlist;
}

function counted(cart: Cart): Cart {
  setCartCount(cart.count);
  return cart;
}

export async function addToCart(body: AddCartLineBody, zoneId?: number): Promise<Cart> {
  await ensureShopper();
  return counted(await browserApi.send(cartEndpoints.addLine, { body, ...zoneQuery(zoneId) }));
}

export type CartChange =
  | { kind: "quantity"; lineId: number; quantity: number }
  | { kind: "remove"; lineId: number }
  | { kind: "save-for-later"; lineId: number }
  | { kind: "accept-prices" };

export async function changeCart(change: CartChange, zoneId: number | undefined): Promise<Cart> {
  const zone = zoneQuery(zoneId);
  switch (change.kind) {
    case "quantity":
      return counted(
        await browserApi.send(cartEndpoints.updateLine, {
          params: { lineId: change.lineId },
          body: { quantity: change.quantity },
          ...zone,
        }),
      );
    case "remove":
      return counted(await browserApi.send(cartEndpoints.removeLine, { params: { lineId: change.lineId }, ...zone }));
    case "save-for-later": {
      const cart = counted(
        await browserApi.send(cartEndpoints.saveForLater, { params: { lineId: change.lineId }, ...zone }),
      );
      setWishlist((await browserApi.get(wishlistEndpoints.ids)).productIds);
      return cart;
    }
    case "accept-prices":
      return counted(await browserApi.send(cartEndpoints.acknowledgePrices, zone));
  }
}

/** Hearts a product (or takes the heart back); the answer is the wishlist's ids. */
export async function setWishlisted(productId: number, wanted: boolean): Promise<void> {
  await ensureShopper();
  const answer = wanted
    ? await browserApi.send(wishlistEndpoints.add, { body: { productId } })
    : await browserApi.send(wishlistEndpoints.remove, { params: { productId } });
  setWishlist(answer.productIds);
}

export async function moveToCart(productId: number, variantId: number): Promise<void> {
  await ensureShopper();
  const count = await browserApi.send(wishlistEndpoints.moveToCart, {
    params: { productId },
    body: { variantId, quantity: 1 },
  });
  setCartCount(count.count);
  setWishlist((await browserApi.get(wishlistEndpoints.ids)).productIds);
}
