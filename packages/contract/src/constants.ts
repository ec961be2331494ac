/**
 * The zod-free part of the contract: API paths and constants that browser code needs.
 * Importing it does not pull zod into the client bundle.
 */

// Every API path (`apiPaths`) is `@atelier/contract/api-paths`, not here: the storefront's
// shell takes this module and its dependencies, and needs only the storefront's own paths.
export { shopApiPaths } from "./shop-api-paths.ts";

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
