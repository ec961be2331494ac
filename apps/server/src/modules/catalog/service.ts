/**
 * Catalogue reads for the storefront and the spec's taxonomy calls. Answers are cached
 * as serialised JSON (see http/cache.ts); catalogue writes call `invalidate()`.
 */
import type { Taxonomy } from "@atelier/contract";
import { NotFoundError } from "../../errors.ts";
import type { ResponseCache } from "../../http/cache.ts";
import type { StoreSettingsService } from "../settings/index.ts";
import { productService } from "./product-service.ts";
import type { CatalogRepository } from "./repository.ts";

export function catalogService(deps: {
  repo: CatalogRepository;
  settings: StoreSettingsService;
  cache: ResponseCache;
}) {
  const { repo, cache } = deps;

  async function taxonomyData(): Promise<Taxonomy> {
    const [genders, categories, subCategories, subSubCategories] = await Promise.all([
      repo.listGenders(),
      repo.listCategories(),
      repo.listSubCategories(),
      repo.listSubSubCategories(),
    ]);
    return { genders, categories, subCategories, subSubCategories };
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

    ...productService(deps),

    invalidate: () => cache.invalidate(),
  };
}

export type CatalogService = ReturnType<typeof catalogService>;
