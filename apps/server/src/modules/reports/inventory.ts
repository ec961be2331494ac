/**
 * Inventory: stock on hand and its value (at the variant's cost price, and at the retail
 * price), sell-through (sold ÷ (sold + on hand)) and days of cover (on hand ÷ units sold
 * per day in the range), dead stock (in stock, no sale in N days), and the sizes that sell
 * out first per product type (the highest sell-through). Stock is today's; sales come from
 * the roll-ups. Low-stock history comes from the stock ledger (inventory, migration 0012):
 * each time a variant's available units in a warehouse fell to its low-stock threshold
 * or to zero in the range.
 */
import type { ReportAnswer } from "@atelier/contract";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import {
  chartOf,
  column,
  type FilterChoices,
  type Frame,
  figure,
  hasProductFilter,
  includesToday,
  keyed,
  num,
  productFilters,
  TABLE_ROW_LIMIT,
  variantNameOf,
} from "./frame.ts";
import {
  deadStockRows,
  inventoryMetrics,
  isDead,
  productGroups,
  seriesFromTotals,
  sharedTable,
  sizeRows,
  soldSeries,
  stockColumns,
  stockSums,
  stockTableColumns,
  variantFacts,
} from "./inventory-facts.ts";
import { periodOf } from "./range.ts";

