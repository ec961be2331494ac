/**
 * The ⌘K palette's lookups: a few rows of each kind, best first. Exact matches (an order
 * number, a SKU, an email) come before partial ones; each list is capped at `limit`.
 */
import type { AdminSearchResults } from "@atelier/contract";
import { and, asc, desc, eq, ilike, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { buyingHistory, products, productVariants, users } from "../../db/schema/index.ts";

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

export function adminSearchRepository(db: Db, limit = 5) {
  return {
    async orders(text: string): Promise<AdminSearchResults["orders"]> {
      const starts = `${escapeLike(text)}%`;
      return db
        .select({
          id: buyingHistory.id,
          number: buyingHistory.number,
          email: buyingHistory.email,
          customerName: buyingHistory.customerName,
          status: buyingHistory.status,
          total: buyingHistory.total,
          currency: buyingHistory.currency,
        })
        .from(buyingHistory)
        .where(
          and(
            eq(buyingHistory.isDraft, false),
            or(
              ilike(buyingHistory.number, starts),
              ilike(buyingHistory.email, starts),
              ilike(buyingHistory.customerName, `%${escapeLike(text)}%`),
            ),
          ),
        )
        .orderBy(sql`lower(${buyingHistory.number}) = lower(${text}) desc`, desc(buyingHistory.placedAt))
        .limit(limit);
    },

    async products(text: string): Promise<AdminSearchResults["products"]> {
      const contains = `%${escapeLike(text)}%`;
      const bySku = await db
        .select({ id: products.id, name: products.name, sku: productVariants.sku, isPublished: products.isPublished })
        .from(productVariants)
        .innerJoin(products, eq(products.id, productVariants.productId))
        .where(ilike(productVariants.sku, `${escapeLike(text)}%`))
        .orderBy(sql`lower(${productVariants.sku}) = lower(${text}) desc`, asc(productVariants.sku))
        .limit(limit);
      const byName = await db
        .select({ id: products.id, name: products.name, isPublished: products.isPublished })
        .from(products)
        .where(ilike(products.name, contains))
        .orderBy(sql`lower(${products.name}) like lower(${`${escapeLike(text)}%`}) desc`, asc(products.name))
        .limit(limit);
      const seen = new Set<number>();
      const rows: AdminSearchResults["products"] = [];
      for (const row of [...bySku, ...byName.map((product) => ({ ...product, sku: null }))]) {
        if (seen.has(row.id)) continue;
        seen.add(row.id);
        rows.push(row);
      }
      return rows.slice(0, limit);
    },

    async customers(text: string): Promise<AdminSearchResults["customers"]> {
      const contains = `%${escapeLike(text)}%`;
      return db
        .select({ id: users.id, name: users.name, email: users.email })
        .from(users)
        .where(or(ilike(users.email, `${escapeLike(text)}%`), ilike(users.name, contains)))
        .orderBy(sql`lower(${users.email}) = lower(${text}) desc`, asc(users.name))
        .limit(limit);
    },
  };
}
