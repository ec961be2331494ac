/**
 * Wishlist and cart (issue 6). Both belong to "the shopper": the signed-in user, else the
 * guest of a genuine `x-guest-token`, else the call answers 401. Nothing in a request
 * names an owner, and another shopper's line answers 404.
 *
 * Prices and stock are re-read on the server every time the cart is read; a line keeps
 * the unit price the shopper last saw (`seenUnitPrice`) so a change is shown, never
 * silently charged. Money is integer minor units of `currency`.
 */
import { z } from "zod";
import { apiPaths } from "./api-paths.ts";
import { ProductCard } from "./catalog-products.ts";
import { CurrencyCode, Id, IdParam, ImageFilename, MinorUnits } from "./common.ts";
import { cartLimits } from "./constants.ts";
import { defineEndpoint } from "./endpoint.ts";

/** A quantity a shopper asks for: a whole number from 1 (0, negative and fractions are refused). */
export const CartQuantity = z
  .number({ error: "must be a number" })
  .int({ error: "must be a whole number" })
  .min(1, { error: "must be at least 1" })
  .max(cartLimits.maxQuantity, { error: `must be at most ${cartLimits.maxQuantity}` });

export const AddCartLineBody = z.object({ variantId: Id, quantity: CartQuantity });
export type AddCartLineBody = z.infer<typeof AddCartLineBody>;
export const UpdateCartLineBody = z.object({ quantity: CartQuantity });
export const CartLineParams = z.object({ lineId: IdParam });
/** The delivery zone to estimate with; without it, the cheapest active zone. */
export const CartQuery = z.object({ zoneId: IdParam.optional() });

/**
 * - in_stock / low (only `onlyLeft` left, at or under the store's "Only N left" limit) /
 *   sold_out: the variant's stock now (never its exact count above that limit, issue 37);
 * - unavailable: the product is no longer sold (unpublished).
 */
export const StockState = z.enum(["in_stock", "low", "sold_out", "unavailable"]);
export type StockState = z.infer<typeof StockState>;

export const CartLine = z
  .object({
    id: Id,
    variantId: Id,
    productId: Id,
    productName: z.string(),
    filename: ImageFilename.nullable(),
    size: z.object({ id: Id, name: z.string() }),
    color: z.object({ id: Id, name: z.string(), hex: z.string() }),
    /** The price now. */
    unitPrice: MinorUnits,
    /** The price the shopper last saw (when added, or last accepted). */
    seenUnitPrice: MinorUnits,
    priceChanged: z.boolean(),
    stockState: StockState,
    /** The units left when `low` ("Only N left"); null otherwise. */
    onlyLeft: z.number().int().positive().nullable(),
    /** The line asks more units than there are (lower the quantity; `onlyLeft` says how far when low). */
    overStock: z.boolean(),
    quantity: z.number().int().positive(),
    /** unitPrice × quantity. */
    lineTotal: MinorUnits,
    /** False for sold-out or unavailable lines and for lines asking more than the stock (they need the shopper's change). */
    orderable: z.boolean(),
  })
  .meta({ id: "CartLine" });
export type CartLine = z.infer<typeof CartLine>;

export const DeliveryZoneOption = z.object({
  id: Id,
  name: z.string(),
  description: z.string(),
  fee: MinorUnits,
  freeOver: MinorUnits.nullable(),
  estimate: z.string(),
});
export type DeliveryZoneOption = z.infer<typeof DeliveryZoneOption>;

export const CartTotals = z.object({
  /**
   * Each line at the units that can be had now: sold-out and unavailable lines count 0; a
   * line over the stock counts `onlyLeft` when low, else 0 until its quantity is lowered
   * (counting the stock itself would tell it).
   */
  subtotal: MinorUnits,
  discount: MinorUnits,
  deliveryFee: MinorUnits,
  /** False when the shop has no active delivery zone yet. */
  deliveryKnown: z.boolean(),
  tax: MinorUnits,
  taxRateBasisPoints: z.number().int().nonnegative(),
  total: MinorUnits,
});
export type CartTotals = z.infer<typeof CartTotals>;

export const Cart = z
  .object({
    currency: CurrencyCode,
    lines: z.array(CartLine),
    /** Units in the cart (the badge). */
    count: z.number().int().nonnegative(),
    totals: CartTotals,
    delivery: z.object({ zones: z.array(DeliveryZoneOption), zoneId: Id.nullable() }),
    /** The store country's tax rate the estimate uses (checkout applies the delivery address's). */
    tax: z.object({ name: z.string(), region: z.string(), rateBasisPoints: z.number().int() }).nullable(),
    notices: z.object({
      priceChanges: z.number().int().nonnegative(),
      soldOut: z.number().int().nonnegative(),
      unavailable: z.number().int().nonnegative(),
      overStock: z.number().int().nonnegative(),
    }),
    /** True when there are lines to order and nothing to settle first (price changes, stock). */
    readyForCheckout: z.boolean(),
  })
  .meta({ id: "Cart" });
