/**
 * SQL for one product's page: the product with its series, type, fabric, gender and
 * taxonomy path, its images (with the stored pixel size, so pages reserve their space)
 * and its size×color variants.
 */
import { asc, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client.ts";
import {
  categories,
  colors,
  fabrics,
  genders,
  mediaFiles,
  productImages,
  products,
  productTypes,
  productVariants,
  series,
  sizes,
  subCategories,
  subSubCategories,
} from "../../db/schema/index.ts";
import { salePrice, shownCompareAtPrice } from "./sale-price.ts";

const sub = alias(subCategories, "sub");
const subSub = alias(subSubCategories, "sub_sub");

export function detailsRepository(db: Db) {
  return {
    async product(id: number) {
      const [row] = await db
        .select({
          id: products.id,
          name: products.name,
          slug: products.slug,
          description: products.description,
          price: salePrice,
          compareAtPrice: shownCompareAtPrice,
          isPublished: products.isPublished,
          tags: products.tags,
          sizeChart: products.sizeChart,
          seoTitle: products.seoTitle,
          seoDescription: products.seoDescription,
          updatedAt: sql<string>`to_char(${products.updatedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`,
          subSubCategoryId: products.subSubCategoryId,
          seriesId: products.seriesId,
          series: { id: series.id, name: series.name, slug: series.slug },
          type: { id: productTypes.id, name: productTypes.name, slug: productTypes.slug },
          fabric: { id: fabrics.id, name: fabrics.name, description: fabrics.description },
          gender: { id: genders.id, name: genders.name, slug: genders.slug },
          category: { id: categories.id, name: categories.name },
          subCategory: { id: sub.id, name: sub.name },
          subSubCategory: { id: subSub.id, name: subSub.name },
        })
        .from(products)
        .innerJoin(productTypes, eq(productTypes.id, products.productTypeId))
        .innerJoin(subSub, eq(subSub.id, products.subSubCategoryId))
        .innerJoin(sub, eq(sub.id, subSub.subCategoryId))
        .innerJoin(categories, eq(categories.id, sub.categoryId))
        .leftJoin(series, eq(series.id, products.seriesId))
        .leftJoin(fabrics, eq(fabrics.id, products.fabricId))
        .leftJoin(genders, eq(genders.id, products.genderId))
        .where(eq(products.id, id));
      return row;
    },

    images(productId: number) {
      return db
        .select({
          filename: productImages.filename,
          alt: productImages.alt,
          // Every upload records its size; a missing row (an image put in by hand) falls
          // back to the 4:5 portrait the storefront's frames use.
          width: sql<number>`coalesce(${mediaFiles.width}, 960)`,
          height: sql<number>`coalesce(${mediaFiles.height}, 1200)`,
          position: productImages.position,
        })
        .from(productImages)
        .leftJoin(mediaFiles, eq(mediaFiles.filename, productImages.filename))
        .where(eq(productImages.productId, productId))
        .orderBy(asc(productImages.position), asc(productImages.id));
    },

    variants(productId: number) {
      return db
        .select({
          id: productVariants.id,
          size: { id: sizes.id, name: sizes.name, sortOrder: sizes.sortOrder },
          color: { id: colors.id, name: colors.name, hex: colors.hex },
          stock: productVariants.stock,
        })
        .from(productVariants)
        .innerJoin(sizes, eq(sizes.id, productVariants.sizeId))
        .innerJoin(colors, eq(colors.id, productVariants.colorId))
        .where(eq(productVariants.productId, productId))
        .orderBy(asc(colors.name), asc(sizes.sortOrder), asc(sizes.id));
    },
  };
}

export type DetailsRepository = ReturnType<typeof detailsRepository>;
