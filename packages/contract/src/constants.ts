/**
 * The zod-free part of the contract: API paths and constants that browser code needs.
 * Importing it does not pull zod into the client bundle.
 */

/** Paths below the API base (`/api`), with `:name` parameters. */
export const apiPaths = {
  viewProductCategories: "/admin/view-product-categories",
  viewGenders: "/admin/view-genders",
  viewProductSubCategory: "/admin/view-product-sub-category/:categoryId",
  viewProductSubSubCategory: "/admin/view-product-sub-sub-category/:subCategoryId",
  getImage: "/admin/getimage/:filename",
  taxonomy: "/catalog/taxonomy",
  series: "/catalog/series",
  products: "/products",
  home: "/storefront/home",
  storeSettings: "/storefront/settings",
  collabNotify: "/collabs/notify",
  productAvailability: "/products/:productId/availability",
  checkIfAdmin: "/admin/checkIfAdmin",
  auth: "/auth",
  identityConfig: "/identity/config",
  me: "/me",
  guests: "/guests",
  mergeGuest: "/me/merge-guest",
  adminDashboard: "/admin/dashboard",
  adminSearch: "/admin/search",
  adminPermissions: "/admin/permissions",
  adminRoles: "/admin/roles",
  adminRole: "/admin/roles/:id",
  adminUsers: "/admin/users",
  adminSecuritySettings: "/admin/security-settings",
  // Admin API tokens (issue 38 item 2): made and revoked by staff with Role Management.
  adminApiTokens: "/admin/api-tokens",
  adminApiTokenRevoke: "/admin/api-tokens/:id/revoke",
  // Outbound webhooks (issue 38 item 1): endpoints, their secrets, the delivery log.
  adminWebhooks: "/admin/webhooks",
  adminWebhook: "/admin/webhooks/:id",
  adminWebhookRotateSecret: "/admin/webhooks/:id/rotate-secret",
  adminWebhookTest: "/admin/webhooks/:id/test",
  adminWebhookDeliveries: "/admin/webhooks/:id/deliveries",
  adminWebhookDelivery: "/admin/webhook-deliveries/:id",
  adminWebhookRedeliver: "/admin/webhook-deliveries/:id/redeliver",
  adminUser: "/admin/users/:userId",
  adminUserRoles: "/admin/users/:userId/roles",
  adminUserBan: "/admin/users/:userId/ban",
  adminUserUnban: "/admin/users/:userId/unban",
  adminUserPasswordReset: "/admin/users/:userId/password-reset",
  adminUserSession: "/admin/users/:userId/sessions/:sessionId",
  adminUserInsights: "/admin/insights/users",
  adminMedia: "/admin/media",
  // Products admin (issue 4): the product form, publishing, the all-products table, CSV.
  adminProducts: "/admin/products",
  adminProductOptions: "/admin/products/options",
  adminProduct: "/admin/products/:id",
  adminProductsBulk: "/admin/products/bulk",
  adminProductsExport: "/admin/products/export",
  adminProductsImport: "/admin/products/import",
  // Dashboard: Statistics / Views and Sync Sales Count (product-stats.ts)
  adminStatsViews: "/admin/stats/views",
  adminSyncSalesCount: "/admin/sync/sales-count",
  // Storefront catalogue (issue 4, part 3): product details, public; 404 when unpublished unless staff.
  productDetails: "/products/:productId",
  // Catalogue taxonomy admin (series, categories, product types, attributes, navbar order)
  adminSeries: "/admin/series",
  adminSeriesItem: "/admin/series/:id",
  adminCategories: "/admin/categories",
  adminCategory: "/admin/categories/:id",
  adminCategoryOrder: "/admin/categories/order",
  adminSubCategories: "/admin/categories/:categoryId/sub-categories",
  adminSubCategory: "/admin/sub-categories/:id",
  adminSubSubCategories: "/admin/sub-categories/:subCategoryId/sub-sub-categories",
  adminSubSubCategory: "/admin/sub-sub-categories/:id",
  adminProductTypes: "/admin/product-types",
  adminProductType: "/admin/product-types/:id",
  adminColors: "/admin/colors",
  adminColor: "/admin/colors/:id",
  adminSizes: "/admin/sizes",
  adminSize: "/admin/sizes/:id",
  adminSizeOrder: "/admin/sizes/order",
  adminFabrics: "/admin/fabrics",
  adminFabric: "/admin/fabrics/:id",
  // Search (issue 5): the spec's two suggestion calls (public, despite /admin) and the results page.
  searchBarProducts: "/admin/search-bar-products",
  searchProducts: "/admin/search-products",
  searchResults: "/search",
  // Orders, customer side (issue 6): my orders, the signed guest link, cancel/return requests.
  myOrders: "/my-orders",
  myOrder: "/my-orders/:number",
  myOrderRequests: "/my-orders/:number/requests",
  orderRequestPhotos: "/order-requests/photos",
  // Customer dashboard and contact (issue 6)
  accountOverview: "/me/overview",
  profile: "/me/profile",
  addresses: "/me/addresses",
  address: "/me/addresses/:id",
  contact: "/contact",
  // Checkout (issue 6): store settings for checkout (admin), the shopper's checkout, the Stripe webhook.
  adminDeliveryZones: "/admin/settings/delivery-zones",
  adminDeliveryZone: "/admin/settings/delivery-zones/:id",
  adminTaxRates: "/admin/settings/tax-rates",
  adminTaxRate: "/admin/settings/tax-rates/:id",
  adminCheckoutSettings: "/admin/settings/checkout",
  checkoutOptions: "/checkout/options",
  checkoutQuote: "/checkout/quote",
  checkoutOrders: "/checkout/orders",
  checkoutOrder: "/checkout/orders/:number",
  stripeWebhook: "/webhooks/stripe",
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
  // Requests (issue 7): customization requests (shopper and staff), staff handling of cancel/return requests.
  customizationRequests: "/customization-requests",
  customizationOptions: "/customization-requests/options",
  customizationRequest: "/customization-requests/:id",
  customizationRequestAccept: "/customization-requests/:id/accept",
  customizationRequestCancel: "/customization-requests/:id/cancel",
  getAllCustomizationRequests: "/admin/get-all-customization-requests",
  adminCustomizationRequest: "/admin/customization-requests/:id",
  adminCustomizationCheck: "/admin/customization-requests/:id/check",
  adminCustomizationQuote: "/admin/customization-requests/:id/quote",
  adminCustomizationReject: "/admin/customization-requests/:id/reject",
  adminOrderRequests: "/admin/order-requests",
  adminOrderRequestApprove: "/admin/order-requests/:id/approve",
  adminOrderRequestReject: "/admin/order-requests/:id/reject",
  adminOrderRequestReceived: "/admin/order-requests/:id/received",
  // Running the shop: orders (issue 7, staff-orders): the spec's call, the badges, the order pages.
  getAllBuyingHistory: "/admin/get-all-buying-history",
  adminBadges: "/admin/badges",
  adminOrders: "/admin/orders",
  adminOrdersExport: "/admin/orders/export",
  adminOrdersBulk: "/admin/orders/bulk",
  adminOrder: "/admin/orders/:id",
  adminOrderCheck: "/admin/orders/:id/check",
  adminOrderStatus: "/admin/orders/:id/status",
  adminOrderRefund: "/admin/orders/:id/refund",
  adminOrderVerifyPayment: "/admin/orders/:id/verify-payment",
  adminOrderNotes: "/admin/orders/:id/notes",
  adminCarts: "/admin/carts",
  // Activity log (issue 20): who did what and when in the admin, with before and after values.
  adminActivityLog: "/admin/activity-log",
  adminActivityLogExport: "/admin/activity-log/export",
  // Pop-ups (issue 13.5): the storefront's one call; the rest are in popup-constants.ts.
  activePopups: "/popups/active",
} as const;

