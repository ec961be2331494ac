/**
 * The zod-free part of the pop-ups contract (issue 13.5): API paths and the keys the
 * admin and the storefront's modal need (`@atelier/contract/popup-constants`, kept out of
 * constants.ts so the storefront's shell chunk does not carry it).
 */
import { shopApiPaths } from "./shop-api-paths.ts";

export const popupPaths = {
  adminPopups: "/admin/popups",
  adminPopup: "/admin/popups/:id",
  adminPopupEnabled: "/admin/popups/:id/enabled",
  /** Public: the pop-ups whose schedule is running now, for one kind of page. */
  activePopups: shopApiPaths.activePopups,
} as const;

/** Who sees a pop-up; decided in the browser from its own state, so pages stay cacheable. */
export const popupAudiences = ["everyone", "guests", "signed-in", "first-visit"] as const;
export type PopupAudience = (typeof popupAudiences)[number];

/** Where it shows: the home page, every storefront page, or one category's pages. */
export const popupPlacements = ["home", "all", "category"] as const;
export type PopupPlacement = (typeof popupPlacements)[number];

/** How often one browser sees it (a dismissal counts as seen). */
export const popupFrequencies = ["session", "day", "once"] as const;
export type PopupFrequency = (typeof popupFrequencies)[number];

export const popupAudienceLabels: Record<PopupAudience, string> = {
  everyone: "Everyone",
  guests: "Guests (not signed in)",
  "signed-in": "Signed-in customers",
  "first-visit": "First visit only",
};

export const popupPlacementLabels: Record<PopupPlacement, string> = {
  home: "Home page",
  all: "All storefront pages",
  category: "One category",
};

export const popupFrequencyLabels: Record<PopupFrequency, string> = {
  session: "Once per session",
  day: "Once per day",
  once: "Once ever",
};

export const popupLimits = {
  title: 120,
  text: 1000,
  buttonLabel: 40,
  href: 500,
  couponCode: 64,
  imageAlt: 200,
} as const;

/**
 * A button link staff may use: a same-site path ("/categories/Men", not "//evil.example")
 * or an absolute http(s) URL. Anything else (javascript:, data:, mailto:) is refused.
 */
export function isSafePopupHref(value: string): boolean {
  if (value.length === 0 || value.length > popupLimits.href) return false;
  // No whitespace or control characters anywhere: browsers strip them inside schemes.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (/[\s\u0000-\u001f\u007f\\]/.test(value)) return false;
  if (value.startsWith("/")) return !value.startsWith("//");
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname.length > 0;
  } catch {
    return false;
  }
}
