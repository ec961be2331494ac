/**
 * The catalogue's door: what shoppers read (taxonomy, filtered product lists with facet
 * counts, product details), the product card's columns, the price a product sells at now
 * (`sale_price`) and the text match product lists filter by. Other modules import only this.
 */

export { cardColumns, type ProductCardRow } from "./product-repository.ts";
export { filterOf } from "./product-service.ts";
export { type CatalogRepository, catalogRepository } from "./repository.ts";
export { catalogRoutes } from "./routes.ts";
export { salePrice, shownCompareAtPrice } from "./sale-price.ts";
export { type CatalogService, catalogService } from "./service.ts";
export { relevanceTier, type SearchMatch } from "./text-match.ts";
