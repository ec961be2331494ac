/**
 * The API paths the storefront's own browser code calls (`shopApiPaths`), apart from the
 * admin's: a storefront page downloads these, not the hundred-odd others. `apiPaths`
 * (api-paths.ts) lists them too, with the same values; the server and the admin use that.
 */

/** Paths below the API base (`/api`), with `:name` parameters. */
export const shopApiPaths = {
  taxonomy: "/catalog/taxonomy",
  products: "/products",
  // Product details: public; 404 when unpublished unless staff.
  productDetails: "/products/:productId",
  productAvailability: "/products/:productId/availability",
  collabNotify: "/collabs/notify",
  getImage: "/admin/getimage/:filename",
  auth: "/auth",
  identityConfig: "/identity/config",
  me: "/me",
  guests: "/guests",
  mergeGuest: "/me/merge-guest",
  // Search (issue 5): the spec's two suggestion calls (public, despite /admin) and the results page.
  searchBarProducts: "/admin/search-bar-products",
  searchProducts: "/admin/search-products",
  searchResults: "/search",
  // Cart and wishlist (issue 6, cart): the shopper's own (session, else guest token).
  cart: "/cart",
  cartCount: "/cart/count",
  cartLines: "/cart/lines",
  cartLine: "/cart/lines/:lineId",
  cartLineSaveForLater: "/cart/lines/:lineId/save-for-later",
  cartAcknowledgePrices: "/cart/acknowledge-prices",
  wishlist: "/wishlist",
  wishlistIds: "/wishlist/ids",
  wishlistItems: "/wishlist/items",
  wishlistItem: "/wishlist/items/:productId",
  wishlistItemMoveToCart: "/wishlist/items/:productId/move-to-cart",
  checkoutQuote: "/checkout/quote",
  // Pop-ups (issue 13.5): the storefront's one call; the rest are in popup-constants.ts.
  activePopups: "/popups/active",
} as const;
