/**
 * Inventory: stock on hand and its value (at the variant's cost price, and at the retail
 * price), sell-through (sold ÷ (sold + on hand)) and days of cover (on hand ÷ units sold
 * per day in the range), dead stock (in stock, no sale in N days), and the sizes that sell
 * out first per product type (the highest sell-through). Stock is today's; sales come from
 * the roll-ups. Low-stock history comes from the stock ledger (inventory, migration 0012):
 * each time a variant's available units in a warehouse fell to its low-stock threshold
 * or to zero in the range.
 */
import type { ReportAnswer, ReportColumn } from "@atelier/contract";
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { countedOrder, placedOnDays } from "./facts.ts";
import {
  chartOf,
  column,
  dailyLines,
  type FilterChoices,
  type Frame,
  figure,
  hasProductFilter,
  includesToday,
  keyed,
  lineFilters,
  num,
  periodExpr,
  productFilters,
  type Range,
  ratio,
  TABLE_ROW_LIMIT,
  variantNameOf,
  warehouseFilter,
} from "./frame.ts";
import { addDays, daysBetween, periodOf } from "./range.ts";

const inventoryMetrics: ReportColumn[] = [column("units", "Units sold", "count"), column("net", "Net sales", "money")];

/**
 * Per existing variant: stock (available now: on hand − reserved; in one warehouse with
 * the warehouse filter), cost, price, units sold in the range, and whether it sold since
 * `soldSince` (dead stock is stock that did not). No "last sale ever" here: that is one
 * index probe per variant, done only for the rows a table shows (`lastSale`).
 *
 * Past days come from the variants' running totals (`report_variant_sales`, ADR 0014,
 * 2026-11-26): sold in [a, b] = units through b − units through a − 1, a binary search in
 * each variant's row. With the warehouse filter (the totals sum every warehouse) they are
 * summed from `report_daily_lines`. Today is live either way (`today_sale`).
 */
function variantFacts(frame: Frame, range: Range, options: { before?: Range | null; detail?: boolean } = {}): SQL {
  const { before = null, detail = true } = options;
  const stock =
    frame.warehouse === undefined
      ? sql`pv.stock`
      : sql`coalesce((select sl.on_hand - sl.reserved from stock_levels sl
          where sl.variant_id = pv.id and sl.warehouse_id = ${frame.warehouse}), 0)`;
  const soldSince = addDays(frame.today, -frame.deadDays);
  const todaySale = todaySaleOf(frame);
  // Sizes, colors and types only for the tables that show them (every variant has them).
  const variants = (sold: (range: Range) => SQL, recent: SQL, joins: SQL) => sql`
      select pv.id, pv.product_id, pv.sku, ${stock} as stock, pv.cost_price, p.price, p.name as product_name,
        ${detail ? sql`sz.name as size_name, sz.sort_order as size_order, cl.name as color_name, pt.id as type_id, pt.name as type_name,` : sql``}
        ${sold(range)} as sold, ${before ? sql`${sold(before)} as sold_before,` : sql``} ${recent} as sold_recently
      from product_variants pv join products p on p.id = pv.product_id
      ${
        detail
          ? sql`join sizes sz on sz.id = pv.size_id join colors cl on cl.id = pv.color_id
      join product_types pt on pt.id = p.product_type_id`
          : sql``
      }
      ${
        hasProductFilter({ ...frame, warehouse: undefined })
          ? sql`left join sub_sub_categories ssc on ssc.id = p.sub_sub_category_id
      left join sub_categories sc on sc.id = ssc.sub_category_id`
          : sql``
      }
      ${joins}
      where ${productFilters(frame)}`;
  if (frame.warehouse !== undefined) {
    const soldIn = (name: string, of: Range) => sql`${sql.raw(name)} as (
        select x.variant_id, sum(x.units)::int as units from ${dailyLines(frame, of)} x
        where x.variant_id is not null and ${warehouseFilter(frame)} group by 1)`;
    return sql`with ${soldIn("sold", range)}, ${before ? sql`${soldIn("sold_before", before)},` : sql``}
      recent as (
        select distinct x.variant_id from ${dailyLines(frame, { from: soldSince, to: frame.today })} x
        where x.variant_id is not null and ${warehouseFilter(frame)}),
      ${todaySale},
      v as (${variants(
        (of) => (of === range ? sql`coalesce(s.units, 0)` : sql`coalesce(sb.units, 0)`),
        sql`(r.variant_id is not null)`,
        sql`left join sold s on s.variant_id = pv.id left join recent r on r.variant_id = pv.id
          ${before ? sql`left join sold_before sb on sb.variant_id = pv.id` : sql``}`,
      )})`;
  }
  const sold = soldFromTotals(frame);
  return sql`with ${todaySale},
    ${todayVariant},
    v as (${variants(
      sold,
      soldRecently(frame),
      sql`left join report_variant_sales s on s.variant_id = pv.id left join today_variant t on t.variant_id = pv.id`,
    )})`;
}

