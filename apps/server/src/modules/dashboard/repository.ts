/** SQL for the admin home: catalogue and people counts, and the latest changes. */
import { countDistinct, desc, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { categories, products, productVariants, series, userRoles, users } from "../../db/schema/index.ts";

const count = sql<number>`count(*)::int`;

export function dashboardRepository(db: Db) {
  return {
    async counts(tx: Db | Tx = db) {
      const [[product], [variant], [category], [seriesRow], [user], [staff]] = await Promise.all([
        tx
          .select({ all: count, published: sql<number>`(count(*) filter (where ${products.isPublished}))::int` })
          .from(products),
        tx
          .select({ outOfStock: sql<number>`(count(*) filter (where ${productVariants.stock} = 0))::int` })
          .from(productVariants),
        tx.select({ all: count }).from(categories),
        tx.select({ all: count }).from(series),
        tx.select({ all: count }).from(users),
        tx.select({ all: countDistinct(userRoles.userId) }).from(userRoles),
      ]);
      const people = user?.all ?? 0;
      const staffCount = staff?.all ?? 0;
      return {
        products: product?.all ?? 0,
        publishedProducts: product?.published ?? 0,
        unpublishedProducts: (product?.all ?? 0) - (product?.published ?? 0),
        outOfStockVariants: variant?.outOfStock ?? 0,
        categories: category?.all ?? 0,
        series: seriesRow?.all ?? 0,
        customers: people - staffCount,
        staff: staffCount,
      };
    },

    latestSignUps(limit: number, tx: Db | Tx = db) {
      return tx
        .select({ id: users.id, name: users.name, email: users.email, at: users.createdAt })
        .from(users)
        .orderBy(desc(users.createdAt), desc(users.id))
        .limit(limit);
    },

    latestProductUpdates(limit: number, tx: Db | Tx = db) {
      return tx
        .select({ id: products.id, name: products.name, isPublished: products.isPublished, at: products.updatedAt })
        .from(products)
        .orderBy(desc(products.updatedAt), desc(products.id))
        .limit(limit);
    },
  };
}

export type DashboardRepository = ReturnType<typeof dashboardRepository>;
