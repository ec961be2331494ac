/** A variant's stock history: its ledger rows with who, why and the level after each. */
import type { VariantHistory } from "@atelier/contract";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { NotFoundError } from "../../errors.ts";

export async function variantHistory(db: Db, variantId: number): Promise<VariantHistory> {
  const head = await db.execute<{
    product_id: number;
    product_name: string;
    sku: string;
    size_name: string;
    color_name: string;
  }>(sql`select p.id as product_id, p.name as product_name, v.sku, s.name as size_name, c.name as color_name
    from product_variants v join products p on p.id = v.product_id join sizes s on s.id = v.size_id
    join colors c on c.id = v.color_id where v.id = ${variantId}`);
  const variant = head.rows[0];
  if (!variant) throw new NotFoundError("No such variant.");
  const levels = await db.execute<{
    warehouse_id: number;
    warehouse_name: string;
    on_hand: number;
    reserved: number;
    incoming: number;
    incoming_expected_on: string | null;
    version: number;
  }>(sql`select l.warehouse_id, w.name as warehouse_name, l.on_hand, l.reserved, l.incoming,
      l.incoming_expected_on::text as incoming_expected_on, l.version
    from stock_levels l join warehouses w on w.id = l.warehouse_id where l.variant_id = ${variantId}
    order by w.priority, w.id`);
  const entries = await db.execute<{
    id: number;
    warehouse_id: number;
    warehouse_name: string;
    kind: string;
    quantity: number;
    reserved_change: number;
    on_hand_after: number;
    reserved_after: number;
    reason: string;
    actor_name: string;
    order_number: string | null;
    created_at: Date;
    total_on_hand: number;
    total_reserved: number;
  }>(sql`
    select g.id::int as id, g.warehouse_id, w.name as warehouse_name, g.kind, g.quantity, g.reserved_change,
      g.on_hand_after, g.reserved_after, g.reason, g.actor_name, b.number as order_number, g.created_at,
      (sum(g.quantity) over (order by g.id))::int as total_on_hand,
      (sum(g.reserved_change) over (order by g.id))::int as total_reserved
    from stock_ledger g join warehouses w on w.id = g.warehouse_id
    left join buying_history b on b.id = g.order_id
    where g.variant_id = ${variantId}
    order by g.id desc
    limit 500`);
  const ordered = [...entries.rows].reverse();
  return {
    variantId,
    productId: variant.product_id,
    productName: variant.product_name,
    sku: variant.sku,
    sizeName: variant.size_name,
    colorName: variant.color_name,
    levels: levels.rows.map((row) => ({
      warehouseId: row.warehouse_id,
      warehouseName: row.warehouse_name,
      onHand: row.on_hand,
      reserved: row.reserved,
      available: row.on_hand - row.reserved,
      incoming: row.incoming,
      incomingExpectedOn: row.incoming_expected_on,
      version: row.version,
    })),
    entries: entries.rows.map((row) => ({
      id: row.id,
      warehouseId: row.warehouse_id,
      warehouseName: row.warehouse_name,
      kind: row.kind,
      quantity: row.quantity,
      reservedChange: row.reserved_change,
      onHandAfter: row.on_hand_after,
      reservedAfter: row.reserved_after,
      reason: row.reason,
      actorName: row.actor_name,
      orderNumber: row.order_number,
      createdAt: new Date(row.created_at).toISOString(),
    })),
    series: ordered.map((row) => ({
      at: new Date(row.created_at).toISOString(),
      onHand: row.total_on_hand,
      available: row.total_on_hand - row.total_reserved,
    })),
  };
}
