/**
 * SQL for one product as staff edit it: the row with its images and variants, the
 * uniqueness lookups (slug, SKU), and the writes. Every method takes an optional
 * transaction so the service runs a save as one.
 */
import { formatMinor, minorDigits } from "@atelier/contract";
import { and, asc, eq, inArray, like, ne, notInArray, or, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import {
  colors,
  mediaFiles,
  productImages,
  products,
  productVariants,
  sizes,
  subCategories,
  subSubCategories,
} from "../../db/schema/index.ts";

type Runner = Db | Tx;
export type ProductValues = Omit<
  typeof products.$inferInsert,
  "id" | "version" | "createdAt" | "updatedAt" | "salesCount"
>;
export interface VariantValues {
  sizeId: number;
  colorId: number;
  sku: string;
  stock: number;
}

export interface AuditSnapshot {
  name: string;
  values: Record<string, unknown>;
}

export function productRepository(db: Db) {
  return {
    async byId(id: number, tx: Runner = db) {
      const [row] = await tx
        .select({
          product: products,
          subCategoryId: subSubCategories.subCategoryId,
          categoryId: subCategories.categoryId,
          updatedAtIso: sql<string>`to_char(${products.updatedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
        })
        .from(products)
        .innerJoin(subSubCategories, eq(subSubCategories.id, products.subSubCategoryId))
        .innerJoin(subCategories, eq(subCategories.id, subSubCategories.subCategoryId))
        .where(eq(products.id, id));
      if (!row) return undefined;
      const [images, variants] = await Promise.all([
        tx
          .select({
            filename: productImages.filename,
            alt: productImages.alt,
            width: sql<number>`coalesce(${mediaFiles.width}, 0)`,
            height: sql<number>`coalesce(${mediaFiles.height}, 0)`,
          })
          .from(productImages)
          .leftJoin(mediaFiles, eq(mediaFiles.filename, productImages.filename))
          .where(eq(productImages.productId, id))
          .orderBy(asc(productImages.position), asc(productImages.id)),
        tx
          .select({
            id: productVariants.id,
            sizeId: productVariants.sizeId,
            colorId: productVariants.colorId,
            sku: productVariants.sku,
            stock: productVariants.stock,
          })
          .from(productVariants)
          .where(eq(productVariants.productId, id))
          .orderBy(asc(productVariants.id)),
      ]);
      return { ...row, images, variants };
    },

    /** The sub-category and category above a sub-sub-category, if it exists. */
    async chainOf(subSubCategoryId: number, tx: Runner = db) {
      const [row] = await tx
        .select({ subCategoryId: subSubCategories.subCategoryId, categoryId: subCategories.categoryId })
        .from(subSubCategories)
        .innerJoin(subCategories, eq(subCategories.id, subSubCategories.subCategoryId))
        .where(eq(subSubCategories.id, subSubCategoryId));
      return row;
    },

    /** Slugs equal to base or base-N, other than the product's own. */
    async slugsLike(base: string, exceptId: number | undefined, tx: Runner = db): Promise<Set<string>> {
      const rows = await tx
        .select({ slug: products.slug })
        .from(products)
        .where(
          and(
            or(eq(products.slug, base), like(products.slug, `${base}-%`)),
            exceptId ? ne(products.id, exceptId) : undefined,
          ),
        );
      return new Set(rows.map((row) => row.slug));
    },

    /** Which of these SKUs belong to variants of other products (compared case-sensitively, as stored). */
    async skusOfOthers(skus: readonly string[], exceptProductIds: readonly number[], tx: Runner = db) {
      if (skus.length === 0) return new Set<string>();
      const rows = await tx
        .select({ sku: productVariants.sku })
        .from(productVariants)
        .where(
          and(
            inArray(productVariants.sku, [...skus]),
            exceptProductIds.length > 0 ? notInArray(productVariants.productId, [...exceptProductIds]) : undefined,
          ),
        );
      return new Set(rows.map((row) => row.sku));
    },

    async storedImages(filenames: readonly string[], tx: Runner = db): Promise<Set<string>> {
      if (filenames.length === 0) return new Set();
      const rows = await tx
        .select({ filename: mediaFiles.filename })
        .from(mediaFiles)
        .where(inArray(mediaFiles.filename, [...filenames]));
      return new Set(rows.map((row) => row.filename));
    },

    async bySlugs(slugs: readonly string[], tx: Runner = db) {
      if (slugs.length === 0) return [];
      return tx
        .select({ id: products.id, slug: products.slug, version: products.version })
        .from(products)
        .where(inArray(products.slug, [...slugs]));
    },

    async insert(values: ProductValues, tx: Runner = db): Promise<number> {
      const [row] = await tx.insert(products).values(values).returning({ id: products.id });
      if (!row) throw new Error("product insert returned nothing");
      return row.id;
    },

    /** Saves only if nobody saved since `version`; bumps it. False when the version is stale. */
    async update(id: number, version: number, values: ProductValues, tx: Runner = db): Promise<boolean> {
      const rows = await tx
        .update(products)
        .set({ ...values, version: sql`${products.version} + 1`, updatedAt: sql`now()` })
        .where(and(eq(products.id, id), eq(products.version, version)))
        .returning({ id: products.id });
      return rows.length === 1;
    },

    async replaceImages(productId: number, images: readonly { filename: string; alt: string }[], tx: Runner = db) {
      await tx.delete(productImages).where(eq(productImages.productId, productId));
      if (images.length === 0) return;
      await tx
        .insert(productImages)
        .values(images.map((image, position) => ({ productId, filename: image.filename, alt: image.alt, position })));
    },

    /**
     * Variants by diff on size×color: a pair that stays keeps its id (carts and orders point
     * at it) and gets its new SKU and stock; new pairs are added, missing ones removed.
     */
    async syncVariants(productId: number, wanted: readonly VariantValues[], tx: Runner = db) {
      const current = await tx
        .select({
          id: productVariants.id,
          sizeId: productVariants.sizeId,
          colorId: productVariants.colorId,
          sku: productVariants.sku,
          stock: productVariants.stock,
        })
        .from(productVariants)
        .where(eq(productVariants.productId, productId));
      const key = (v: { sizeId: number; colorId: number }) => `${v.sizeId}×${v.colorId}`;
      const wantedByKey = new Map(wanted.map((variant) => [key(variant), variant]));
      const removed = current.filter((variant) => !wantedByKey.has(key(variant))).map((variant) => variant.id);
      if (removed.length > 0) await tx.delete(productVariants).where(inArray(productVariants.id, removed));
      const kept = current.filter((variant) => wantedByKey.has(key(variant)));
      const changed = kept.filter((variant) => {
        const next = wantedByKey.get(key(variant));
        return next && (next.sku !== variant.sku || next.stock !== variant.stock);
      });
      // Two variants may swap SKUs: park the changed ones on a unique placeholder first.
      const renamed = changed.filter((variant) => wantedByKey.get(key(variant))?.sku !== variant.sku);
      if (renamed.length > 0) {
        await tx
          .update(productVariants)
          .set({ sku: sql`'~' || ${productVariants.id}::text` })
          .where(
            inArray(
              productVariants.id,
              renamed.map((variant) => variant.id),
            ),
          );
      }
      for (const variant of changed) {
        const next = wantedByKey.get(key(variant));
        if (!next) continue;
        await tx
          .update(productVariants)
          .set({ sku: next.sku, stock: next.stock, updatedAt: sql`now()` })
          .where(eq(productVariants.id, variant.id));
      }
      const existing = new Set(current.map(key));
      const added = wanted.filter((variant) => !existing.has(key(variant)));
      if (added.length > 0)
        await tx.insert(productVariants).values(added.map((variant) => ({ ...variant, productId })));
    },

    /**
     * What the activity log records of products: their fields, image files, and each
     * variant by size and color (the variant's identity) with its SKU and stock.
     */
    async auditSnapshots(
      ids: readonly number[],
      currency: string,
      tx: Runner = db,
    ): Promise<Map<number, AuditSnapshot>> {
      const money = (amount: number | null) =>
        amount === null ? null : `${currency} ${formatMinor(amount, minorDigits(currency))}`;
      const snapshots = new Map<number, AuditSnapshot>();
      if (ids.length === 0) return snapshots;
      const rows = await tx
        .select()
        .from(products)
        .where(inArray(products.id, [...ids]));
      const [images, variants] = await Promise.all([
        tx
          .select({ productId: productImages.productId, filename: productImages.filename })
          .from(productImages)
          .where(inArray(productImages.productId, [...ids]))
          .orderBy(asc(productImages.position), asc(productImages.id)),
        tx
          .select({
            productId: productVariants.productId,
            size: sizes.name,
            color: colors.name,
            sku: productVariants.sku,
            stock: productVariants.stock,
          })
          .from(productVariants)
          .innerJoin(sizes, eq(sizes.id, productVariants.sizeId))
          .innerJoin(colors, eq(colors.id, productVariants.colorId))
          .where(inArray(productVariants.productId, [...ids]))
          .orderBy(asc(productVariants.id)),
      ]);
      for (const row of rows) {
        const values: Record<string, unknown> = {
          name: row.name,
          slug: row.slug,
          description: row.description,
          price: money(row.price),
          compareAtPrice: money(row.compareAtPrice),
          isPublished: row.isPublished,
          seriesId: row.seriesId,
          subSubCategoryId: row.subSubCategoryId,
          productTypeId: row.productTypeId,
          fabricId: row.fabricId,
          genderId: row.genderId,
          tags: row.tags,
          sizeChart: row.sizeChart ?? null,
          seoTitle: row.seoTitle,
          seoDescription: row.seoDescription,
          images: images.filter((image) => image.productId === row.id).map((image) => image.filename),
        };
        for (const variant of variants.filter((item) => item.productId === row.id)) {
          values[`variant ${variant.size} / ${variant.color}`] = { sku: variant.sku, stock: variant.stock };
        }
        snapshots.set(row.id, { name: row.name, values });
      }
      return snapshots;
    },

    async setPublished(ids: readonly number[], published: boolean, tx: Runner = db): Promise<number> {
      const rows = await tx
        .update(products)
        .set({ isPublished: published, version: sql`${products.version} + 1`, updatedAt: sql`now()` })
        .where(and(inArray(products.id, [...ids]), ne(products.isPublished, published)))
        .returning({ id: products.id });
      return rows.length;
    },

    async delete(ids: readonly number[], tx: Runner = db): Promise<number> {
      const rows = await tx
        .delete(products)
        .where(inArray(products.id, [...ids]))
        .returning({ id: products.id });
      return rows.length;
    },
  };
}

export type ProductRepository = ReturnType<typeof productRepository>;