export type Cart = z.infer<typeof Cart>;

export const CartCount = z
  .object({ count: z.number().int().nonnegative(), lines: z.number().int().nonnegative() })
  .meta({ id: "CartCount" });
export type CartCount = z.infer<typeof CartCount>;

export const WishlistProductParams = z.object({ productId: IdParam });
export const AddWishlistBody = z.object({ productId: Id });
export const MoveToCartBody = z.object({ variantId: Id, quantity: CartQuantity.default(1) });

export const WishlistItem = z.object({ productId: Id, addedAt: z.string(), product: ProductCard });
export type WishlistItem = z.infer<typeof WishlistItem>;
export const Wishlist = z.object({ items: z.array(WishlistItem) }).meta({ id: "Wishlist" });
export type Wishlist = z.infer<typeof Wishlist>;
/** The ids of the published products on the wishlist (hearts and the badge). */
export const WishlistIds = z.object({ productIds: z.array(Id) }).meta({ id: "WishlistIds" });
export type WishlistIds = z.infer<typeof WishlistIds>;

const tags = ["cart"] as const;
const wishlistTags = ["wishlist"] as const;
const shopperNote = " (the signed-in user, else the guest of `x-guest-token`; 401 for neither)";

export const cartEndpoints = {
  cart: defineEndpoint({
    method: "GET",
    path: apiPaths.cart,
    summary: `The shopper's cart with prices and stock as they are now, and estimated totals${shopperNote}`,
    tags,
    query: CartQuery,
    response: Cart,
  }),
  count: defineEndpoint({
    method: "GET",
    path: apiPaths.cartCount,
    summary: "Units and lines in the shopper's cart (the badge)",
    tags,
    response: CartCount,
  }),
  addLine: defineEndpoint({
    method: "POST",
    path: apiPaths.cartLines,
    summary:
      'Adds units of a variant (to its line if there is one); more than the stock answers 422 (without the exact count above the "Only N left" limit)',
    tags,
    query: CartQuery,
    body: AddCartLineBody,
    response: Cart,
  }),
  updateLine: defineEndpoint({
    method: "PATCH",
    path: apiPaths.cartLine,
    summary: "Sets a line's quantity (at most the stock)",
    tags,
    params: CartLineParams,
    query: CartQuery,
    body: UpdateCartLineBody,
    response: Cart,
  }),
  removeLine: defineEndpoint({
    method: "DELETE",
    path: apiPaths.cartLine,
    summary: "Removes a line",
    tags,
    params: CartLineParams,
    query: CartQuery,
    response: Cart,
  }),
  saveForLater: defineEndpoint({
    method: "POST",
    path: apiPaths.cartLineSaveForLater,
    summary: "Moves a line's product to the wishlist and removes the line",
    tags,
    params: CartLineParams,
    query: CartQuery,
    response: Cart,
  }),
  acknowledgePrices: defineEndpoint({
    method: "POST",
    path: apiPaths.cartAcknowledgePrices,
    summary: "Accepts the current prices of every line (their seen price becomes the price now)",
    tags,
    query: CartQuery,
    response: Cart,
  }),
};

export const wishlistEndpoints = {
  wishlist: defineEndpoint({
    method: "GET",
    path: apiPaths.wishlist,
    summary: `The shopper's wishlist as product cards, newest first${shopperNote}`,
    tags: wishlistTags,
    response: Wishlist,
  }),
  ids: defineEndpoint({
    method: "GET",
    path: apiPaths.wishlistIds,
    summary: "The product ids on the shopper's wishlist (hearts and the badge)",
    tags: wishlistTags,
    response: WishlistIds,
  }),
  add: defineEndpoint({
    method: "POST",
    path: apiPaths.wishlistItems,
    summary: "Adds a published product (adding it twice changes nothing); unknown or unpublished answers 404",
    tags: wishlistTags,
    body: AddWishlistBody,
    response: WishlistIds,
  }),
  remove: defineEndpoint({
    method: "DELETE",
    path: apiPaths.wishlistItem,
    summary: "Removes a product from the wishlist; 404 when it is not on it",
    tags: wishlistTags,
    params: WishlistProductParams,
    response: WishlistIds,
  }),
  moveToCart: defineEndpoint({
    method: "POST",
    path: apiPaths.wishlistItemMoveToCart,
    summary: "Adds a size and color of a wishlisted product to the cart and removes it from the wishlist",
    tags: wishlistTags,
    params: WishlistProductParams,
    body: MoveToCartBody,
    response: CartCount,
  }),
};
