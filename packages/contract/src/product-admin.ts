/**
 * Staff product management (Products group, permission "products"): the editable product
 * with its variants, images, size chart and SEO; the all-products table with filters;
 * bulk publish/unpublish/delete; CSV export and import with a dry run. Prices are integer
 * minor units of the store currency; the form converts with money.ts.
 */
import { z } from "zod";
import { apiPaths } from "./api-paths.ts";
import { CurrencyCode, Id, IdParam, ImageFilename, MinorUnits, pageOf } from "./common.ts";
import { defineEndpoint } from "./endpoint.ts";

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `must have at most ${max} characters` });
/** A required choice: null or missing reads "choose a size", not a type error. */
const choose = (what: string) =>
  z
    .number({ error: `choose a ${what}` })
    .int()
    .positive({ error: `choose a ${what}` });

/** A size chart as staff submit it (the shape of catalog-products.ts `SizeChart`, with limits). */
export const SizeChartInput = z.object({
  columns: z.array(text(40).min(1, { error: "needs a heading" })).max(12),
  rows: z
    .array(z.object({ size: text(20).min(1, { error: "needs a size" }), values: z.array(text(40)).max(12) }))
    .max(40),
});

export const ProductVariantBody = z.object({
  sizeId: choose("size"),
  colorId: choose("color"),
  sku: text(64).min(1, { error: "is required" }),
  stock: z
    .number({ error: "must be a number" })
    .int({ error: "must be a whole number" })
    .min(0, {
      error: "must be zero or more",
    })
    .max(1_000_000),
});
export type ProductVariantBody = z.input<typeof ProductVariantBody>;

export const ProductImageBody = z.object({ filename: ImageFilename, alt: text(200).default("") });

const money = MinorUnits.max(2_147_483_647);
const productFields = z.object({
  name: text(160).min(2, { error: "must have at least 2 characters" }),
  /** Empty: made from the name on the server (unique, "-2", "-3" … when taken). */
  slug: text(180)
    .regex(/^([a-z0-9]+(-[a-z0-9]+)*)?$/, { error: "may hold only lower-case letters, digits and single dashes" })
    .default(""),
  /** Markdown; the storefront renders it without raw HTML. */
  description: z.string().max(20_000, { error: "must have at most 20000 characters" }).default(""),
  price: z
    .number({ error: "must be an amount" })
    .int({ error: "must be whole cents" })
    .min(0, { error: "must be zero or more" })
    .max(2_147_483_647),
  compareAtPrice: money.nullable().default(null),
  seriesId: Id.nullable().default(null),
  categoryId: choose("category"),
  subCategoryId: choose("sub-category"),
  subSubCategoryId: choose("sub-sub-category"),
  productTypeId: choose("product type"),
  fabricId: Id.nullable().default(null),
  genderId: Id.nullable().default(null),
  tags: z.array(text(40).min(1)).max(30, { error: "at most 30 tags" }).default([]),
  variants: z
    .array(ProductVariantBody)
    .min(1, { error: "add at least one size and color" })
    .max(200, { error: "at most 200 variants" }),
  sizeChart: SizeChartInput.nullable().default(null),
  seoTitle: text(70).default(""),
  seoDescription: text(170).default(""),
  /** In order: the first image is the main one. Each must be an uploaded image. */
  images: z.array(ProductImageBody).max(12, { error: "at most 12 images" }).default([]),
  isPublished: z.boolean().default(false),
});

type ProductFields = z.output<typeof productFields>;

/** Rules across fields: compare-at not below the price, one variant per size×color, one use per SKU. */
function crossCheck(product: Pick<ProductFields, "price" | "compareAtPrice" | "variants">, ctx: z.RefinementCtx) {
  if (product.compareAtPrice !== null && product.compareAtPrice < product.price) {
    ctx.addIssue({ code: "custom", path: ["compareAtPrice"], message: "must be empty or at least the price" });
  }
  const pairs = new Set<string>();
  const skus = new Set<string>();
  product.variants.forEach((variant, index) => {
    const pair = `${variant.sizeId}×${variant.colorId}`;
    if (pairs.has(pair))
      ctx.addIssue({ code: "custom", path: ["variants", index, "colorId"], message: "repeats a size and color" });
    pairs.add(pair);
    const sku = variant.sku.toLowerCase();
    if (skus.has(sku)) ctx.addIssue({ code: "custom", path: ["variants", index, "sku"], message: "is used twice" });
    skus.add(sku);
  });
}

export const ProductBody = productFields.superRefine(crossCheck);
export type ProductBody = z.input<typeof ProductBody>;
export type ProductInput = z.output<typeof ProductBody>;

/** An edit carries the version it was loaded at; a newer save in between refuses it (409). */
export const ProductUpdateBody = productFields.extend({ version: z.number().int().positive() }).superRefine(crossCheck);
export type ProductUpdateBody = z.input<typeof ProductUpdateBody>;

export const AdminProduct = z
  .object({
    id: Id,
    version: z.number().int(),
    currency: CurrencyCode,
    name: z.string(),
    slug: z.string(),
    description: z.string(),
    price: MinorUnits,
    compareAtPrice: MinorUnits.nullable(),
    seriesId: Id.nullable(),
    categoryId: Id,
    subCategoryId: Id,
    subSubCategoryId: Id,
    productTypeId: Id,
    fabricId: Id.nullable(),
    genderId: Id.nullable(),
    tags: z.array(z.string()),
    variants: z.array(z.object({ id: Id, sizeId: Id, colorId: Id, sku: z.string(), stock: z.number().int() })),
    sizeChart: SizeChartInput.nullable(),
    seoTitle: z.string(),
    seoDescription: z.string(),
    images: z.array(
      z.object({ filename: ImageFilename, alt: z.string(), width: z.number().int(), height: z.number().int() }),
    ),
    isPublished: z.boolean(),
    updatedAt: z.string(),
  })
  .meta({ id: "AdminProduct" });