export async function inventoryReport(
  db: Db,
  frame: Frame,
  choices: FilterChoices,
  currency: string,
): Promise<Omit<ReportAnswer, "range">> {
  // The totals' parts of a group of variants (summed over every group: the report's totals).
  const totalParts = sql`${frame.compareRange ? sql`sum(sold_before)` : sql`null`}::int as sold_before,
    (count(*) filter (where ${isDead}))::int as dead, (count(*) filter (where cost_price is null))::int as without_cost`;
  // The same parts of one variant (the variant table's rows).
  const rowParts = sql`${frame.compareRange ? sql`sold_before` : sql`null`}::int as sold_before,
    (${isDead})::int as dead, (cost_price is null)::int as without_cost`;
  const totalsOver = (groups: string) =>
    sql`select 'all' as k, ${sql.raw(`sum(on_hand)::int as on_hand,
    sum(cost_value)::bigint as cost_value, sum(retail_value)::bigint as retail_value, sum(sold)::int as sold,
    sum(sold_before)::int as sold_before, sum(dead)::int as dead, sum(without_cost)::int as without_cost`)},
    (select sum(units) from today_sale)::int as today_units, (select sum(net) from today_sale)::bigint as today_net
    from ${sql.raw(groups)}`;
  // The product and variant tables and the totals share one pass over the variants (the
  // range's and the comparison's units sold); the other views ask for the totals apart.
  const shared = frame.view === "product" || frame.view === "variant";
  // The other views' tables run beside the totals and the chart, each on its own connection.
  const [tableRows, totalsOnly, current, previous, viewRows, lowStock] = await Promise.all([
    shared ? keyed(db, sharedTable(frame, totalParts, rowParts, totalsOver)) : Promise.resolve(null),
    shared
      ? Promise.resolve(null)
      : keyed(
          db,
          frame.warehouse === undefined
            ? sql`${productGroups(frame)} ${totalsOver("groups")}`
            : sql`${variantFacts(frame, frame.range, { before: frame.compareRange, detail: false })},
            groups as (select ${stockSums}, ${totalParts} from v)
            ${totalsOver("groups")}`,
        ),
    soldSeries(db, frame, frame.range),
    frame.compareRange ? soldSeries(db, frame, frame.compareRange) : Promise.resolve(null),
    frame.view === "dead-stock"
      ? keyed(db, deadStockRows(frame))
      : frame.view === "sizes"
        ? keyed(db, sizeRows(frame))
        : Promise.resolve(null),
    frame.view === "low-stock" ? lowStockTable(db, frame) : Promise.resolve(null),
  ]);
  const all = (tableRows ?? totalsOnly)?.get("all") ?? {};
  tableRows?.delete("all");
  if (seriesFromTotals(frame) && includesToday(frame, frame.range)) {
    const at = periodOf(frame.today, frame.group);
    const point = current.get(at);
    current.set(at, { units: num(point?.units) + num(all.today_units), net: num(point?.net) + num(all.today_net) });
  }
  const figures = stockColumns(frame)(all);
  const totals = [
    figure("onHand", "Units on hand", "count", figures.onHand, undefined),
    figure("costValue", "Stock value at cost", "money", figures.costValue, undefined),
    figure("retailValue", "Stock value at price", "money", figures.retailValue, undefined),
    figure("sold", "Units sold", "count", figures.sold, frame.compareRange ? num(all.sold_before) : undefined),
    figure("sellThrough", "Sell-through", "percent", figures.sellThrough, undefined),
    figure("dead", `Dead stock (no sale in ${frame.deadDays} days)`, "count", num(all.dead), undefined),
  ];
  const values = (row: Record<string, number | string | null> | undefined) => ({
    units: num(row?.units),
    net: num(row?.net),
  });
  const chart = chartOf(frame, inventoryMetrics, current, previous, values);
  const toCells = stockColumns(frame);
  let table: ReportAnswer["table"];
  if (frame.view === "variant" || frame.view === "dead-stock") {
    const result = tableRows ?? viewRows ?? new Map();
    table = {
      columns: [
        column("name", "Product", "text"),
        column("variant", "Size / color", "text"),
        column("sku", "SKU", "text"),
        ...stockTableColumns,
      ],
      rows: [...result.values()].map((row) => ({
        cells: {
          name: String(row.name_text),
          variant: String(row.variant_text),
          sku: String(row.sku_text),
          ...toCells(row),
        },
        href: `/admin/edit/edit-product/${num(row.product_id)}`,
      })),
    };
  } else if (frame.view === "sizes") {
    const result = viewRows ?? new Map();
    const rank = new Map<string, number>();
    table = {
      columns: [
        column("type", "Product type", "text"),
        column("size", "Size", "text"),
        column("rank", "Sells out (1 = first)", "count"),
        ...stockTableColumns.filter((c) => c.key !== "lastSale" && c.key !== "retailValue"),
      ],
      rows: [...result.values()].map((row) => {
        const type = String(row.type_text);
        const place = (rank.get(type) ?? 0) + 1;
        rank.set(type, place);
        const cells = toCells(row);
        return {
          cells: {
            type,
            size: String(row.size_text),
            rank: place,
            onHand: cells.onHand,
            costValue: cells.costValue,
            sold: cells.sold,
            sellThrough: cells.sellThrough,
            daysOfCover: cells.daysOfCover,
          },
          href: null,
        };
      }),
    };
  } else if (frame.view === "low-stock" && lowStock) {
    table = lowStock;
  } else {
    const result = tableRows ?? new Map();
    table = {
      columns: [column("name", "Product", "text"), ...stockTableColumns],
      rows: [...result.entries()].map(([id, row]) => ({
        cells: { name: String(row.name_text), ...toCells(row) },
        href: `/admin/edit/edit-product/${id}`,
      })),
    };
  }
  const notes = [
    "Stock is as it is now; sales come from orders placed in the range (cancelled and unpaid card orders excluded).",
    "Days of cover = units on hand ÷ units sold per day in the range. Sell-through = sold ÷ (sold + on hand).",
    "Low-stock history: from the stock ledger, per variant and warehouse; the threshold is the variant's, else its product's, else the store's (Inventory settings).",
  ];
  if (num(all.without_cost) > 0) {
    notes.push(`${num(all.without_cost)} variants have no cost price: their stock counts as 0 in the value at cost.`);
  }
  return { report: "inventory", currency, totals, chart, table, filters: choices, notes };
}

/**
 * Low-stock history from the stock ledger: per variant and warehouse, how often in the
 * range its available units (on hand − reserved) fell to the low-stock threshold or to
 * zero, when it last did, the lowest level and where it is now. Each ledger row carries
 * the level after it and its change, so the level before it needs no window.
 */
