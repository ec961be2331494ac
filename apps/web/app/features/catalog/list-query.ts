/**
 * A list page's URL ↔ the API's list query. Filters live in the page's URL (a GET form
 * writes them), so a filtered list is a plain link: shareable, crawlable, back-button
 * safe. Prices in the URL are what shoppers type (whole currency units); the API takes
 * minor units. Malformed values are dropped rather than failing the page.
 */
import type { ProductSort } from "@atelier/contract";
import { productSorts } from "@atelier/contract/constants";
import { majorToMinor } from "../../lib/pricing.ts";

export interface ListState<S extends string = ProductSort> {
  page: number;
  sort: S;
  sizes: number[];
  colors: number[];
  seriesId: number | undefined;
  productTypeId: number | undefined;
  inStock: boolean;
  minPrice: string;
  maxPrice: string;
}

const id = (value: string | null) => (value && /^[1-9]\d{0,8}$/.test(value) ? Number(value) : undefined);

const ids = (values: string[]) => [
  ...new Set(values.flatMap((value) => value.split(",")).flatMap((value) => id(value.trim()) ?? [])),
];

const price = (value: string | null) => (value && /^\d{1,7}(\.\d{1,2})?$/.test(value.trim()) ? value.trim() : "");

/** The sorts a page offers and the one it starts with (the search page: relevance first). */
export interface Sorting<S extends string> {
  sorts: readonly S[];
  fallback: S;
}

const productSorting: Sorting<ProductSort> = { sorts: productSorts, fallback: "newest" };

export function readListState(search: URLSearchParams): ListState;
export function readListState<S extends string>(search: URLSearchParams, sorting: Sorting<S>): ListState<S>;
export function readListState(search: URLSearchParams, sorting: Sorting<string> = productSorting): ListState<string> {
  const page = Number.parseInt(search.get("page") ?? "1", 10);
  return {
    page: Number.isFinite(page) ? Math.max(1, Math.min(10_000, page)) : 1,
    sort: sorting.sorts.find((sort) => sort === search.get("sort")) ?? sorting.fallback,
    sizes: ids(search.getAll("sizes")).slice(0, 30),
    colors: ids(search.getAll("colors")).slice(0, 30),
    seriesId: id(search.get("seriesId")),
    productTypeId: id(search.get("productTypeId")),
    inStock: search.get("inStock") === "true",
    minPrice: price(search.get("minPrice")),
    maxPrice: price(search.get("maxPrice")),
  };
}

export function listApiQuery<S extends string>(state: ListState<S>, currency: string) {
  let priceMin = majorToMinor(state.minPrice, currency);
  let priceMax = majorToMinor(state.maxPrice, currency);
  // A reversed range is what the shopper meant the other way round.
  if (priceMin !== undefined && priceMax !== undefined && priceMin > priceMax)
    [priceMin, priceMax] = [priceMax, priceMin];
  return {
    page: state.page,
    sort: state.sort,
    sizes: state.sizes.length > 0 ? state.sizes.join(",") : undefined,
    colors: state.colors.length > 0 ? state.colors.join(",") : undefined,
    seriesId: state.seriesId,
    productTypeId: state.productTypeId,
    inStock: state.inStock ? true : undefined,
    priceMin,
    priceMax,
  };
}

/** How many filters are on (the "Filters (2)" badge and the empty state's wording). */
export function activeFilterCount(state: ListState<string>): number {
  return (
    state.sizes.length +
    state.colors.length +
    (state.seriesId ? 1 : 0) +
    (state.productTypeId ? 1 : 0) +
    (state.inStock ? 1 : 0) +
    (state.minPrice || state.maxPrice ? 1 : 0)
  );
}

/** The list without its filters: the page's own values (gender, search) stay. */
export function clearFiltersHref(pathname: string, hidden: Record<string, string>): string {
  const qs = new URLSearchParams(hidden).toString();
  return `${pathname}${qs ? `?${qs}` : ""}`;
}
