/**
 * The cart and wishlist calls from the browser. Writes first make sure the visitor has
 * an identity (features/cart/shopper.ts) and update the badges from their answers; the
 * pages' TanStack queries use the keys below and are refreshed when the shopper changes.
 */
import type { AddCartLineBody, Cart } from "@atelier/contract";
import { setCartCount, setWishlist } from "./bag-store.ts";
import { cartRequests, wishlistRequests } from "./requests.ts";
import { ensureShopper, hasShopper } from "./shopper.ts";

export const cartKeys = {
  all: ["cart"] as const,
  cart: (zoneId: number | undefined) => [...cartKeys.all, "cart", zoneId ?? "cheapest"] as const,
  wishlist: () => [...cartKeys.all, "wishlist"] as const,
};

/** The cart as the server reads it now; a visitor with no identity yet has an empty one (null). */
export async function fetchCart(zoneId: number | undefined): Promise<Cart | null> {
  if (!hasShopper()) return null;
  const cart = await cartRequests.cart(zoneId);
  setCartCount(cart.count);
  return cart;
}

export async function fetchWishlist() {
  if (!hasShopper()) return { items: [] };
  const wishlist = await wishlistRequests.list();
  setWishlist(wishlist.items.map((item) => item.productId));
  return wishlist;
}

function counted(cart: Cart): Cart {
  setCartCount(cart.count);
  return cart;
}

export async function addToCart(body: AddCartLineBody, zoneId?: number): Promise<Cart> {
  await ensureShopper();
  return counted(await cartRequests.addLine(body, zoneId));
}

export type CartChange =
  | { kind: "quantity"; lineId: number; quantity: number }
  | { kind: "remove"; lineId: number }
  | { kind: "save-for-later"; lineId: number }
  | { kind: "accept-prices" };

export async function changeCart(change: CartChange, zoneId: number | undefined): Promise<Cart> {
  switch (change.kind) {
    case "quantity":
      return counted(await cartRequests.updateLine(change.lineId, change.quantity, zoneId));
    case "remove":
      return counted(await cartRequests.removeLine(change.lineId, zoneId));
    case "save-for-later": {
      const cart = counted(await cartRequests.saveForLater(change.lineId, zoneId));
      setWishlist((await wishlistRequests.ids()).productIds);
      return cart;
    }
    case "accept-prices":
      return counted(await cartRequests.acknowledgePrices(zoneId));
  }
}

/** Hearts a product (or takes the heart back); the answer is the wishlist's ids. */
export async function setWishlisted(productId: number, wanted: boolean): Promise<void> {
  await ensureShopper();
  const answer = wanted ? await wishlistRequests.add(productId) : await wishlistRequests.remove(productId);
  setWishlist(answer.productIds);
}

export async function moveToCart(productId: number, variantId: number): Promise<void> {
  await ensureShopper();
  const count = await wishlistRequests.moveToCart(productId, variantId);
  setCartCount(count.count);
  setWishlist((await wishlistRequests.ids()).productIds);
}
