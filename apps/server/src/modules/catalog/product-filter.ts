/**
 * The WHERE clauses of a product listing. Product-level filters (taxonomy, series, type,
 * gender, price) test the product row; sizes, colors and in-stock test its variants
 * together, so "M, red, in stock" means one variant that is all three. Facet counts
 * leave out their own dimension (`omit`), so each option's count is what choosing it gives.
 */
import { and, eq, gt, gte, inArray, isNull, lte, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { genders, products, subCategories, subSubCategories } from "../../db/schema/index.ts";
import type { SearchMatch } from "./text-match.ts";

export interface ProductFilter {
  subSubCategoryId?: number | undefined;
  categoryId?: number | undefined;
  seriesId?: number | undefined;
  productTypeId?: number | undefined;
  genderSlug?: string | undefined;
  sizes?: number[] | undefined;
  colors?: number[] | undefined;
  priceMin?: number | undefined;
  priceMax?: number | undefined;
  inStock?: boolean | undefined;
  /** Only products that have sold (the home page's "Popular" row); not a shopper filter. */
  soldOnly?: boolean | undefined;
  /** Only products whose search document matches (the search results page; modules/search). */
  search?: SearchMatch | undefined;
  /** Only a collaborator's products (issue 16: the view collaborator_product_ids). */
  collaboratorId?: number | undefined;
}

export type Facet = "sizes" | "colors" | "series" | "types" | "price";

const idList = (ids: number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/** Conditions on the variant alias `v` (product_variants). */
export function variantConditions(filter: ProductFilter, omit?: Facet): SQL[] {
  const conditions: SQL[] = [];
  if (filter.sizes?.length && omit !== "sizes") conditions.push(sql`v.size_id in (${idList(filter.sizes)})`);
  if (filter.colors?.length && omit !== "colors") conditions.push(sql`v.color_id in (${idList(filter.colors)})`);
  if (filter.inStock) conditions.push(sql`v.stock > 0`);
  return conditions;
}

/** Products of a drop that staff chose to hide until its launch are left out of lists (issue 16). */
export function notHiddenByDrop(): SQL {
  return sql`not exists (select 1 from drop_products dp join drops d on d.id = dp.drop_id
    where dp.product_id = ${products.id} and d.before_launch = 'hidden' and d.launch_at > now())`;
}

export function productConditions(db: Db, filter: ProductFilter, omit?: Facet): SQL[] {
  const conditions: (SQL | undefined)[] = [eq(products.isPublished, true), notHiddenByDrop()];
  if (filter.collaboratorId) {
    conditions.push(sql`${products.id} in (select c.product_id from collaborator_product_ids c
      where c.collaborator_id = ${filter.collaboratorId})`);
  }
  if (filter.subSubCategoryId) conditions.push(eq(products.subSubCategoryId, filter.subSubCategoryId));
  if (filter.categoryId) {
    conditions.push(
      inArray(
        products.subSubCategoryId,
        db
          .select({ id: subSubCategories.id })
          .from(subSubCategories)
          .innerJoin(subCategories, eq(subCategories.id, subSubCategories.subCategoryId))
          .where(eq(subCategories.categoryId, filter.categoryId)),
      ),
    );
  }
  if (filter.seriesId && omit !== "series") conditions.push(eq(products.seriesId, filter.seriesId));
  if (filter.productTypeId && omit !== "types") conditions.push(eq(products.productTypeId, filter.productTypeId));
  if (filter.genderSlug) {
    const genderId = db.select({ id: genders.id }).from(genders).where(eq(genders.slug, filter.genderSlug));
    // Unisex products (no gender) belong in every gender's lists.
    conditions.push(or(isNull(products.genderId), inArray(products.genderId, genderId)));
  }
  if (filter.soldOnly) conditions.push(gt(products.salesCount, 0));
  if (filter.search) {
    conditions.push(sql`${products.id} in (select d.product_id from search_documents d
      where d.is_published and d.document @@ to_tsquery('simple', ${filter.search.all}))`);
  }
  if (omit !== "price") {
    if (filter.priceMin !== undefined) conditions.push(gte(products.price, filter.priceMin));
    if (filter.priceMax !== undefined) conditions.push(lte(products.price, filter.priceMax));
  }
  return conditions.filter((condition): condition is SQL => condition !== undefined);
}

/** The full WHERE of a listing (or of a facet that counts products, not variants). */
export function productWhere(db: Db, filter: ProductFilter, omit?: Facet): SQL | undefined {
  const variants = variantConditions(filter, omit);
  const conditions = productConditions(db, filter, omit);
  if (variants.length > 0) {
    conditions.push(
      sql`exists (select 1 from product_variants v where v.product_id = ${products.id} and ${and(...variants)})`,
    );
  }
  return and(...conditions);
}
