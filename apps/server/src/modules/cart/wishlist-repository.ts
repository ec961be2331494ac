/**
 * SQL for wishlists: one row per (owner, product). Reads show published products only;
 * a product that is unpublished stays on the list and comes back if it is sold again.
 */
import { and, desc, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { products, series, wishlistItems } from "../../db/schema/index.ts";
import type { Shopper } from "../../http/shopper.ts";
import { cardColumns, type ProductCardRow } from "../catalog/index.ts";

const ownerOf = (shopper: Shopper) =>
  "userId" in shopper ? eq(wishlistItems.userId, shopper.userId) : eq(wishlistItems.guestId, shopper.guestId);

export function wishlistRepository(db: Db) {
  return {
    async ids(shopper: Shopper, tx: Db | Tx = db): Promise<number[]> {
      const rows = await tx
        .select({ id: wishlistItems.productId })
        .from(wishlistItems)
        .innerJoin(products, eq(products.id, wishlistItems.productId))
        .where(and(ownerOf(shopper), eq(products.isPublished, true)))
        .orderBy(desc(wishlistItems.createdAt), desc(wishlistItems.id));
      return rows.map((row) => row.id);
    },

    items(shopper: Shopper, tx: Db | Tx = db): Promise<{ addedAt: string; product: ProductCardRow }[]> {
      return tx
        .select({
          addedAt: sql<string>`to_char(${wishlistItems.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`,
          product: cardColumns,
        })
        .from(wishlistItems)
        .innerJoin(products, eq(products.id, wishlistItems.productId))
        .leftJoin(series, eq(series.id, products.seriesId))
        .where(and(ownerOf(shopper), eq(products.isPublished, true)))
        .orderBy(desc(wishlistItems.createdAt), desc(wishlistItems.id));
    },

    async isPublished(productId: number, tx: Db | Tx = db): Promise<boolean> {
      const [row] = await tx
        .select({ id: products.id })
        .from(products)
        .where(and(eq(products.id, productId), eq(products.isPublished, true)));
      return row !== undefined;
    },

    /** Adds the product; already there is fine (a unique index per owner keeps one row). */
    async add(shopper: Shopper, productId: number, tx: Db | Tx = db): Promise<void> {
      await tx
        .insert(wishlistItems)
        .values({ ...shopper, productId })
        .onConflictDoNothing();
    },

    async remove(shopper: Shopper, productId: number, tx: Db | Tx = db): Promise<boolean> {
      const removed = await tx
        .delete(wishlistItems)
        .where(and(ownerOf(shopper), eq(wishlistItems.productId, productId)))
        .returning({ id: wishlistItems.id });
      return removed.length > 0;
    },
  };
}

export type WishlistRepository = ReturnType<typeof wishlistRepository>;
