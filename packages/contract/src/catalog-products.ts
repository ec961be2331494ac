/**
 * The shopper's product reads: cards, the filtered list with its facets, and the product
 * details page. Money is integer minor units with the currency beside it.
 */
import { z } from "zod";
import { CurrencyCode, Id, IdParam, ImageFilename, MinorUnits, PageQuery, pageOf } from "./common.ts";
import { productSorts } from "./constants.ts";

export const ColorSwatch = z.object({ name: z.string(), hex: z.string() });

export const ProductCard = z
  .object({
    id: Id,
    name: z.string(),
    slug: z.string(),
    price: MinorUnits,
    compareAtPrice: MinorUnits.nullable(),
    currency: CurrencyCode,
    filename: ImageFilename.nullable(),
    seriesName: z.string().nullable(),
    colors: z.array(ColorSwatch),
    inStock: z.boolean(),
    createdAt: z.string(),
  })
  .meta({ id: "ProductCard" });
export type ProductCard = z.infer<typeof ProductCard>;

export const ProductSort = z.enum(productSorts, {
  error: `must be one of ${productSorts.join(", ")}`,
});
export type ProductSort = z.infer<typeof ProductSort>;

/** The most ids one filter takes (a size or color list longer than this is not a shopper's). */
const MAX_FILTER_IDS = 30;

/** Ids as `sizes=1,2` or `sizes=1&sizes=2` (what a GET form sends); errors name the list. */
const IdList = z.preprocess(
  (value) =>
    typeof value === "string" || Array.isArray(value) ? [value].flat().flatMap((v) => String(v).split(",")) : value,
  z
    .array(z.string())
    .max(MAX_FILTER_IDS, { error: `takes at most ${MAX_FILTER_IDS} ids` })
    .transform((values, ctx) => {
      const ids = values.map((value) => value.trim()).filter((value) => value !== "");
      if (!ids.every((value) => /^[1-9]\d{0,8}$/.test(value))) {
        ctx.issues.push({ code: "custom", message: "must be ids separated by commas", input: values });
        return z.NEVER;
      }
      return [...new Set(ids.map(Number))];
    }),
);

const Price = z.coerce
  .number({ error: "must be a number" })
  .int({ error: "must be a whole number of minor units (cents)" })
  .min(0, { error: "must not be negative" })
  .max(2_147_483_647, { error: "is too large" });

const Flag = z
  .enum(["true", "false", "1", "0"], { error: "must be true or false" })
  .transform((v) => v === "true" || v === "1");

/** A list's filters and pages; `ProductListQuery` adds its sort and the price-range check. */
export const ProductListFields = PageQuery.extend({
  subSubCategoryId: IdParam.optional(),
  categoryId: IdParam.optional(),
  seriesId: IdParam.optional(),
  productTypeId: IdParam.optional(),
  gender: z
    .string()
    .regex(/^[a-z0-9-]{1,40}$/, { error: "must be a gender slug such as men or women" })
    .optional(),
  sizes: IdList.optional(),
  colors: IdList.optional(),
  priceMin: Price.optional(),
  priceMax: Price.optional(),
  inStock: Flag.optional(),
  /** Only this collaborator's products (collab pages, issue 16). */
  collaboratorId: IdParam.optional(),
});

/** priceMax must not be below priceMin (a refinement every list-like query shares). */
export function priceRangeRule<S extends z.ZodType<{ priceMin?: number | undefined; priceMax?: number | undefined }>>(
  schema: S,
) {
  return schema.refine((q) => q.priceMin === undefined || q.priceMax === undefined || q.priceMin <= q.priceMax, {
    path: ["priceMax"],
    error: "must not be below priceMin",
  });
}

export const ProductListQuery = priceRangeRule(ProductListFields.extend({ sort: ProductSort.default("newest") }));
export type ProductListQuery = z.input<typeof ProductListQuery>;

export const ProductPage = pageOf(ProductCard).meta({ id: "ProductPage" });
export type ProductPage = z.infer<typeof ProductPage>;

