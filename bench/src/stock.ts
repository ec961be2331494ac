/**
 * Stock for the bench's buyers and shoppers, received through the stock ledger (issue 37,
 * item 10) as the admin's "Received" adjustment posts it (inventory/adjust.ts): one ledger
 * row per variant into the default warehouse, whose trigger moves the level and the
 * variant's `stock`. Writing `product_variants.stock` directly, as the bench used to, goes
 * around the levels checkout allocates from (ADR 0011), so the levels sold out while
 * `stock` still said plenty, and checkouts answered 409.
 */
import type pg from "pg";

/** Units each bench variant holds on hand in the default warehouse after `receiveBenchStock`. */
export const BENCH_STOCK = 1_000_000;

/**
 * Tops up the given variants to `BENCH_STOCK` on hand in the default warehouse (a run after
 * a run receives only what the last one sold) and answers the variants with their product.
 */
export async function receiveBenchStock(
  client: pg.Client,
  variantIds: readonly number[],
): Promise<{ variantId: number; productId: number }[]> {
  if (variantIds.length === 0) return [];
  await client.query("begin");
  try {
    const {
      rows: [warehouse],
    } = await client.query<{ id: number }>("select id from warehouses where is_default and is_active");
    if (!warehouse) throw new Error("The shop has no active default warehouse to receive the bench's stock into.");
    // Variants locked in id order, as every writer of stock locks them (checkout included).
    await client.query("select id from product_variants where id = any($1::int[]) order by id for update", [
      variantIds,
    ]);
    await client.query(
      `insert into stock_ledger (variant_id, warehouse_id, kind, quantity, reason, actor_name)
       select v.id, $2, 'adjustment', $3 - coalesce(l.on_hand, 0), 'Received: bench stock', 'Bench'
       from product_variants v
       left join stock_levels l on l.variant_id = v.id and l.warehouse_id = $2
       where v.id = any($1::int[]) and coalesce(l.on_hand, 0) < $3
       order by v.id`,
      [variantIds, warehouse.id, BENCH_STOCK],
    );
    const { rows } = await client.query<{ id: number; product_id: number }>(
      "select id, product_id from product_variants where id = any($1::int[]) order by id",
      [variantIds],
    );
    await client.query("commit");
    return rows.map((row) => ({ variantId: row.id, productId: row.product_id }));
  } catch (error) {
    await client.query("rollback");
    throw error;
  }
}