/**
 * Today's sales per variant and product, live, once per report (the variants' and products'
 * sold today, last sale, and the chart's today): without the warehouse filter, straight from
 * today's order lines (a line's parts by warehouse add up to the line: facts.ts' `lineFacts`);
 * with it, from the lines' parts in that warehouse.
 */
function todaySaleOf(frame: Frame): SQL {
  if (frame.warehouse !== undefined) {
    return sql`today_sale as materialized (
      select x.variant_id, x.product_id, sum(x.units)::int as units,
        sum(x.gross - x.discount - x.returns)::bigint as net
      from ${dailyLines(frame, { from: frame.today, to: frame.today })} x
      where ${warehouseFilter(frame)} group by 1, 2)`;
  }
  return sql`today_sale as materialized (
      select l.variant_id, l.product_id, sum(l.quantity)::int as units,
        sum(l.total_price - l.discount
          - round(l.returned_quantity::numeric * (l.total_price - l.discount) / l.quantity))::bigint as net
      from order_lines l join buying_history h on h.id = l.history_id
      where ${countedOrder("h")} and ${placedOnDays(frame.timeZone, [frame.today])}
      group by 1, 2)`;
}

const todayVariant = sql`today_variant as (
  select variant_id, sum(units)::int as units from today_sale where variant_id is not null group by 1)`;

/**
 * Whether a variant (its running totals `s`, today's sales `t`) sold on a day from
 * today − deadDays through today: its last roll-up day before today is on or after that
 * day (the roll-up may already hold today: then the day before its last), or it sold today.
 * Only `last_day` and `previous_day`: over every variant, an index-only scan (migration 0027).
 */
function soldRecently(frame: Frame): SQL {
  const since = addDays(frame.today, -frame.deadDays);
  return sql`(coalesce(case when s.last_day < ${frame.today}::date then s.last_day >= ${since}::date
      else s.previous_day >= ${since}::date end, false) or t.variant_id is not null)`;
}

/**
 * Units through a day, from running totals `s` (report_variant_sales or
 * report_product_sales; 0 before the first day): sold in [a, b] = through b − through a − 1,
 * a binary search in the row's days. Today is live (`t`, today's sales of the same key).
 */
function soldFromTotals(frame: Frame) {
  const through = (day: string) => sql`coalesce(s.units[width_bucket(${day}::date, s.days)], 0)`;
  const yesterday = addDays(frame.today, -1);
  return (of: Range) => {
    const last = of.to < frame.today ? of.to : yesterday;
    const past = of.from <= last ? sql`${through(last)} - ${through(addDays(of.from, -1))}` : sql`0`;
    const todaySold = includesToday(frame, of) ? sql`coalesce(t.units, 0)` : sql`0`;
    return sql`(${past} + ${todaySold})::int`;
  };
}

/**
 * Without the warehouse filter: per product (of the product filters), its stock (available
 * now), its value at cost and at price, its variants in dead stock and without a cost price
 * (one pass over the variants, no arrays but a variant's last sale day), and its units sold
 * in the range and the comparison from the products' running totals; ranked as the
 * product table shows them (`place`). The CTEs `today_sale` and `groups`.
 */
