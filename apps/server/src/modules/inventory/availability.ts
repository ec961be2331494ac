/** A product's stock per variant for a delivery zone, as the product page shows it. */
import { type ProductAvailability, shopperStockOf } from "@atelier/contract";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { NotFoundError } from "../../errors.ts";

/**
 * A published product's available units per variant for a delivery zone: the active
 * warehouses shipping there (every active one without a zone, or for an unknown or
 * inactive zone). Unpublished or unknown products: 404, as on the product page. Shoppers
 * are told in stock / only N left / sold out, never a count above the "Only N left" limit
 * (issue 37).
 */
export async function productAvailability(
  db: Db,
  productId: number,
  zoneId: number | undefined,
): Promise<ProductAvailability> {
  const zone =
    zoneId === undefined
      ? null
      : ((await db.execute<{ id: number }>(sql`select id from delivery_zones where id = ${zoneId} and is_active`))
          .rows[0]?.id ?? null);
  const ships =
    zone === null
      ? sql``
      : sql`and (w.ships_to_all_zones or exists (
          select 1 from warehouse_zones z where z.warehouse_id = w.id and z.zone_id = ${zone}))`;
  const result = await db.execute<{
    variant_id: number;
    available: number;
    published: boolean;
    only_left_below: number;
  }>(sql`
    select v.id as variant_id, p.is_published as published,
      coalesce((select only_left_below from inventory_settings where id = 1), 5) as only_left_below,
      coalesce((select sum(l.on_hand - l.reserved) from stock_levels l
        join warehouses w on w.id = l.warehouse_id and w.is_active
        where l.variant_id = v.id ${ships}), 0)::int as available
    from product_variants v join products p on p.id = v.product_id
    where v.product_id = ${productId}
    order by v.id`);
  if (!result.rows[0]?.published) throw new NotFoundError("No such product.");
  return {
    productId,
    zoneId: zone,
    variants: result.rows.map((row) => ({
      variantId: row.variant_id,
      ...shopperStockOf(row.available, Math.max(0, row.only_left_below)),
    })),
  };
}