/** Cart limits: a line's quantity, the most lines a cart holds, and "only N left" from this stock down. */
export const cartLimits = { maxQuantity: 99, maxLines: 100, lowStock: 5 } as const;

/** A product whose variants hold this many units or fewer in total (but some) is "low" in stock. */
export const productLowStock = 10;

export * from "./activity-actions.ts";
export * from "./password-policy.ts";
export * from "./permissions.ts";

/** The footer's content pages (/careers … /cookies): routes in the web app, sitemap entries. */
export const contentSlugs = [
  "careers",
  "press",
  "showrooms",
  "help",
  "affiliate-faq",
  "shipping",
  "returns",
  "terms",
  "privacy",
  "cookies",
] as const;

/**
 * The widths every stored image exists in (thumbnail, listing, detail, zoom);
 * `getimage?w=` picks the nearest one above.
 */
export const imageWidths = [240, 480, 960, 1600] as const;

/** What the media pipeline accepts (DESIGN.md, Media): anything else is refused with 413/415. */
export const imageUploadLimits = {
  maxBytes: 10 * 1024 * 1024,
  maxPixels: 40_000_000,
  contentTypes: ["image/jpeg", "image/png", "image/webp", "image/avif"],
} as const;

/** "popular" is units sold (sales_count), then newest. */
export const productSorts = ["newest", "popular", "price-asc", "price-desc", "name"] as const;