function productGroups(frame: Frame): SQL {
  const sold = soldFromTotals(frame);
  const before = frame.compareRange;
  return sql`with ${todaySaleOf(frame)},
    ${todayVariant},
    today_product as (select product_id, sum(units)::int as units from today_sale where variant_id is not null group by 1),
    stock as (
      select pv.product_id, sum(pv.stock)::int as on_hand, sum(pv.stock * coalesce(pv.cost_price, 0))::bigint as cost_value,
        (count(*) filter (where pv.stock > 0 and not ${soldRecently(frame)}))::int as dead,
        (count(*) filter (where pv.cost_price is null))::int as without_cost
      from product_variants pv left join report_variant_sales s on s.variant_id = pv.id
      left join today_variant t on t.variant_id = pv.id
      group by pv.product_id),
    groups as (
      select st.product_id, p.name as name_text, st.on_hand, st.cost_value, (st.on_hand::bigint * p.price)::bigint as retail_value,
        ${sold(frame.range)} as sold, ${before ? sold(before) : sql`null::int`} as sold_before, st.dead, st.without_cost,
        row_number() over (order by ${sold(frame.range)} desc, st.on_hand desc, p.name, st.product_id) as place
      from stock st join products p on p.id = st.product_id
      ${
        hasProductFilter(frame)
          ? sql`left join sub_sub_categories ssc on ssc.id = p.sub_sub_category_id
      left join sub_categories sc on sc.id = ssc.sub_category_id`
          : sql``
      }
      left join report_product_sales s on s.product_id = p.id left join today_product t on t.product_id = p.id
      where ${productFilters(frame)})`;
}

/**
 * The last day a variant or product sold (after `variantFacts`): today if it sold today
 * (a hashed look-up in today's lines), else one backward probe of the roll-up's (variant,
 * day) or (product, day) index.
 */
function lastSale(frame: Frame, of: "variant" | "product", id: SQL): SQL {
  const key = sql.raw(`${of}_id`);
  return sql`coalesce(
    case when ${id} in (select ts.${key} from today_sale ts) then ${frame.today}::date end,
    (select max(r.day) from report_daily_lines r where r.${key} = ${id} and ${warehouseFilter(frame, "r")}))`;
}

const stockSums = sql.raw(`sum(stock)::int as on_hand, sum(stock * coalesce(cost_price, 0))::bigint as cost_value,
  sum(stock * price)::bigint as retail_value, sum(sold)::int as sold`);

function stockColumns(frame: Frame) {
  const days = Math.max(1, daysBetween(frame.range.from, frame.range.to < frame.today ? frame.range.to : frame.today));
  return (row: Record<string, number | string | null>) => {
    const onHand = num(row.on_hand);
    const sold = num(row.sold);
    return {
      onHand,
      costValue: num(row.cost_value),
      retailValue: num(row.retail_value),
      sold,
      sellThrough: ratio(sold, sold + onHand),
      daysOfCover: sold === 0 ? null : Math.round((onHand / (sold / days)) * 10) / 10,
      lastSale: row.last_sale_text === null ? null : String(row.last_sale_text),
    };
  };
}

const stockTableColumns: ReportColumn[] = [
  column("onHand", "On hand", "count"),
  column("costValue", "Value at cost", "money"),
  column("retailValue", "Value at price", "money"),
  column("sold", "Sold in range", "count"),
  column("sellThrough", "Sell-through", "percent"),
  column("daysOfCover", "Days of cover", "days"),
  column("lastSale", "Last sale", "date"),
];

/** Whether the chart reads the day totals; then today's point comes from `today_sale` (the totals' row). */
const seriesFromTotals = (frame: Frame) => !hasProductFilter({ ...frame, warehouse: undefined });

async function soldSeries(db: Db, frame: Frame, range: Range) {
  if (seriesFromTotals(frame)) {
    // No product filter: the day totals (per warehouse) before today; today is added from the totals' row.
    return keyed(
      db,
      sql`select ${periodExpr(frame, "x.day")} as k, sum(x.units)::int as units,
          sum(x.gross - x.discount - x.returns)::bigint as net
        from report_daily_line_totals x
        where x.day between ${range.from}::date and ${range.to}::date and x.day < ${frame.today}::date
          and ${warehouseFilter(frame)}
        group by 1`,
    );
  }
  return keyed(
    db,
    sql`select ${periodExpr(frame, "x.day")} as k, sum(x.units)::int as units,
        sum(x.gross - x.discount - x.returns)::bigint as net
      from ${dailyLines(frame, range)} x
      left join products p on p.id = x.product_id
      left join sub_sub_categories ssc on ssc.id = p.sub_sub_category_id
      left join sub_categories sc on sc.id = ssc.sub_category_id
      where ${lineFilters(frame)} and ${productFilters(frame)} group by 1`,
  );
}

