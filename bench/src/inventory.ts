/**
 * The `inventory` step (issue 14): what warehouses cost.
 *
 *  1. Place-order throughput with two warehouses against one (the same 20 buyers as the
 *     buying step, cash on delivery). One: only Main is active. Two: the demo seed's East
 *     depot is active too, first by priority, holding stock of the same 200 variants, so
 *     every order's allocation reads two levels per variant (locked) and takes from East.
 *  2. The Stock Status page's query (GET /api/admin/inventory/stock, as the demo admin) at
 *     the seeded catalogue's size: the first page by name, the "low" filter, a search, the
 *     fewest-available sort and one warehouse; each once cold and `WARM_RUNS` times warm.
 *     The catalogue's variant count is reported: `--products 8000` seeds 101,010 variants
 *     (the default 10,000 products: 125,719).
 *
 * Stock goes straight into the bundled database as ledger rows (the bench's buyers have no
 * staff session); East is made inactive again at the end, as the step found it.
 */
import type pg from "pg";
import { measureBuying, type OperationResult } from "./buying.ts";
import { repeatedGet, signIn, withClient } from "./shop-access.ts";

export interface StockQueryTiming {
  query: string;
  coldMs: number;
  warmP50Ms: number;
  warmMaxMs: number;
  total: number;
}

export interface InventoryResult {
  placeOrder: { oneWarehouse: OperationResult; twoWarehouses: OperationResult; ratio: number };
  stockStatus: { variants: number; warehouses: number; timings: StockQueryTiming[] };
}

const WARM_RUNS = 7;
const EAST = "EAST";

/** The second warehouse (the demo seed makes East; a shop without it gets one), active or not. */
async function secondWarehouse(client: pg.Client, active: boolean): Promise<number> {
  await client.query(
    `insert into warehouses (name, code, priority, ships_to_all_zones) values ('East depot', $1, 20, true)
     on conflict do nothing`,
    [EAST],
  );
  const {
    rows: [east],
  } = await client.query<{ id: number }>(
    "update warehouses set is_active = $2, priority = 5 where upper(code) = $1 returning id",
    [EAST, active],
  );
  if (!east) throw new Error("No East warehouse.");
  return east.id;
}

export async function measureInventory(options: {
  base: string;
  api: string;
  dataDir: string;
  email: string;
  password: string;
  durationSeconds: number;
  warmupSeconds: number;
  say: (line: string) => void;
}): Promise<InventoryResult> {
  // 1. Place order: Main only, then Main and East.
  await withClient(options.dataDir, (client) => secondWarehouse(client, false));
  options.say("Inventory: place order with one warehouse …");
  const oneWarehouse = (await measureBuying({ ...options, pgbench: false })).placeOrder;
  await withClient(options.dataDir, async (client) => {
    const east = await secondWarehouse(client, true);
    // The buying step's 200 variants (the same query): plenty in East as well.
    await client.query(
      `insert into stock_ledger (variant_id, warehouse_id, kind, quantity, reason, actor_name)
       select v.id, $1, 'adjustment', 1000000, 'Bench: stock in the second warehouse', 'Bench'
       from product_variants v join products p on p.id = v.product_id
       where p.is_published and not exists (select 1 from drop_products d where d.product_id = p.id)
       order by v.id limit 200`,
      [east],
    );
  });
  options.say("Inventory: place order with two warehouses …");
  const twoWarehouses = (await measureBuying({ ...options, pgbench: false })).placeOrder;

  // 2. The Stock Status query at this catalogue's size.
  const counts = await withClient(options.dataDir, async (client) => {
    const { rows } = await client.query<{ variants: number; warehouses: number; word: string | null }>(
      `select (select count(*) from product_variants)::int as variants,
              (select count(*) from warehouses where is_active)::int as warehouses,
              (select split_part(name, ' ', 1) from products order by id limit 1) as word`,
    );
    return rows[0] ?? { variants: 0, warehouses: 0, word: null };
  });
  const east = await withClient(options.dataDir, async (client) => {
    const { rows } = await client.query<{ id: number }>("select id from warehouses where upper(code) = $1", [EAST]);
    return rows[0]?.id ?? 1;
  });
  options.say(
    `Inventory: the stock-status query at ${counts.variants.toLocaleString("en")} variants, ${counts.warehouses} warehouses …`,
  );
  const token = await signIn(options.base, options.email, options.password);
  const stock = `${options.api}/admin/inventory/stock`;
  const queries: [string, string][] = [
    ["first page by name", `${stock}?page=1&pageSize=25`],
    ["low stock", `${stock}?state=low&pageSize=25`],
    ["search", `${stock}?q=${encodeURIComponent(counts.word ?? "tee")}&pageSize=25`],
    ["fewest available first", `${stock}?sort=available-asc&pageSize=25`],
    ["one warehouse, page 2", `${stock}?warehouseId=${east}&page=2&pageSize=25`],
  ];
  const timings: StockQueryTiming[] = [];
  for (const [query, url] of queries) {
    const { first, p50Ms, maxMs } = await repeatedGet<{ total?: number }>(url, token, WARM_RUNS);
    const timing = { query, coldMs: first.ms, warmP50Ms: p50Ms, warmMaxMs: maxMs, total: first.body.total ?? 0 };
    options.say(`  ${query}: cold ${timing.coldMs.toFixed(0)} ms, warm p50 ${timing.warmP50Ms.toFixed(0)} ms`);
    timings.push(timing);
  }
  // As found: East inactive (later steps sell from Main as before).
  await withClient(options.dataDir, (client) => secondWarehouse(client, false));
  return {
    placeOrder: {
      oneWarehouse,
      twoWarehouses,
      ratio: oneWarehouse.perSecond > 0 ? twoWarehouses.perSecond / oneWarehouse.perSecond : 0,
    },
    stockStatus: { variants: counts.variants, warehouses: counts.warehouses, timings },
  };
}

export function formatInventory(result: InventoryResult): string {
  const { oneWarehouse: one, twoWarehouses: two, ratio } = result.placeOrder;
  const line = (name: string, op: OperationResult) =>
    `  ${name.padEnd(16)} ${op.perSecond.toFixed(1).padStart(7)} orders/s  p50 ${op.p50.toFixed(1)} ms  p99 ${op.p99.toFixed(1)} ms  (${op.failures} failed)`;
  const rows = result.stockStatus.timings.map(
    (timing) =>
      `  ${timing.query.padEnd(24)} cold ${timing.coldMs.toFixed(0).padStart(5)} ms  warm p50 ${timing.warmP50Ms
        .toFixed(0)
        .padStart(
          5,
        )} ms  max ${timing.warmMaxMs.toFixed(0).padStart(5)} ms  (${timing.total.toLocaleString("en")} rows)`,
  );
  return [
    "Inventory: place order",
    line("one warehouse", one),
    line("two warehouses", two),
    `  two / one: ${ratio.toFixed(2)}`,
    `Inventory: stock status at ${result.stockStatus.variants.toLocaleString("en")} variants, ${result.stockStatus.warehouses} warehouses`,
    ...rows,
  ].join("\n");
}
