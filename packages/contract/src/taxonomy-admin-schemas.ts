/**
 * Shapes of the staff side of the catalogue taxonomy: series, categories with their sub-
 * and sub-sub-categories, product types, colors, sizes and fabrics. Create bodies carry
 * defaults; patch bodies are the same fields, all optional and without defaults (so a
 * missing field means "leave it"). The spec's field names are kept (section 3).
 */
import { z } from "zod";
import { Category, Series, SubCategory, SubSubCategory } from "./catalog.ts";
import { Id, IdParam, IdParams, ImageFilename } from "./common.ts";

const name = (max: number) =>
  z
    .string({ error: "is required" })
    .trim()
    .min(1, { error: "is required" })
    .max(max, { error: `must have at most ${max} characters` });
const description = z.string().trim().max(2000, { error: "must have at most 2000 characters" });
const flag = z.boolean({ error: "must be true or false" });

/** How many products use a row: the reason it cannot be deleted yet. */
const productCount = z.number().int().nonnegative();

export { IdParams };
export const CategoryIdParams = z.object({ categoryId: IdParam });
export const SubCategoryIdParams = z.object({ subCategoryId: IdParam });

// Series
const seriesFields = { name: name(80), description, filename: ImageFilename.nullable() };
export const SeriesBody = z.object({
  ...seriesFields,
  description: description.default(""),
  filename: ImageFilename.nullable().default(null),
});
export type SeriesBody = z.input<typeof SeriesBody>;
export const SeriesPatch = z.object(seriesFields).partial();
export const AdminSeries = Series.extend({ productCount }).meta({ id: "AdminSeries" });
export type AdminSeries = z.infer<typeof AdminSeries>;

// Categories, sub-categories, sub-sub-categories
const categoryFields = {
  name: name(80),
  filename: ImageFilename.nullable(),
  isGenderVaried: flag,
  isForMen: flag,
  isForWomen: flag,
};
export const CategoryBody = z.object({
  ...categoryFields,
  filename: ImageFilename.nullable().default(null),
  isGenderVaried: flag.default(false),
  isForMen: flag.default(false),
  isForWomen: flag.default(false),
});
export type CategoryBody = z.input<typeof CategoryBody>;
export const CategoryPatch = z.object(categoryFields).partial();

const subCategoryFields = { name: name(80), isDisabled: flag, isEnablePremium: flag };
export const SubCategoryBody = z.object({
  ...subCategoryFields,
  isDisabled: flag.default(false),
  isEnablePremium: flag.default(false),
});
export type SubCategoryBody = z.input<typeof SubCategoryBody>;
export const SubCategoryPatch = z.object(subCategoryFields).partial();

const subSubCategoryFields = { name: name(80), isPremium: flag };
export const SubSubCategoryBody = z.object({ ...subSubCategoryFields, isPremium: flag.default(false) });
export type SubSubCategoryBody = z.input<typeof SubSubCategoryBody>;
export const SubSubCategoryPatch = z.object(subSubCategoryFields).partial();

export const AdminSubSubCategory = SubSubCategory.extend({ productCount }).meta({ id: "AdminSubSubCategory" });
export const AdminSubCategory = SubCategory.extend({
  productCount,
  subSubCategories: z.array(AdminSubSubCategory),
}).meta({ id: "AdminSubCategory" });
export const AdminCategory = Category.extend({
  productCount,
  subCategories: z.array(AdminSubCategory),
}).meta({ id: "AdminCategory" });
export type AdminSubSubCategory = z.infer<typeof AdminSubSubCategory>;
export type AdminSubCategory = z.infer<typeof AdminSubCategory>;
export type AdminCategory = z.infer<typeof AdminCategory>;

/** The navigation order: every category's id, first to last (their serials become 1…n). */
export const CategoryOrderBody = z.object({ categoryIds: z.array(Id).max(10_000) });

// Attributes
export const ProductTypeBody = z.object({ name: name(80) });
export type ProductTypeBody = z.input<typeof ProductTypeBody>;
export const AdminProductType = z
  .object({ id: Id, name: z.string(), slug: z.string(), productCount })
  .meta({ id: "AdminProductType" });
export type AdminProductType = z.infer<typeof AdminProductType>;

const hex = z
  .string({ error: "is required" })
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, { error: "must be a colour like #1f6feb" })
  .transform((value) => value.toLowerCase());
export const ColorBody = z.object({ name: name(40), hex });
export type ColorBody = z.input<typeof ColorBody>;
export const ColorPatch = ColorBody.partial();
export const AdminColor = z
  .object({ id: Id, name: z.string(), hex: z.string(), productCount })
  .meta({ id: "AdminColor" });
export type AdminColor = z.infer<typeof AdminColor>;

const sortOrder = z
  .number({ error: "must be a number" })
  .int({ error: "must be a whole number" })
  .min(0, { error: "must be 0 or more" })
  .max(32_767, { error: "must be at most 32767" });
export const SizeBody = z.object({ name: name(20), sortOrder });
export type SizeBody = z.input<typeof SizeBody>;
export const SizePatch = SizeBody.partial();
export const SizeOrderBody = z.object({ sizeIds: z.array(Id).max(10_000) });
export const AdminSize = z
  .object({ id: Id, name: z.string(), sortOrder: z.number().int(), productCount })
  .meta({ id: "AdminSize" });
export type AdminSize = z.infer<typeof AdminSize>;

const fabricFields = { name: name(80), description };
export const FabricBody = z.object({ ...fabricFields, description: description.default("") });
export type FabricBody = z.input<typeof FabricBody>;
export const FabricPatch = z.object(fabricFields).partial();
export const AdminFabric = z
  .object({ id: Id, name: z.string(), description: z.string(), productCount })
  .meta({ id: "AdminFabric" });
export type AdminFabric = z.infer<typeof AdminFabric>;
