/**
 * The all-products table's search, filters, sort and page live in the URL
 * (?q=&category=&series=&type=&published=&stock=&sort=&page=), so a filtered table can be
 * bookmarked and restored with Back. The contract's schema parses each value on its own.
 */
import { ProductAdminListQuery } from "@atelier/contract";
import type { z } from "zod";

export type ProductListQuery = z.output<typeof ProductAdminListQuery>;
export type ProductFilter = Omit<ProductListQuery, "sort" | "page" | "pageSize">;
export const defaultProductQuery: ProductListQuery = ProductAdminListQuery.parse({});

/** URL parameter of each query key (short names for readable links). */
const names = {
  search: "q",
  categoryId: "category",
  seriesId: "series",
  productTypeId: "type",
  published: "published",
  stock: "stock",
  sort: "sort",
  page: "page",
} as const;

export function productQueryFrom(params: URLSearchParams, fixed: Partial<ProductListQuery> = {}): ProductListQuery {
  const { shape } = ProductAdminListQuery;
  const read = <T>(schema: z.ZodType<T>, key: keyof typeof names, fallback: T): T => {
    const parsed = schema.safeParse(params.get(names[key]) ?? undefined);
    return parsed.success ? parsed.data : fallback;
  };
  return {
    search: read(shape.search, "search", undefined) || undefined,
    categoryId: read(shape.categoryId, "categoryId", undefined),
    seriesId: read(shape.seriesId, "seriesId", undefined),
    productTypeId: read(shape.productTypeId, "productTypeId", undefined),
    published: read(shape.published, "published", undefined),
    stock: read(shape.stock, "stock", undefined),
    sort: read(shape.sort, "sort", defaultProductQuery.sort),
    page: read(shape.page, "page", 1),
    pageSize: defaultProductQuery.pageSize,
    ...fixed,
  };
}

/** The URL parameters for a query; defaults and empty filters are left out. */
export function productParamsFor(query: ProductListQuery): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of Object.keys(names) as (keyof typeof names)[]) {
    const value = query[key];
    if (value === undefined || value === "") continue;
    if (key === "sort" && value === defaultProductQuery.sort) continue;
    if (key === "page" && value === 1) continue;
    params.set(names[key], String(value));
  }
  return params;
}

/** The filters of a query, for the CSV export (same rows as the table, every page). */
export function filterOf(query: ProductListQuery): ProductFilter {
  const { sort: _sort, page: _page, pageSize: _pageSize, ...filter } = query;
  return filter;
}
