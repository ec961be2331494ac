/**
 * Catalogue reads for the storefront and the spec's taxonomy calls. Answers are cached
 * as serialised JSON (see http/cache.ts); catalogue writes call `invalidate()`.
 */
import type { ProductListQuery, Taxonomy } from "@atelier/contract";
import type { z } from "zod";
import { NotFoundError } from "../../errors.ts";
import type { ResponseCache } from "../../http/cache.ts";
import type { StoreSettingsService } from "../storefront/settings.ts";
import type { CatalogRepository } from "./repository.ts";

type ListQuery = z.output<typeof ProductListQuery>;

export function catalogService(deps: {
  repo: CatalogRepository;
  settings: StoreSettingsService;
  cache: ResponseCache;
}) {
  const { repo, settings, cache } = deps;

  async function taxonomyData(): Promise<Taxonomy> {
    const [genders, categories, subCategories, subSubCategories] = await Promise.all([
      repo.listGenders(),
      repo.listCategories(),
      repo.listSubCategories(),
      repo.listSubSubCategories(),
    ]);
    return { genders, categories, subCategories, subSubCategories };
  }

  async function productPage(query: ListQuery) {
    const [{ currency }, { rows, total }] = await Promise.all([
      settings.get(),
      repo.listProducts(
        {
          subSubCategoryId: query.subSubCategoryId,
          categoryId: query.categoryId,
          seriesId: query.seriesId,
          genderSlug: query.gender,
        },
        query.sort,
        query.pageSize,
        (query.page - 1) * query.pageSize,
      ),
    ]);
    return {
      items: rows.map((row) => ({ ...row, currency })),
      page: query.page,
      pageSize: query.pageSize,
      total,
      pageCount: Math.max(1, Math.ceil(total / query.pageSize)),
    };
  }

  return {
    categories: () => cache.get("categories", () => repo.listCategories()),
    genders: () => cache.get("genders", () => repo.listGenders()),
    series: () => cache.get("series", () => repo.listSeries()),

    subCategories: (categoryId: number) =>
      cache.get(`sub-categories:${categoryId}`, async () => {
        if (!(await repo.categoryExists(categoryId))) throw new NotFoundError(`Category ${categoryId} does not exist.`);
        return repo.listSubCategories(categoryId);
      }),

    subSubCategories: (subCategoryId: number) =>
      cache.get(`sub-sub-categories:${subCategoryId}`, async () => {
        if (!(await repo.subCategoryExists(subCategoryId))) {
          throw new NotFoundError(`Sub-category ${subCategoryId} does not exist.`);
        }
        return repo.listSubSubCategories(subCategoryId);
      }),

    taxonomy: () => cache.get("taxonomy", taxonomyData),

    /** The taxonomy as data, uncached (the sitemap). */
    taxonomyData,

    products: (query: ListQuery) => cache.get(`products:${JSON.stringify(query)}`, () => productPage(query)),

    /** Uncached product page, for callers that compose it into a larger answer. */
    productPage,

    invalidate: () => cache.invalidate(),
  };
}

export type CatalogService = ReturnType<typeof catalogService>;
