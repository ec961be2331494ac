/**
 * Product reads for shoppers: the filtered list with facets, and one product's page.
 * Unpublished products do not exist for shoppers (404); staff with the products
 * permission may preview them. Public answers are cached; a preview never is, and never
 * enters the cache, so a shopper can never be served a staff-only answer.
 */
import { type ProductDetails, type ProductListQuery, shopperStockOf } from "@atelier/contract";
import type { z } from "zod";
import { NotFoundError } from "../../errors.ts";
import type { ResponseCache } from "../../http/cache.ts";
import type { StoreSettingsService } from "../settings/index.ts";
import type { ProductFilter } from "./product-filter.ts";
import type { CatalogRepository } from "./repository.ts";

type ListQuery = z.output<typeof ProductListQuery>;

/** A list query's filters (also the search results page's, whose sorts differ). */
export const filterOf = (query: Omit<ListQuery, "sort">): ProductFilter => ({
  subSubCategoryId: query.subSubCategoryId,
  categoryId: query.categoryId,
  seriesId: query.seriesId,
  productTypeId: query.productTypeId,
  genderSlug: query.gender,
  sizes: query.sizes,
  colors: query.colors,
  priceMin: query.priceMin,
  priceMax: query.priceMax,
  inStock: query.inStock,
  collaboratorId: query.collaboratorId,
});

export function productService(deps: {
  repo: CatalogRepository;
  settings: StoreSettingsService;
  cache: ResponseCache;
}) {
  const { repo, settings, cache } = deps;

  /** One page of cards (no facets): also what the home page composes. */
  async function productPage(query: ListQuery) {
    const [{ currency }, { rows, total }] = await Promise.all([
      settings.get(),
      repo.listProducts(filterOf(query), query.sort, query.pageSize, (query.page - 1) * query.pageSize),
    ]);
    return {
      items: rows.map((row) => ({ ...row, currency })),
      page: query.page,
      pageSize: query.pageSize,
      total,
      pageCount: Math.max(1, Math.ceil(total / query.pageSize)),
    };
  }

  /** Best sellers only: a shop with no sales yet shows no "Popular" row rather than a copy of the newest. */
  async function popular(limit: number) {
    const [{ currency }, { rows }] = await Promise.all([
      settings.get(),
      repo.listProducts({ soldOnly: true }, "popular", limit, 0),
    ]);
    return rows.map((row) => ({ ...row, currency }));
  }

  async function listAnswer(query: ListQuery) {
    const [page, facets] = await Promise.all([productPage(query), repo.facets(filterOf(query))]);
    return { ...page, facets };
  }

  async function details(id: number, includeUnpublished: boolean): Promise<ProductDetails> {
    const row = await repo.details.product(id);
    if (!row || (!row.isPublished && !includeUnpublished)) throw new NotFoundError(`Product ${id} does not exist.`);
    const [{ currency, onlyLeftBelow }, images, variants, related] = await Promise.all([
      settings.get(),
      repo.details.images(id),
      repo.details.variants(id),
      repo.related(row),
    ]);
    const { category, subCategory, subSubCategory, subSubCategoryId: _s, seriesId: _r, sizeChart, ...product } = row;
    return {
      ...product,
      currency,
      sizeChart: sizeChart ?? null,
      inStock: variants.some((variant) => variant.stock > 0),
      images,
      // What shoppers may know of each variant's stock (issue 37): no count above the limit.
      variants: variants.map(({ stock, ...variant }) => ({ ...variant, ...shopperStockOf(stock, onlyLeftBelow) })),
      taxonomy: { category, subCategory, subSubCategory },
      related: related.map((card) => ({ ...card, currency })),
    };
  }

  return {
    productPage,
    popular,
    products: (query: ListQuery) => cache.get(`products:${JSON.stringify(query)}`, () => listAnswer(query)),

    /**
     * The public answer from the cache; only when that is a 404 is `mayPreview` asked
     * (it resolves the caller's session), so shoppers never pay for a session lookup.
     */
    async productDetails(id: number, mayPreview: () => Promise<boolean>) {
      try {
        return await cache.get(`product:${id}`, () => details(id, false));
      } catch (error) {
        if (error instanceof NotFoundError && (await mayPreview())) return details(id, true);
        throw error;
      }
    },
  };
}