const FacetCount = z.object({ id: Id, name: z.string(), count: z.number().int().nonnegative() });

/**
 * What the filter panel offers: each option with the number of products it would show,
 * counted with every other active filter applied (so "M (12)" is what clicking M gives).
 */
export const ProductFacets = z
  .object({
    sizes: z.array(FacetCount),
    colors: z.array(FacetCount.extend({ hex: z.string() })),
    series: z.array(FacetCount),
    types: z.array(FacetCount),
    price: z.object({ min: MinorUnits, max: MinorUnits }).nullable(),
  })
  .meta({ id: "ProductFacets" });
export type ProductFacets = z.infer<typeof ProductFacets>;

export const ProductListAnswer = ProductPage.extend({ facets: ProductFacets }).meta({ id: "ProductListAnswer" });
export type ProductListAnswer = z.infer<typeof ProductListAnswer>;

export const SizeChart = z.object({
  columns: z.array(z.string()),
  rows: z.array(z.object({ size: z.string(), values: z.array(z.string()) })),
});
export type SizeChart = z.infer<typeof SizeChart>;

export const ProductImage = z.object({
  filename: ImageFilename,
  alt: z.string(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  position: z.number().int(),
});
export type ProductImage = z.infer<typeof ProductImage>;

/**
 * What shoppers are told of a variant's stock (issue 37): in stock, low ("Only N left", N at
 * or under the store's limit: inventory settings' `onlyLeftBelow`) or sold out. Exact
 * counts above the limit, SKUs and warehouses are for staff only (the admin inventory and
 * product endpoints).
 */
export const ShopperStockState = z.enum(["in_stock", "low", "sold_out"]);
export type ShopperStockState = z.infer<typeof ShopperStockState>;
export const ShopperStock = z.object({
  stockState: ShopperStockState,
  /** The units left when `low` ("Only N left"); null otherwise. */
  onlyLeft: z.number().int().positive().nullable(),
});
export type ShopperStock = z.infer<typeof ShopperStock>;

/** The shopper's view of `units` available under the "Only N left" limit (0: never "low"). */
export function shopperStockOf(units: number, onlyLeftBelow: number): ShopperStock {
  if (units <= 0) return { stockState: "sold_out", onlyLeft: null };
  if (units <= onlyLeftBelow) return { stockState: "low", onlyLeft: units };
  return { stockState: "in_stock", onlyLeft: null };
}

export const ProductVariant = z.object({
  id: Id,
  size: z.object({ id: Id, name: z.string(), sortOrder: z.number().int() }),
  color: z.object({ id: Id, name: z.string(), hex: z.string() }),
  ...ShopperStock.shape,
});
export type ProductVariant = z.infer<typeof ProductVariant>;

const Named = z.object({ id: Id, name: z.string() });

export const ProductDetails = z
  .object({
    id: Id,
    name: z.string(),
    slug: z.string(),
    /** Markdown, as staff wrote it; the storefront renders it without raw HTML. */
    description: z.string(),
    price: MinorUnits,
    compareAtPrice: MinorUnits.nullable(),
    currency: CurrencyCode,
    isPublished: z.boolean(),
    inStock: z.boolean(),
    tags: z.array(z.string()),
    seoTitle: z.string(),
    seoDescription: z.string(),
    updatedAt: z.string(),
    images: z.array(ProductImage),
    variants: z.array(ProductVariant),
    sizeChart: SizeChart.nullable(),
    series: Named.extend({ slug: z.string() }).nullable(),
    type: Named.extend({ slug: z.string() }),
    fabric: Named.extend({ description: z.string() }).nullable(),
    gender: Named.extend({ slug: z.string() }).nullable(),
    /** Category → sub-category → sub-sub-category, for breadcrumbs. */
    taxonomy: z.object({ category: Named, subCategory: Named, subSubCategory: Named }),
    related: z.array(ProductCard),
  })
  .meta({ id: "ProductDetails" });
export type ProductDetails = z.infer<typeof ProductDetails>;

export const ProductDetailsParams = z.object({ productId: IdParam });
