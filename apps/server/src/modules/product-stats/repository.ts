/** SQL for product statistics: daily product views and the products' sales counts. */
import { and, asc, count, desc, eq, gt, gte, inArray, lte, notInArray, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { buyingHistory, orderLines, productImages, products, productViews } from "../../db/schema/index.ts";

export interface DayViews {
  productId: number;
  /** A UTC day, `YYYY-MM-DD`. */
  day: string;
  views: number;
  /** Adds to a cart (the reports' funnel), counted the same way. */
  cartAdds?: number;
}

/** Rows per upsert statement: four parameters each, well under PostgreSQL's 65,535. */
const UPSERT_CHUNK = 1_000;
const viewsSum = sql<number>`sum(${productViews.views})::int`;

export function productStatsRepository(db: Db) {
  return {
    /**
     * Adds views to the daily counters. Ids come from URLs, so the rows are joined to
     * products: a view of a product that does not exist is dropped, never an FK error.
     */
    async addViews(rows: readonly DayViews[], tx: Db | Tx = db): Promise<void> {
      for (let start = 0; start < rows.length; start += UPSERT_CHUNK) {
        const values = rows
          .slice(start, start + UPSERT_CHUNK)
          .map((row) => sql`(${row.productId}::int, ${row.day}::date, ${row.views}::int, ${row.cartAdds ?? 0}::int)`);
        await tx.execute(sql`
          insert into ${productViews} (product_id, day, views, cart_adds)
          select v.product_id, v.day, v.views, v.cart_adds
          from (values ${sql.join(values, sql`, `)}) as v(product_id, day, views, cart_adds)
          join ${products} p on p.id = v.product_id
          on conflict (product_id, day) do update
            set views = ${productViews.views} + excluded.views, cart_adds = ${productViews.cartAdds} + excluded.cart_adds`);
      }
    },

    /** Views per day from `from` to `to` (inclusive); days without views are absent. */
    viewsByDay(from: string, to: string, tx: Db | Tx = db): Promise<{ date: string; views: number }[]> {
      const date = sql<string>`${productViews.day}::text`;
      return tx
        .select({ date, views: viewsSum })
        .from(productViews)
        .where(and(gte(productViews.day, from), lte(productViews.day, to)))
        .groupBy(productViews.day)
        .orderBy(productViews.day);
    },

    topProducts(from: string, to: string, limit: number, tx: Db | Tx = db) {
      const firstImage = sql<string | null>`(
        select ${productImages.filename} from ${productImages}
        where ${productImages.productId} = ${products.id}
        order by ${productImages.position}, ${productImages.id} limit 1)`;
      return tx
        .select({ id: products.id, name: products.name, image: firstImage, views: viewsSum })
        .from(productViews)
        .innerJoin(products, eq(products.id, productViews.productId))
        .where(and(gte(productViews.day, from), lte(productViews.day, to)))
        .groupBy(products.id)
        .orderBy(desc(viewsSum), asc(products.id))
        .limit(limit);
    },

    async productCount(tx: Db | Tx = db): Promise<number> {
      const [row] = await tx.select({ all: count() }).from(products);
      return row?.all ?? 0;
    },

    /** One batch of products by id, locked until the transaction ends so counts are not overwritten meanwhile. */
    lockBatch(afterId: number | null, size: number, tx: Tx) {
      return tx
        .select({ id: products.id, salesCount: products.salesCount })
        .from(products)
        .where(afterId === null ? undefined : gt(products.id, afterId))
        .orderBy(asc(products.id))
        .limit(size)
        .for("update");
    },

    async hasProductAfter(id: number, tx: Db | Tx = db): Promise<boolean> {
      const rows = await tx.select({ id: products.id }).from(products).where(gt(products.id, id)).limit(1);
      return rows.length > 0;
    },

    /**
     * Units sold per product: the order lines' quantities less what was returned, over
     * orders that are not drafts, not cancelled, and not card orders still waiting for
     * their payment (those hold stock but have not sold it).
     */
    async unitsSold(productIds: readonly number[], tx: Db | Tx = db): Promise<Map<number, number>> {
      const sold = new Map(productIds.map((id) => [id, 0]));
      if (productIds.length === 0) return sold;
      const rows = await tx
        .select({
          productId: orderLines.productId,
          units: sql<number>`sum(${orderLines.quantity} - ${orderLines.returnedQuantity})::int`,
        })
        .from(orderLines)
        .innerJoin(buyingHistory, eq(buyingHistory.id, orderLines.historyId))
        .where(
          and(
            inArray(orderLines.productId, [...productIds]),
            eq(buyingHistory.isDraft, false),
            notInArray(buyingHistory.status, ["cancelled", "pending_payment"]),
          ),
        )
        .groupBy(orderLines.productId);
      for (const row of rows) if (row.productId !== null) sold.set(row.productId, row.units);
      return sold;
    },

    /** Sets new sales counts without touching `version`/`updatedAt`: this is not a staff edit. */
    async setSalesCounts(rows: readonly { id: number; salesCount: number }[], tx: Db | Tx = db): Promise<void> {
      if (rows.length === 0) return;
      const values = rows.map((row) => sql`(${row.id}::int, ${row.salesCount}::int)`);
      await tx.execute(sql`
        update ${products} set sales_count = v.sales_count
        from (values ${sql.join(values, sql`, `)}) as v(id, sales_count)
        where ${products.id} = v.id`);
    },
  };
}

export type ProductStatsRepository = ReturnType<typeof productStatsRepository>;
