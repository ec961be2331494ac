/** SQL for product statistics: daily product views and the products' sales counts. */
import { and, asc, count, desc, eq, gt, gte, lte, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { productImages, products, productViews } from "../../db/schema/index.ts";

export interface DayViews {
  productId: number;
  /** A UTC day, `YYYY-MM-DD`. */
  day: string;
  views: number;
}

/** Rows per upsert statement: three parameters each, well under PostgreSQL's 65,535. */
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
          .map((row) => sql`(${row.productId}::int, ${row.day}::date, ${row.views}::int)`);
        await tx.execute(sql`
          insert into ${productViews} (product_id, day, views)
          select v.product_id, v.day, v.views
          from (values ${sql.join(values, sql`, `)}) as v(product_id, day, views)
          join ${products} p on p.id = v.product_id
          on conflict (product_id, day) do update set views = ${productViews.views} + excluded.views`);
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
     * Units sold per product: the sum of the quantities of the order lines of orders that
     * are neither cancelled nor drafts. There is no orders table yet: issue 6 (orders)
     * plugs its query in here, and until then every product has sold nothing.
     */
    async unitsSold(productIds: readonly number[], _tx: Db | Tx = db): Promise<Map<number, number>> {
      return new Map(productIds.map((id) => [id, 0]));
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
