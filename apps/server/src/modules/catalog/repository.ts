/** SQL for the catalogue: taxonomy lists and published-product listings. */
import type { Category, ProductCard, ProductSort, SubCategory, SubSubCategory } from "@atelier/contract";
import { and, asc, desc, eq, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import {
  categories,
  genders,
  productImages,
  products,
  series,
  subCategories,
  subSubCategories,
} from "../../db/schema/index.ts";

export interface ProductFilter {
  subSubCategoryId?: number | undefined;
  categoryId?: number | undefined;
  seriesId?: number | undefined;
  genderSlug?: string | undefined;
}

export type ProductCardRow = Omit<ProductCard, "currency">;

const categoryColumns = {
  id: categories.id,
  name: categories.name,
  serial: categories.serial,
  filename: categories.filename,
  isGenderVaried: categories.isGenderVaried,
  isForMen: categories.isForMen,
  isForWomen: categories.isForWomen,
};

const orderings: Record<ProductSort, SQL[]> = {
  newest: [desc(products.createdAt), desc(products.id)],
  "price-asc": [asc(products.price), desc(products.id)],
  "price-desc": [desc(products.price), desc(products.id)],
  name: [asc(products.name), asc(products.id)],
};

export function catalogRepository(db: Db) {
  const cardColumns = {
    id: products.id,
    name: products.name,
    slug: products.slug,
    price: products.price,
    compareAtPrice: products.compareAtPrice,
    createdAt: sql<string>`to_char(${products.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`,
    seriesName: series.name,
    filename: sql<string | null>`(select ${productImages.filename} from ${productImages}
      where ${productImages.productId} = ${products.id} order by ${productImages.position} limit 1)`,
    colors: sql<
      { name: string; hex: string }[]
    >`coalesce((select json_agg(json_build_object('name', c.name, 'hex', c.hex) order by c.name)
      from (select distinct co.name, co.hex from product_variants v join colors co on co.id = v.color_id
            where v.product_id = ${products.id}) c), '[]'::json)`,
    inStock: sql<boolean>`exists(select 1 from product_variants v where v.product_id = ${products.id} and v.stock > 0)`,
  };

  function productWhere(filter: ProductFilter): SQL | undefined {
    const conditions: (SQL | undefined)[] = [eq(products.isPublished, true)];
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
    if (filter.seriesId) conditions.push(eq(products.seriesId, filter.seriesId));
    if (filter.genderSlug) {
      const genderId = db.select({ id: genders.id }).from(genders).where(eq(genders.slug, filter.genderSlug));
      // Unisex products (no gender) belong in every gender's lists.
      conditions.push(or(isNull(products.genderId), inArray(products.genderId, genderId)));
    }
    return and(...conditions);
  }

  return {
    listCategories(): Promise<Category[]> {
      return db.select(categoryColumns).from(categories).orderBy(asc(categories.serial), asc(categories.id));
    },

    listGenders() {
      return db
        .select({ id: genders.id, name: genders.name, slug: genders.slug })
        .from(genders)
        .orderBy(asc(genders.sortOrder), asc(genders.id));
    },

    async categoryExists(id: number): Promise<boolean> {
      const rows = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, id));
      return rows.length > 0;
    },

    async subCategoryExists(id: number): Promise<boolean> {
      const rows = await db.select({ id: subCategories.id }).from(subCategories).where(eq(subCategories.id, id));
      return rows.length > 0;
    },

    listSubCategories(categoryId?: number): Promise<SubCategory[]> {
      return db
        .select({
          id: subCategories.id,
          categoryId: subCategories.categoryId,
          name: subCategories.name,
          isDisabled: subCategories.isDisabled,
          isEnablePremium: subCategories.isEnablePremium,
        })
        .from(subCategories)
        .where(categoryId === undefined ? undefined : eq(subCategories.categoryId, categoryId))
        .orderBy(asc(subCategories.name), asc(subCategories.id));
    },

    listSubSubCategories(subCategoryId?: number): Promise<SubSubCategory[]> {
      return db
        .select({
          id: subSubCategories.id,
          subCategoryId: subSubCategories.subCategoryId,
          name: subSubCategories.name,
          isPremium: subSubCategories.isPremium,
        })
        .from(subSubCategories)
        .where(subCategoryId === undefined ? undefined : eq(subSubCategories.subCategoryId, subCategoryId))
        .orderBy(asc(subSubCategories.name), asc(subSubCategories.id));
    },

    listSeries() {
      return db
        .select({
          id: series.id,
          name: series.name,
          slug: series.slug,
          description: series.description,
          filename: series.filename,
        })
        .from(series)
        .orderBy(asc(series.name));
    },

    async listProducts(
      filter: ProductFilter,
      sort: ProductSort,
      limit: number,
      offset: number,
    ): Promise<{ rows: ProductCardRow[]; total: number }> {
      const where = productWhere(filter);
      const [rows, counted] = await Promise.all([
        db
          .select(cardColumns)
          .from(products)
          .leftJoin(series, eq(series.id, products.seriesId))
          .where(where)
          .orderBy(...orderings[sort])
          .limit(limit)
          .offset(offset),
        db.select({ total: sql<number>`count(*)::int` }).from(products).where(where),
      ]);
      return { rows, total: counted[0]?.total ?? 0 };
    },
  };
}

export type CatalogRepository = ReturnType<typeof catalogRepository>;
