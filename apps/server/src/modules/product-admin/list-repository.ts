/**
 * SQL for the staff product lists: the all-products table (every product, published or
 * not), its CSV export (one row per variant) and the choices the product form offers.
 */
import { productLowStock } from "@atelier/contract/constants";
import { and, asc, desc, eq, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import {
  categories,
  colors,
  fabrics,
  genders,
  productImages,
  products,
  productTypes,
  productVariants,
  series,
  sizes,
  subCategories,
  subSubCategories,
} from "../../db/schema/index.ts";

export interface ListFilter {
  search?: string | undefined;
  categoryId?: number | undefined;
  seriesId?: number | undefined;
  productTypeId?: number | undefined;
  published?: "true" | "false" | undefined;
  stock?: "in" | "low" | "out" | undefined;
}

export type ListSort = "updated" | "name" | "price-asc" | "price-desc" | "stock-asc" | "stock-desc";

const iso = (column: SQL | typeof products.updatedAt) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const stockTotal = sql<number>`coalesce((select sum(v.stock)::int from ${productVariants} v where v.product_id = ${products.id}), 0)`;

const orderings: Record<ListSort, SQL[]> = {
  updated: [desc(products.updatedAt), desc(products.id)],
  name: [asc(products.name), asc(products.id)],
  "price-asc": [asc(products.price), asc(products.id)],
  "price-desc": [desc(products.price), desc(products.id)],
  "stock-asc": [asc(stockTotal), asc(products.id)],
  "stock-desc": [desc(stockTotal), desc(products.id)],
};

/** LIKE wildcards in the search text are matched literally. */
const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function productListRepository(db: Db) {
  function where(filter: ListFilter): SQL | undefined {
    const conditions: (SQL | undefined)[] = [];
    if (filter.search) {
      const like = likeText(filter.search);
      const bySku = db
        .select({ id: productVariants.productId })
        .from(productVariants)
        .where(ilike(productVariants.sku, like));
      conditions.push(or(ilike(products.name, like), ilike(products.slug, like), inArray(products.id, bySku)));
    }
    if (filter.categoryId) conditions.push(eq(subCategories.categoryId, filter.categoryId));
    if (filter.seriesId) conditions.push(eq(products.seriesId, filter.seriesId));
    if (filter.productTypeId) conditions.push(eq(products.productTypeId, filter.productTypeId));
    if (filter.published) conditions.push(eq(products.isPublished, filter.published === "true"));
    if (filter.stock === "out") conditions.push(sql`${stockTotal} = 0`);
    if (filter.stock === "low") conditions.push(sql`${stockTotal} between 1 and ${productLowStock}`);
    if (filter.stock === "in") conditions.push(sql`${stockTotal} > ${productLowStock}`);
    return and(...conditions);
  }

  return {
    async list(filter: ListFilter, sort: ListSort, limit: number, offset: number) {
      const condition = where(filter);
      const [rows, counted] = await Promise.all([
        db
          .select({
            id: products.id,
            name: products.name,
            slug: products.slug,
            filename: sql<string | null>`(select ${productImages.filename} from ${productImages}
            where ${productImages.productId} = ${products.id} order by ${productImages.position} limit 1)`,
            skuCount: sql<number>`(select count(*)::int from ${productVariants} v where v.product_id = ${products.id})`,
            price: products.price,
            stockTotal,
            categoryName: categories.name,
            seriesName: series.name,
            productTypeName: productTypes.name,
            isPublished: products.isPublished,
            updatedAt: iso(products.updatedAt),
          })
          .from(products)
          .innerJoin(subSubCategories, eq(subSubCategories.id, products.subSubCategoryId))
          .innerJoin(subCategories, eq(subCategories.id, subSubCategories.subCategoryId))
          .innerJoin(categories, eq(categories.id, subCategories.categoryId))
          .innerJoin(productTypes, eq(productTypes.id, products.productTypeId))
          .leftJoin(series, eq(series.id, products.seriesId))
          .where(condition)
          .orderBy(...orderings[sort])
          .limit(limit)
          .offset(offset),
        db
          .select({ total: sql<number>`count(*)::int` })
          .from(products)
          .innerJoin(subSubCategories, eq(subSubCategories.id, products.subSubCategoryId))
          .innerJoin(subCategories, eq(subCategories.id, subSubCategories.subCategoryId))
          .innerJoin(categories, eq(categories.id, subCategories.categoryId))
          .innerJoin(productTypes, eq(productTypes.id, products.productTypeId))
          .leftJoin(series, eq(series.id, products.seriesId))
          .where(condition),
      ]);
      return { rows, total: counted[0]?.total ?? 0 };
    },

    /** One row per variant of every matching product, with names instead of ids. */
    exportRows(filter: ListFilter) {
      return db
        .select({
          slug: products.slug,
          name: products.name,
          description: products.description,
          price: products.price,
          compareAtPrice: products.compareAtPrice,
          category: categories.name,
          subCategory: subCategories.name,
          subSubCategory: subSubCategories.name,
          productType: productTypes.name,
          series: sql<string>`coalesce(${series.name}, '')`,
          fabric: sql<string>`coalesce((select f.name from ${fabrics} f where f.id = ${products.fabricId}), '')`,
          gender: sql<string>`coalesce((select g.name from ${genders} g where g.id = ${products.genderId}), '')`,
          tags: products.tags,
          published: products.isPublished,
          seoTitle: products.seoTitle,
          seoDescription: products.seoDescription,
          size: sizes.name,
          color: colors.name,
          sku: productVariants.sku,
          stock: productVariants.stock,
        })
        .from(products)
        .innerJoin(subSubCategories, eq(subSubCategories.id, products.subSubCategoryId))
        .innerJoin(subCategories, eq(subCategories.id, subSubCategories.subCategoryId))
        .innerJoin(categories, eq(categories.id, subCategories.categoryId))
        .innerJoin(productTypes, eq(productTypes.id, products.productTypeId))
        .leftJoin(series, eq(series.id, products.seriesId))
        .innerJoin(productVariants, eq(productVariants.productId, products.id))
        .innerJoin(sizes, eq(sizes.id, productVariants.sizeId))
        .innerJoin(colors, eq(colors.id, productVariants.colorId))
        .where(where(filter))
        .orderBy(asc(products.slug), asc(sizes.sortOrder), asc(colors.name));
    },

    async options() {
      const [cats, subs, subSubs, seriesList, types, colorList, sizeList, fabricList, genderList] = await Promise.all([
        db
          .select({ id: categories.id, name: categories.name })
          .from(categories)
          .orderBy(asc(categories.serial), asc(categories.name)),
        db
          .select({ id: subCategories.id, name: subCategories.name, parentId: subCategories.categoryId })
          .from(subCategories)
          .orderBy(asc(subCategories.name)),
        db
          .select({ id: subSubCategories.id, name: subSubCategories.name, parentId: subSubCategories.subCategoryId })
          .from(subSubCategories)
          .orderBy(asc(subSubCategories.name)),
        db.select({ id: series.id, name: series.name }).from(series).orderBy(asc(series.name)),
        db.select({ id: productTypes.id, name: productTypes.name }).from(productTypes).orderBy(asc(productTypes.name)),
        db.select({ id: colors.id, name: colors.name, hex: colors.hex }).from(colors).orderBy(asc(colors.name)),
        db.select({ id: sizes.id, name: sizes.name }).from(sizes).orderBy(asc(sizes.sortOrder), asc(sizes.id)),
        db.select({ id: fabrics.id, name: fabrics.name }).from(fabrics).orderBy(asc(fabrics.name)),
        db.select({ id: genders.id, name: genders.name }).from(genders).orderBy(asc(genders.sortOrder)),
      ]);
      const categoryTree = cats.map((category) => ({
        ...category,
        subCategories: subs
          .filter((sub) => sub.parentId === category.id)
          .map((sub) => ({
            id: sub.id,
            name: sub.name,
            subSubCategories: subSubs.filter((leaf) => leaf.parentId === sub.id).map(({ id, name }) => ({ id, name })),
          })),
      }));
      return {
        categories: categoryTree,
        series: seriesList,
        productTypes: types,
        colors: colorList,
        sizes: sizeList,
        fabrics: fabricList,
        genders: genderList,
      };
    },
  };
}

export type ProductListRepository = ReturnType<typeof productListRepository>;
