import { contentSlugs } from "@atelier/contract/constants";

/** Every client route of the storefront, in one place (spec section 2). */
export const paths = {
  home: () => "/",
  about: () => "/#about",
  category: (name: string) => `/categories/${encodeURIComponent(name)}`,
  productList: (subSubCategoryId: number, query: { gender?: string | undefined } = {}) =>
    `/products/${subSubCategoryId}${query.gender ? `?gender=${encodeURIComponent(query.gender)}` : ""}`,
  productDetails: (productId: number) => `/products/details/${productId}`,
  search: (text: string) => `/search-product?search=${encodeURIComponent(text)}`,
  newArrivals: () => "/new-arrivals",
  wishlist: () => "/WishList",
  cart: () => "/MyCart",
  checkout: () => "/checkout",
  /** Where a placed order lands (and Stripe Checkout returns to). */
  checkoutComplete: (number: string) => `/checkout/complete/${encodeURIComponent(number)}`,
  dashboard: () => "/dashboard",
  myOrders: () => "/my-orders",
  /** One order; `token` is the guest's signed link from the order's email. */
  myOrder: (number: string, token?: string) =>
    `/my-orders/${encodeURIComponent(number)}${token ? `?token=${encodeURIComponent(token)}` : ""}`,
  contact: () => "/contact",
  /** Login; after signing in, the page goes back to `redirectTo` (a same-site path). */
  login: (redirectTo?: string) => (redirectTo ? `/login?redirectTo=${encodeURIComponent(redirectTo)}` : "/login"),
  resetPassword: () => "/reset-password",
  artistCollabs: () => "/collabs/artist",
  influencerCollabs: () => "/collabs/influencer",
  content: (slug: ContentSlug) => `/${slug}`,
  admin: () => "/admin",
} as const;

export { contentSlugs };
export type ContentSlug = (typeof contentSlugs)[number];

export function isAdminPath(pathname: string): boolean {
  return pathname === "/admin" || pathname.startsWith("/admin/");
}
