/** The inventory report's SQL parts: sold units per variant (live today, from the running totals before), stock columns and sums, dead stock and sizes. */
import type { ReportColumn } from "@atelier/contract";
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { countedOrder, placedOnDays } from "./facts.ts";
import {
  column,
  dailyLines,
  type Frame,
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
import { addDays, daysBetween } from "./range.ts";

export const inventoryMetrics: ReportColumn[] = [
  column("units", "Units sold", "count"),
  column("net", "Net sales", "money"),
];

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
export function variantFacts(
  frame: Frame,
  range: Range,
  options: { before?: Range | null; detail?: boolean } = {},
): SQL {
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
export function productGroups(frame: Frame): SQL {
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
export function lastSale(frame: Frame, of: "variant" | "product", id: SQL): SQL {
  const key = sql.raw(`${of}_id`);
  return sql`coalesce(
    case when ${id} in (select ts.${key} from today_sale ts) then ${frame.today}::date end,
    (select max(r.day) from report_daily_lines r where r.${key} = ${id} and ${warehouseFilter(frame, "r")}))`;
}

export const stockSums =
  sql.raw(`sum(stock)::int as on_hand, sum(stock * coalesce(cost_price, 0))::bigint as cost_value,
  sum(stock * price)::bigint as retail_value, sum(sold)::int as sold`);

export function stockColumns(frame: Frame) {
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

export const stockTableColumns: ReportColumn[] = [
  column("onHand", "On hand", "count"),
  column("costValue", "Value at cost", "money"),
  column("retailValue", "Value at price", "money"),
  column("sold", "Sold in range", "count"),
  column("sellThrough", "Sell-through", "percent"),
  column("daysOfCover", "Days of cover", "days"),
  column("lastSale", "Last sale", "date"),
];

/** Whether the chart reads the day totals; then today's point comes from `today_sale` (the totals' row). */
export const seriesFromTotals = (frame: Frame) => !hasProductFilter({ ...frame, warehouse: undefined });

export async function soldSeries(db: Db, frame: Frame, range: Range) {
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
export function sharedTable(frame: Frame, totalParts: SQL, rowParts: SQL, totalsOver: (groups: string) => SQL): SQL {
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
export const isDead = sql`stock > 0 and not sold_recently`;

/** The dead-stock table: a variant is one row of v, the dead ones ranked by a top-N sort, only the shown ones named. */
export function deadStockRows(frame: Frame): SQL {
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
export function sizeRows(frame: Frame): SQL {
  return sql`${variantFacts(frame, frame.range)}
    select type_id || '|' || size_name as k, max(type_name) as type_text, size_name as size_text,
      min(size_order) as size_order, ${stockSums}
    from v group by type_id, size_name
    order by max(type_name), (sum(sold)::float / nullif(sum(sold) + sum(stock), 0)) desc nulls last, min(size_order)`;
}