/** The words customers and staff read for each order status (server mails, storefront, admin). */
export const orderStatusLabels = {
  pending_payment: "Awaiting payment",
  placed: "Placed",
  confirmed: "Confirmed",
  packed: "Packed",
  shipped: "Shipped",
  delivered: "Delivered",
  cancelled: "Cancelled",
  return_requested: "Return requested",
  returned: "Returned",
  refunded: "Refunded",
} as const;

/** The results page's sorts: relevance first (the default), then a list's usual orders. */
export const searchSorts = ["relevance", "newest", "price-asc", "price-desc"] as const;

/** Search limits (spec section 9: 300 ms debounce; a list about 15rem high). */
export const searchLimits = {
  debounceMs: 300,
  /** Longer text is cut to this many characters, never refused. */
  maxQueryChars: 100,
  /** How many suggestions the header box and the mobile search show. */
  suggestions: 8,
} as const;

type QueryValue = string | number | boolean | undefined | null;

/**
 * Builds the URL of an API path below `base` (default `/api`): fills `:name` parameters
 * (URL-encoded) and appends the defined query values.
 */
export function endpointUrl(
  endpoint: { path: string },
  params: Record<string, string | number> = {},
  query: Record<string, QueryValue> = {},
  base = "/api",
): string {
  const path = endpoint.path.replace(/:([A-Za-z0-9_]+)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter "${name}" for ${endpoint.path}`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== "") search.set(key, String(value));
  }
  const qs = search.toString();
  return `${base}${path}${qs ? `?${qs}` : ""}`;
}

/** Query parameters no page reads: marketing tags that would split one page into many entries. */
const untrackedPageParams = /^(utm_[a-z]+|fbclid|gclid|msclkid|mc_cid|mc_eid|_ga|ref)$/;

/**
 * A page's query as the page cache keys and renders it: marketing tags dropped, the rest
 * sorted by name, then value. The server renders a kept page for this query, so a page
 * that renders its query (a list's hidden filter inputs, its pagination links) renders it
 * through this, in the browser too, or hydration would meet other markup than the server's.
 */
export function canonicalPageParams(search: string): URLSearchParams {
  const kept = [...new URLSearchParams(search)].filter(([name]) => !untrackedPageParams.test(name));
  kept.sort(([a, va], [b, vb]) => (a < b ? -1 : a > b ? 1 : va < vb ? -1 : va > vb ? 1 : 0));
  return new URLSearchParams(kept);
}

/**
 * Admin API tokens (issue 38 item 2, ADR 0024): `atl_` + 43 base64url characters (32 random
 * bytes), never a better-auth session token (those have no underscore). The list shows the
 * first `prefixLength` characters. Expiry is required: a preset number of days or a date,
 * at most `maxDays` ahead.
 */
export const apiTokenRules = {
  marker: "atl_",
  prefixLength: 12,
  presetDays: [7, 30, 90, 365] as const,
  maxDays: 366,
  nameMax: 80,
} as const;

/**
 * Outbound webhooks (issue 38 item 1): the events an endpoint can subscribe to, as
 * `webhook-id`-signed POSTs following the Standard Webhooks specification. `webhook.test`
 * is sent only by "Send test event". Payloads carry `version` (webhookRules.payloadVersion);
 * a change that is not additive gets a new version.
 */
export const webhookEventTypes = [
  "order.placed",
  "order.paid",
  "order.fulfilled",
  "order.cancelled",
  "refund.created",
  "request.opened",
  "product.created",
  "product.updated",
  "product.deleted",
  "stock.low",
  "customer.created",
] as const;
export const webhookEventLabels: Record<(typeof webhookEventTypes)[number], string> = {
  "order.placed": "Order placed",
  "order.paid": "Order paid",
  "order.fulfilled": "Order fulfilled (shipped)",
  "order.cancelled": "Order cancelled",
  "refund.created": "Refund created",
  "request.opened": "Cancel or return request opened",
  "product.created": "Product created",
  "product.updated": "Product updated",
  "product.deleted": "Product deleted",
  "stock.low": "Stock low",
  "customer.created": "Customer account created",
};

export const webhookRules = {
  payloadVersion: 1,
  descriptionMax: 200,
  urlMax: 500,
  /** How long the old secret still signs after a rotation (hours), by default and at most. */
  rotationOverlapHours: 24,
  rotationOverlapMaxHours: 168,
  /** Attempts per delivery: the first and the retries, backing off over about a day. */
  maxAttempts: 12,
} as const;
