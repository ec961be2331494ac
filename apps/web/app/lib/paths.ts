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
  wishlist: () => "/WishList",
  cart: () => "/MyCart",
  dashboard: () => "/dashboard",
  myOrders: () => "/my-orders",
  contact: () => "/contact",
  login: () => "/login",
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
