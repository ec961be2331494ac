/** Storefront composition calls: the home page and the public store settings. */
import { catalogEndpoints, type ProductCard } from "@atelier/contract";
import type { FastifyInstance } from "fastify";
import type { ResponseCache } from "../../http/cache.ts";
import { addRoute } from "../../http/routes.ts";
import type { CatalogRepository, CatalogService } from "../catalog/index.ts";
import type { StoreSettingsService } from "../settings/index.ts";
import { homePage } from "./home.ts";

export function storefrontRoutes(deps: {
  catalog: CatalogService;
  repo: CatalogRepository;
  settings: StoreSettingsService;
  cache: ResponseCache;
  /** The home page's New arrivals section (promotions); the newest products without it. */
  newArrivals?: (limit: number) => Promise<ProductCard[]>;
}) {
  return async (app: FastifyInstance) => {
    addRoute(app, catalogEndpoints.home, () => deps.cache.get("home", () => homePage(deps)));
    addRoute(app, catalogEndpoints.store, () => deps.cache.get("store-settings", () => deps.settings.get()));
  };
}
