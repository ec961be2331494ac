/**
 * A product's price now, for the catalogue, cart and checkout reads: `sale_price(products)`
 * (SQL function, migration 0010) applies the best active scheduled discount. While a sale
 * runs, the price it replaced is shown as the compare-at ("was") price unless the product's
 * own compare-at price is higher.
 */
import { sql } from "drizzle-orm";
import { products } from "../../db/schema/index.ts";

export const salePrice = sql<number>`sale_price(${products})`;

export const shownCompareAtPrice = sql<number | null>`(case when sale_price(${products}) < ${products.price}
  then greatest(${products.price}, coalesce(${products.compareAtPrice}, 0)) else ${products.compareAtPrice} end)`;
