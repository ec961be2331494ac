/**
 * The cart and wishlist calls without zod. The badges and hearts are on every page, so
 * this code rides in the shell chunk: it takes its paths from the zod-free constants and
 * its answer types from the contract as types only, so the schemas stay out of the
 * shell (the server validates every request and answer against them).
 */
import type { AddCartLineBody, Cart, CartCount, ProductDetails, Wishlist, WishlistIds } from "@atelier/contract";
import { shopApiPaths } from "@atelier/contract/constants";
import { browserCall } from "../../lib/api.ts";

interface Options {
  params?: Record<string, number>;
  query?: Record<string, number | undefined>;
  body?: object;
}

function call<T>(method: string, path: string, options: Options = {}): Promise<T> {
  return browserCall<T>(method, path, options);
}

const zone = (zoneId: number | undefined) => ({ query: { zoneId } });

export const cartRequests = {
  cart: (zoneId?: number) => call<Cart>("GET", shopApiPaths.cart, zone(zoneId)),
  count: () => call<CartCount>("GET", shopApiPaths.cartCount),
  addLine: (body: AddCartLineBody, zoneId?: number) =>
    call<Cart>("POST", shopApiPaths.cartLines, { body, ...zone(zoneId) }),
  updateLine: (lineId: number, quantity: number, zoneId?: number) =>
    call<Cart>("PATCH", shopApiPaths.cartLine, { params: { lineId }, body: { quantity }, ...zone(zoneId) }),
  removeLine: (lineId: number, zoneId?: number) =>
    call<Cart>("DELETE", shopApiPaths.cartLine, { params: { lineId }, ...zone(zoneId) }),
  saveForLater: (lineId: number, zoneId?: number) =>
    call<Cart>("POST", shopApiPaths.cartLineSaveForLater, { params: { lineId }, ...zone(zoneId) }),
  acknowledgePrices: (zoneId?: number) => call<Cart>("POST", shopApiPaths.cartAcknowledgePrices, zone(zoneId)),
};

export const wishlistRequests = {
  list: () => call<Wishlist>("GET", shopApiPaths.wishlist),
  ids: () => call<WishlistIds>("GET", shopApiPaths.wishlistIds),
  add: (productId: number) => call<WishlistIds>("POST", shopApiPaths.wishlistItems, { body: { productId } }),
  remove: (productId: number) => call<WishlistIds>("DELETE", shopApiPaths.wishlistItem, { params: { productId } }),
  moveToCart: (productId: number, variantId: number) =>
    call<CartCount>("POST", shopApiPaths.wishlistItemMoveToCart, {
      params: { productId },
      body: { variantId, quantity: 1 },
    }),
};

/** A product's sizes and colors, for "Move to cart" on the wishlist. */
export const productDetails = (productId: number) =>
  call<ProductDetails>("GET", shopApiPaths.productDetails, { params: { productId } });
