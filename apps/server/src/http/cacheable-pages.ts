/**
 * The storefront pages the full-page cache keeps (http/page-cache.ts, ADR 0015): pages
 * whose HTML is the same for every visitor, because everything personal on them (cart and
 * wishlist badges, signed-in state, guest identity, pop-up frequency) comes from the
 * browser's own state or a JSON call after hydration.
 *
 * To cache another page type, add a line: its path pattern and the surrogate keys
 * (invalidation-bus topics) of what it shows. Every storefront page shows the navigation
 * (taxonomy: `catalog`), the desktop bar's collab row (live collaborators: `collabs`) and
 * the footer (store settings: `settings`). Drops (issue 16) are catalogue writes; a drop's
 * launch or end is a scheduled change the collab and product pages name as their expiry
 * (`X-Page-Expires`, set by their loaders).
 */
import { contentSlugs } from "@atelier/contract/constants";

export interface CacheablePage {
  name: string;
  /** Matches the path (no query). */
  pattern: RegExp;
  /** Surrogate keys: the bus topics whose changes this page shows. */
  keys: readonly string[];
}

/** What every storefront page shows (navigation, collab row, footer): also the shared reads' keys (http/shared-reads.ts). */
export const shellTopics = ["catalog", "settings", "collabs"] as const;
const SHELL = shellTopics;

export const cacheablePages: CacheablePage[] = [
  { name: "home", pattern: /^\/$/, keys: SHELL },
  { name: "category", pattern: /^\/categories\/[^/]+$/, keys: SHELL },
  { name: "product-list", pattern: /^\/products\/\d{1,9}$/, keys: SHELL },
  { name: "product-details", pattern: /^\/products\/details\/\d{1,9}$/, keys: SHELL },
  { name: "search-results", pattern: /^\/search-product$/, keys: SHELL },
  { name: "new-arrivals", pattern: /^\/new-arrivals$/, keys: SHELL },
  { name: "content", pattern: new RegExp(`^/(${contentSlugs.join("|")})$`), keys: SHELL },
  { name: "collabs-list", pattern: /^\/collabs\/(artist|influencer)$/, keys: SHELL },
  { name: "collab-page", pattern: /^\/collabs\/(artist|influencer)\/[a-z0-9-]{1,80}$/, keys: SHELL },
];

/** The page type of a request path (with or without its query), if it is cached. */
export function cacheablePageOf(url: string): CacheablePage | undefined {
  const question = url.indexOf("?");
  const path = question === -1 ? url : url.slice(0, question);
  return cacheablePages.find((page) => page.pattern.test(path));
}

/** Every surrogate key some page carries: the bus topics the page cache listens to. */
export const pageCacheTopics = [...new Set(cacheablePages.flatMap((page) => page.keys))];