async function lowStockTable(db: Db, frame: Frame): Promise<ReportAnswer["table"]> {
  const start = sql`(${frame.range.from}::date::timestamp at time zone ${frame.timeZone})`;
  const end = sql`((${frame.range.to}::date + 1)::timestamp at time zone ${frame.timeZone})`;
  // The variants (and products, categories) only for a product filter; the names only for the shown rows.
  const productJoins = hasProductFilter({ ...frame, warehouse: undefined })
    ? sql`join product_variants pv on pv.id = l.variant_id join products p on p.id = pv.product_id
      left join sub_sub_categories ssc on ssc.id = p.sub_sub_category_id
      left join sub_categories sc on sc.id = ssc.sub_category_id`
    : sql``;
  const result = await db.execute<Record<string, string | number | null>>(sql`
    with limits as (
      -- The variants with a threshold of their own or their product's (few); the rest use the store's.
      select variant_id, threshold from stock_thresholds where variant_id is not null
      union all
      select pv.id, t.threshold from stock_thresholds t join product_variants pv on pv.product_id = t.product_id
      where not exists (select from stock_thresholds tv where tv.variant_id = pv.id)),
    moves as (
      select l.variant_id, l.warehouse_id, l.created_at,
        l.on_hand_after - l.reserved_after as level_after,
        (l.on_hand_after - l.quantity) - (l.reserved_after - l.reserved_change) as level_before,
        coalesce(lt.threshold, (select low_stock_default from inventory_settings where id = 1), 5) as threshold
      from stock_ledger l
      ${productJoins}
      left join limits lt on lt.variant_id = l.variant_id
      where l.created_at >= ${start} and l.created_at < ${end} and ${productFilters(frame)}
        and ${frame.warehouse === undefined ? sql`true` : sql`l.warehouse_id = ${frame.warehouse}`}),
    hist as (
      select variant_id, warehouse_id, max(threshold)::int as threshold,
        (count(*) filter (where level_after <= threshold and level_before > threshold))::int as went_low,
        (count(*) filter (where level_after <= 0 and level_before > 0))::int as sold_out,
        max(created_at) filter (where level_after <= threshold and level_before > threshold) as last_low,
        min(level_after)::int as lowest
      from moves group by 1, 2
      having count(*) filter (where level_after <= threshold) > 0),
    -- The first rows by a top-N sort (ties by variant and warehouse), named after the cut.
    top as materialized (
      select * from hist
      order by went_low desc, sold_out desc, last_low desc nulls last, lowest, variant_id, warehouse_id
      limit ${TABLE_ROW_LIMIT})
    select top.*, (top.last_low at time zone ${frame.timeZone})::date::text as last_low_day,
      p.id as product_id, p.name, ${variantNameOf(sql`top.variant_id`)} as variant, pv.sku, w.name as warehouse,
      coalesce(sl.on_hand - sl.reserved, 0)::int as available_now
    from top join product_variants pv on pv.id = top.variant_id join products p on p.id = pv.product_id
    join warehouses w on w.id = top.warehouse_id
    left join stock_levels sl on sl.variant_id = top.variant_id and sl.warehouse_id = top.warehouse_id
    order by top.went_low desc, top.sold_out desc, top.last_low desc nulls last, top.lowest, p.name, top.variant_id`);
  return {
    columns: [
      column("name", "Product", "text"),
      column("variant", "Size / color", "text"),
      column("sku", "SKU", "text"),
      column("warehouse", "Warehouse", "text"),
      column("threshold", "Low at", "count"),
      column("wentLow", "Times it went low", "count"),
      column("soldOut", "Times it sold out", "count"),
      column("lastLow", "Last went low", "date"),
      column("lowest", "Lowest", "count"),
      column("now", "Available now", "count"),
    ],
    rows: result.rows.map((row) => ({
      cells: {
        name: String(row.name),
        variant: String(row.variant),
        sku: String(row.sku),
        warehouse: String(row.warehouse),
        threshold: num(row.threshold),
        wentLow: num(row.went_low),
        soldOut: num(row.sold_out),
        lastLow: row.last_low_day === null ? null : String(row.last_low_day),
        lowest: num(row.lowest),
        now: num(row.available_now),
      },
      href: `/admin/edit/edit-product/${num(row.product_id)}`,
    })),
  };
}