export type AdminProduct = z.infer<typeof AdminProduct>;

const named = z.object({ id: Id, name: z.string() });
export const ProductFormOptions = z
  .object({
    currency: CurrencyCode,
    categories: z.array(named.extend({ subCategories: z.array(named.extend({ subSubCategories: z.array(named) })) })),
    series: z.array(named),
    productTypes: z.array(named),
    colors: z.array(named.extend({ hex: z.string() })),
    sizes: z.array(named),
    fabrics: z.array(named),
    genders: z.array(named),
  })
  .meta({ id: "ProductFormOptions" });
export type ProductFormOptions = z.infer<typeof ProductFormOptions>;

export const productAdminSorts = ["updated", "name", "price-asc", "price-desc", "stock-asc", "stock-desc"] as const;
export const ProductAdminFilter = z.object({
  search: z.string().trim().max(200).optional(),
  categoryId: IdParam.optional(),
  seriesId: IdParam.optional(),
  productTypeId: IdParam.optional(),
  published: z.enum(["true", "false"]).optional(),
  stock: z.enum(["in", "low", "out"]).optional(),
});
export const ProductAdminListQuery = ProductAdminFilter.extend({
  sort: z.enum(productAdminSorts).default("updated"),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type ProductAdminListQuery = z.input<typeof ProductAdminListQuery>;

export const AdminProductRow = z
  .object({
    id: Id,
    name: z.string(),
    slug: z.string(),
    filename: ImageFilename.nullable(),
    skuCount: z.number().int(),
    price: MinorUnits,
    currency: CurrencyCode,
    stockTotal: z.number().int(),
    categoryName: z.string(),
    seriesName: z.string().nullable(),
    productTypeName: z.string(),
    isPublished: z.boolean(),
    updatedAt: z.string(),
  })
  .meta({ id: "AdminProductRow" });
export type AdminProductRow = z.infer<typeof AdminProductRow>;

export const BulkProductsBody = z.object({
  action: z.enum(["publish", "unpublish", "delete"]),
  ids: z.array(Id).min(1, { error: "choose at least one product" }).max(500),
});
export const ImportQuery = z.object({ dryRun: z.enum(["true", "false"]).default("false") });
/** The largest CSV an import takes (characters); the route's body limit leaves room for JSON escaping. */
export const importMaxChars = 5_000_000;
export const ImportBody = z.object({ csv: z.string().min(1, { error: "the file is empty" }).max(importMaxChars) });
export const ImportReport = z
  .object({
    rows: z.number().int(),
    creates: z.number().int(),
    updates: z.number().int(),
    errors: z.array(z.object({ row: z.number().int(), field: z.string(), message: z.string() })),
    written: z.boolean(),
  })
  .meta({ id: "ImportReport" });
export type ImportReport = z.infer<typeof ImportReport>;

const tags = ["admin: products"];
const access = { permission: "products" } as const;
const ProductParams = z.object({ id: IdParam });

export const productAdminEndpoints = {
  list: defineEndpoint({
    method: "GET",
    path: apiPaths.adminProducts,
    summary: "Products for staff, published or not, filtered, sorted and paged",
    tags,
    access,
    query: ProductAdminListQuery,
    response: pageOf(AdminProductRow),
  }),
  options: defineEndpoint({
    method: "GET",
    path: apiPaths.adminProductOptions,
    summary: "Everything the product form's choices need",
    tags,
    access,
    response: ProductFormOptions,
  }),
  get: defineEndpoint({
    method: "GET",
    path: apiPaths.adminProduct,
    summary: "One product as the form edits it, with its version",
    tags,
    access,
    params: ProductParams,
    response: AdminProduct,
  }),
  create: defineEndpoint({
    method: "POST",
    path: apiPaths.adminProducts,
    summary: "Creates a product (409 on a taken slug or SKU, 422 on invalid fields)",
    tags,
    access,
    body: ProductBody,
    response: AdminProduct,
  }),
  update: defineEndpoint({
    method: "PUT",
    path: apiPaths.adminProduct,
    summary: "Saves a product loaded at `version` (409 when someone saved it since)",
    tags,
    access,
    params: ProductParams,
    body: ProductUpdateBody,
    response: AdminProduct,
  }),
  bulk: defineEndpoint({
    method: "POST",
    path: apiPaths.adminProductsBulk,
    summary: "Publishes, unpublishes or deletes several products",
    tags,
    access,
    body: BulkProductsBody,
    response: z.object({ affected: z.number().int() }),
  }),
  exportCsv: defineEndpoint({
    method: "GET",
    path: apiPaths.adminProductsExport,
    summary: "The filtered products as CSV (text/csv), one row per variant",
    tags,
    access,
    query: ProductAdminFilter,
    response: z.string(),
  }),
  importCsv: defineEndpoint({
    method: "POST",
    path: apiPaths.adminProductsImport,
    summary: "Imports products from CSV; dryRun=true only reports what would happen",
    tags,
    access,
    query: ImportQuery,
    body: ImportBody,
    response: ImportReport,
  }),
} as const;