/**
 * The product or variant table (the first TABLE_ROW_LIMIT by units sold) and, as its row `all`, the
 * report's totals: one pass over the variants for both.
 */
function sharedTable(frame: Frame, totalParts: SQL, rowParts: SQL, totalsOver: (groups: string) => SQL): SQL {
  const facts = () => variantFacts(frame, frame.range, { before: frame.compareRange, detail: false });
  const totals = sql.raw(
    "null::int as place, null as last_sale_text, sold_before, dead, without_cost, today_units, today_net from totals",
  );
  if (frame.view === "variant") {
    // A variant is one row of v: no grouping; only the shown rows are ranked (a top-N sort) and named.
    return sql`${facts()},
      groups as (
        select id, product_id, product_name as name_text, sku as sku_text, stock as on_hand, (stock * coalesce(cost_price, 0))::bigint as cost_value, (stock * price)::bigint as retail_value,
          sold, ${rowParts}
        from v),
      totals as (${totalsOver("groups")}),
      shown as (
        select *, row_number() over (order by sold desc, on_hand desc, name_text, id) as place from (
          select * from groups order by sold desc, on_hand desc, name_text, id limit ${TABLE_ROW_LIMIT}) top)
      select k, null::int as id, null::int as product_id, null as name_text, null as sku_text, null as variant_text,
        on_hand, cost_value, retail_value, sold, ${totals}
      union all
      select shown.id::text, shown.id, shown.product_id, shown.name_text, shown.sku_text,
        ${variantNameOf(sql`shown.id`)},
        shown.on_hand, shown.cost_value, shown.retail_value, shown.sold, shown.place,
        ${lastSale(frame, "variant", sql`shown.id`)}::text, null, null, null, null, null
      from shown order by place nulls first`;
  }
  // Without the warehouse filter, from the products' running totals (productGroups).
  const groups =
    frame.warehouse === undefined
      ? productGroups(frame)
      : sql`${facts()},
    groups as (
      select product_id, max(product_name) as name_text, ${stockSums}, ${totalParts},
        row_number() over (order by sum(sold) desc, sum(stock) desc, max(product_name), product_id) as place
      from v group by product_id)`;
  return sql`${groups},
    totals as (${totalsOver("groups")}),
    shown as (select * from groups order by place limit ${TABLE_ROW_LIMIT})
    select k, null as name_text, on_hand, cost_value, retail_value, sold, ${totals}
    union all
    select shown.product_id::text, shown.name_text, shown.on_hand, shown.cost_value, shown.retail_value, shown.sold,
      shown.place, ${lastSale(frame, "product", sql`shown.product_id`)}::text, null, null, null, null, null
    from shown order by place nulls first`;
}

/** Over `v` (variantFacts): in stock and no sale in the last N days. */
const isDead = sql`stock > 0 and not sold_recently`;

/** The dead-stock table: a variant is one row of v, the dead ones ranked by a top-N sort, only the shown ones named. */
function deadStockRows(frame: Frame): SQL {
  return sql`${variantFacts(frame, frame.range, { detail: false })},
    -- Materialised: with the limit right on v, the planner walks variants in stock value
    -- order into nested loops over today's sales (which it guesses at 40 rows).
    dead as materialized (
      select id, product_id, product_name as name_text, sku as sku_text, stock as on_hand,
        (stock * coalesce(cost_price, 0))::bigint as cost_value, (stock * price)::bigint as retail_value, sold
      from v where ${isDead}),
    top as (select * from dead order by cost_value desc, on_hand desc, name_text, id limit ${TABLE_ROW_LIMIT}),
    shown as (select *, row_number() over (order by cost_value desc, on_hand desc, name_text, id) as place from top)
    select shown.id::text as k, shown.*,
      ${variantNameOf(sql`shown.id`)} as variant_text,
      ${lastSale(frame, "variant", sql`shown.id`)}::text as last_sale_text
    from shown order by place`;
}

/** The sizes table: per product type and size, stock and units sold, the best sell-through first. */
function sizeRows(frame: Frame): SQL {
  return sql`${variantFacts(frame, frame.range)}
    select type_id || '|' || size_name as k, max(type_name) as type_text, size_name as size_text,
      min(size_order) as size_order, ${stockSums}
    from v group by type_id, size_name
    order by max(type_name), (sum(sold)::float / nullif(sum(sold) + sum(stock), 0)) desc nulls last, min(size_order)`;
}

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
