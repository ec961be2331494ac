/** What the home page shows, composed from the catalogue: hero, new arrivals, best sellers, categories, series. */
import type { HomePage, ProductCard } from "@atelier/contract";
import type { CatalogRepository, CatalogService } from "../catalog/index.ts";
import type { StoreSettingsService } from "../settings/index.ts";

export async function homePage(deps: {
  catalog: CatalogService;
  repo: CatalogRepository;
  settings: StoreSettingsService;
  newArrivals?: (limit: number) => Promise<ProductCard[]>;
}): Promise<HomePage> {
  const [settings, categories, series, newest, popular] = await Promise.all([
    deps.settings.get(),
    deps.repo.listCategories(),
    deps.repo.listSeries(),
    deps.newArrivals
      ? deps.newArrivals(8).then((items) => ({ items }))
      : deps.catalog.productPage({ page: 1, pageSize: 8, sort: "newest" }),
    deps.catalog.popular(8),
  ]);
  const featured = series.find((entry) => entry.filename) ?? null;
  return {
    hero: {
      title: featured ? `The ${featured.name} series` : settings.name,
      subtitle: featured?.description || settings.tagline,
      filename: featured?.filename ?? null,
      seriesId: featured?.id ?? null,
    },
    newProducts: newest.items,
    popularProducts: popular,
    categories: categories.filter((category) => category.filename),
    series,
  };
}
