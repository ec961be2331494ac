/** What a coupon may target (products, categories, series, collaborators): the staff picker's options. */
import type { TargetOptions } from "@atelier/contract";
import { sql } from "drizzle-orm";
import type { PromotionsDeps } from "./coupon-rows.ts";

export async function couponTargetOptions(deps: PromotionsDeps, q: string | undefined): Promise<TargetOptions> {
  const { db } = deps;
  const like = q ? `%${q.replace(/[\\%_]/g, (match) => `\\${match}`)}%` : null;
  const [categories, subs, subSubs, series, types, products, collabs] = await Promise.all([
    db.execute<{ id: number; name: string }>(sql`select id, name from categories order by serial, name`),
    db.execute<{ id: number; name: string }>(sql`select s.id, c.name || ' › ' || s.name as name
      from sub_categories s join categories c on c.id = s.category_id order by c.serial, c.name, s.name`),
    db.execute<{ id: number; name: string }>(sql`select ss.id, c.name || ' › ' || s.name || ' › ' || ss.name as name
      from sub_sub_categories ss join sub_categories s on s.id = ss.sub_category_id
      join categories c on c.id = s.category_id order by c.serial, c.name, s.name, ss.name`),
    db.execute<{ id: number; name: string }>(sql`select id, name from series order by name`),
    db.execute<{ id: number; name: string }>(sql`select id, name from product_types order by name`),
    db.execute<{ id: number; name: string }>(sql`select id, name from products
      ${like ? sql`where name ilike ${like}` : sql``} order by name limit 30`),
    db.execute<{ id: number; name: string }>(sql`select id, name from collaborators order by name`),
  ]);
  return {
    currency: await deps.currency(),
    categories: [
      ...categories.rows.map((row) => ({ type: "category" as const, ...row })),
      ...subs.rows.map((row) => ({ type: "subCategory" as const, ...row })),
      ...subSubs.rows.map((row) => ({ type: "subSubCategory" as const, ...row })),
    ],
    series: series.rows,
    productTypes: types.rows,
    collabs: collabs.rows,
    products: products.rows,
  };
}
