/** Low stock: the variants at or under their threshold, for the staff page and the daily digest mail. */
import type { LowStockRow } from "@atelier/contract";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { readSettings } from "./settings.ts";

export async function lowStockPage(db: Db, page: number, pageSize: number) {
  const current = await readSettings(db);
  const limit = sql`coalesce(tv.threshold, tp.threshold, ${current.lowStockDefault})`;
  const result = await db.execute<{
    variant_id: number;
    product_id: number;
    product_name: string;
    sku: string;
    size_name: string;
    color_name: string;
    available: number;
    incoming: number;
    threshold: number;
    source: "variant" | "product" | "store";
    sold: number;
    total: number;
  }>(sql`
    select v.id as variant_id, p.id as product_id, p.name as product_name, v.sku, s.name as size_name,
      c.name as color_name, v.stock as available,
      coalesce((select sum(l.incoming) from stock_levels l where l.variant_id = v.id), 0)::int as incoming,
      ${limit}::int as threshold,
      case when tv.threshold is not null then 'variant' when tp.threshold is not null then 'product' else 'store' end as source,
      coalesce((select sum(ol.quantity) from order_lines ol join buying_history b on b.id = ol.history_id
        where ol.variant_id = v.id and b.placed_at > now() - interval '30 days'
          and b.status <> 'cancelled' and not b.is_draft), 0)::int as sold,
      count(*) over ()::int as total
    from product_variants v
    join products p on p.id = v.product_id
    join sizes s on s.id = v.size_id
    join colors c on c.id = v.color_id
    left join stock_thresholds tv on tv.variant_id = v.id
    left join stock_thresholds tp on tp.product_id = p.id
    where v.stock <= ${limit}
    order by v.stock, p.name, v.id
    limit ${pageSize} offset ${(page - 1) * pageSize}`);
  const total = result.rows[0]?.total ?? 0;
  return {
    items: result.rows.map((row): LowStockRow => {
      const perDay = row.sold / 30;
      const daysOfCover = perDay > 0 ? Math.round((row.available / perDay) * 10) / 10 : null;
      const target = Math.ceil(perDay * current.reorderCoverDays) + row.threshold;
      return {
        variantId: row.variant_id,
        productId: row.product_id,
        productName: row.product_name,
        sku: row.sku,
        sizeName: row.size_name,
        colorName: row.color_name,
        available: row.available,
        incoming: row.incoming,
        threshold: row.threshold,
        thresholdSource: row.source,
        soldLast30Days: row.sold,
        daysOfCover,
        suggestedReorder: Math.max(0, target - row.available - row.incoming),
      };
    }),
    page,
    pageSize,
    total,
    pageCount: Math.max(1, Math.ceil(total / pageSize)),
  };
}

/**
 * The daily low-stock digest: the variants at or under their threshold (the first 50,
 * fewest available first), their total, and the staff holding the `inventory` permission.
 */
export async function lowStockDigest(db: Db): Promise<{ recipients: string[]; rows: LowStockRow[]; total: number }> {
  const page = await lowStockPage(db, 1, 50);
  if (page.total === 0) return { recipients: [], rows: [], total: 0 };
  const staff = await db.execute<{ email: string }>(sql`
    select distinct u.email from "user" u
    join user_role ur on ur.user_id = u.id
    join role_permission rp on rp.role_id = ur.role_id and rp.permission = 'inventory'
    where not u.banned
    order by u.email`);
  return { recipients: staff.rows.map((row) => row.email), rows: page.items, total: page.total };
}
