/**
 * The catalogue taxonomy (genders, categories, sub- and sub-sub-categories, series) and
 * the product views the storefront reads. Field names of the spec's entities are kept
 * verbatim (section 3 of the spec).
 */
import { z } from "zod";
import { apiPaths } from "./api-paths.ts";
import {
  ProductCard,
  ProductDetails,
  ProductDetailsParams,
  ProductListAnswer,
  ProductListQuery,
} from "./catalog-products.ts";
import { CurrencyCode, Id, IdParam, ImageFilename } from "./common.ts";
import { defineEndpoint } from "./endpoint.ts";
import { ErrorBody } from "./errors.ts";

export const Gender = z.object({ id: Id, name: z.string(), slug: z.string() }).meta({ id: "Gender" });
export type Gender = z.infer<typeof Gender>;

export const Category = z
  .object({
    id: Id,
    name: z.string(),
    serial: z.number().int(),
    filename: ImageFilename.nullable(),
    isGenderVaried: z.boolean(),
    isForMen: z.boolean(),
    isForWomen: z.boolean(),
  })
  .meta({ id: "Category" });
export type Category = z.infer<typeof Category>;

export const SubCategory = z
  .object({
    id: Id,
    categoryId: Id,
    name: z.string(),
    isDisabled: z.boolean(),
    isEnablePremium: z.boolean(),
  })
  .meta({ id: "SubCategory" });
export type SubCategory = z.infer<typeof SubCategory>;

export const SubSubCategory = z
  .object({ id: Id, subCategoryId: Id, name: z.string(), isPremium: z.boolean() })
  .meta({ id: "SubSubCategory" });
export type SubSubCategory = z.infer<typeof SubSubCategory>;

export const Series = z
  .object({
    id: Id,
    name: z.string(),
    slug: z.string(),
    description: z.string(),
    filename: ImageFilename.nullable(),
  })
  .meta({ id: "Series" });
export type Series = z.infer<typeof Series>;

/** Everything the storefront navigation is built from, in one cacheable answer. */
export const Taxonomy = z
  .object({
    genders: z.array(Gender),
    categories: z.array(Category),
    subCategories: z.array(SubCategory),
    subSubCategories: z.array(SubSubCategory),
  })
  .meta({ id: "Taxonomy" });
export type Taxonomy = z.infer<typeof Taxonomy>;

export const ContactPlace = z.object({
  label: z.string(),
  address: z.string(),
  phone: z.string(),
  email: z.string(),
  hours: z.string(),
});
export type ContactPlace = z.infer<typeof ContactPlace>;

export const StoreSettings = z
  .object({
    name: z.string(),
    tagline: z.string(),
    currency: CurrencyCode,
    locale: z.string(),
    /** IANA time zone the store's schedules are set in. */
    timeZone: z.string(),
    contact: z.object({ headquarters: ContactPlace, displayCenters: z.array(ContactPlace) }),
    social: z.array(z.object({ network: z.string(), label: z.string(), url: z.string() })),
    /** Inventory (issue 14): product pages say "Only N left" at N or fewer available (0: never). */
    onlyLeftBelow: z.number().int().min(0),
  })
  .meta({ id: "StoreSettings" });
export type StoreSettings = z.infer<typeof StoreSettings>;

export const HomePage = z
  .object({
    hero: z.object({
      title: z.string(),
      subtitle: z.string(),
      filename: ImageFilename.nullable(),
      seriesId: Id.nullable(),
    }),
    newProducts: z.array(ProductCard),
    /** Best sellers (sales_count > 0, most sold first, then newest); empty before the first sale. */
    popularProducts: z.array(ProductCard),
    categories: z.array(Category),
    series: z.array(Series),
  })
  .meta({ id: "HomePage" });
export type HomePage = z.infer<typeof HomePage>;

const SubCategoryParams = z.object({ subCategoryId: IdParam });
const CategoryParams = z.object({ categoryId: IdParam });
const FilenameParams = z.object({ filename: ImageFilename });

/** The spec's calls (section 7), verbatim paths. */
export const compatEndpoints = {
  viewProductCategories: defineEndpoint({
    method: "GET",
    path: apiPaths.viewProductCategories,
    summary: "Categories with id, name, serial, filename, isGenderVaried, isForMen, isForWomen",
    tags: ["catalogue"],
    response: z.array(Category),
  }),
  viewGenders: defineEndpoint({
    method: "GET",
    path: apiPaths.viewGenders,
    summary: "List of genders",
    tags: ["catalogue"],
    response: z.array(Gender),
  }),
  viewProductSubCategory: defineEndpoint({
    method: "GET",
    path: apiPaths.viewProductSubCategory,
    summary: "Sub-categories of a category",
    tags: ["catalogue"],
    params: CategoryParams,
    response: z.array(SubCategory),
  }),
  viewProductSubSubCategory: defineEndpoint({
    method: "GET",
    path: apiPaths.viewProductSubSubCategory,
    summary: "Sub-sub-categories of a sub-category",
    tags: ["catalogue"],
    params: SubCategoryParams,
    response: z.array(SubSubCategory),
  }),
  getImage: defineEndpoint({
    method: "GET",
    path: apiPaths.getImage,
    summary: "A product, category or series image (immutable, cached for a year)",
    tags: ["media"],
    params: FilenameParams,
    query: z.object({ w: z.coerce.number().int().min(1).max(4096).optional() }),
    response: z.unknown(),
  }),
} as const;

export const catalogEndpoints = {
  taxonomy: defineEndpoint({
    method: "GET",
    path: apiPaths.taxonomy,
    summary: "Genders, categories, sub- and sub-sub-categories in one answer (the shared category loader)",
    tags: ["catalogue"],
    response: Taxonomy,
  }),
  series: defineEndpoint({
    method: "GET",
    path: apiPaths.series,
    summary: "All series",
    tags: ["catalogue"],
    response: z.array(Series),
  }),
  products: defineEndpoint({
    method: "GET",
    path: apiPaths.products,
    summary: "Published products, filtered and paginated",
    tags: ["catalogue"],
    query: ProductListQuery,
    response: ProductListAnswer,
  }),
  productDetails: defineEndpoint({
    method: "GET",
    path: apiPaths.productDetails,
    summary:
      "A product with images, variants, size chart, taxonomy path and related products. 404 when unpublished, unless the caller is staff with the products permission",
    tags: ["catalogue"],
    params: ProductDetailsParams,
    response: ProductDetails,
  }),
  home: defineEndpoint({
    method: "GET",
    path: apiPaths.home,
    summary: "What the home page shows: hero, new products, categories and series",
    tags: ["storefront"],
    response: HomePage,
  }),
  store: defineEndpoint({
    method: "GET",
    path: apiPaths.storeSettings,
    summary: "The store's public settings: name, currency, contact block and social links",
    tags: ["storefront"],
    response: StoreSettings,
  }),
} as const;

export * from "./catalog-products.ts";
export { ErrorBody };
