/**
 * Sales: orders, units, gross, discounts, returns, net, delivery, tax, total and average
 * order value over time, by product, variant, category, series, type, collab, coupon,
 * payment method, zone and warehouse; payments from the ledger; top and bottom sellers;
 * the views → cart → order funnel.
 *
 * net = gross − discounts − returns (returned units at the price paid); AOV = (gross −
 * discounts) ÷ orders. With a product filter (category, series, type, collab) or a
 * warehouse filter the figures come from order lines, and order-level ones (orders, delivery, tax, total, AOV) are left out.
 */
import type { ReportAnswer, ReportColumn, ReportFigure, ReportRow } from "@atelier/contract";
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { lineFacts, placedOnDays, runningTotalMeasures } from "./facts.ts";
import {
  chartOf,
  column,
  dailyLines,
  dailyOrders,
  delta,
  type FilterChoices,
  type Frame,
  figure,
  hasProductFilter,
  includesToday,
  keyed,
  lineFilters,
  num,
  orderFilters,
  paymentMethodLabel,
  periodExpr,
  productFilters,
  productJoin,
  type Range,
  ratio,
  sumRows,
  TABLE_ROW_LIMIT,
  variantNameOf,
} from "./frame.ts";
import { addDays } from "./range.ts";

type Sums = Record<string, number | string | null>;

const orderSums = sql.raw(`sum(o.orders)::int as orders, sum(o.units)::int as units, sum(o.gross)::bigint as gross,
  sum(o.discount)::bigint as discount, sum(o.returns)::bigint as returns, sum(o.delivery)::bigint as delivery,
  sum(o.tax)::bigint as tax, sum(o.total)::bigint as total, sum(o.refunded)::bigint as refunded`);
const lineSums = sql.raw(`sum(x.orders)::int as orders, sum(x.units)::int as units, sum(x.gross)::bigint as gross,
  sum(x.discount)::bigint as discount, sum(x.returns)::bigint as returns`);

export const salesMetrics: ReportColumn[] = [
  column("orders", "Orders", "count"),
  column("units", "Units", "count"),
  column("gross", "Gross sales", "money"),
  column("discounts", "Discounts", "money"),
  column("returns", "Returns", "money"),
  column("net", "Net sales", "money"),
  column("delivery", "Delivery", "money"),
  column("tax", "Tax", "money"),
  column("total", "Total sales", "money"),
  column("aov", "Average order value", "money"),
];

export interface SalesFigures {
  [key: string]: number | null;
  orders: number | null;
  units: number;
  gross: number;
  discounts: number;
  returns: number;
  net: number;
  delivery: number | null;
  tax: number | null;
  total: number | null;
  aov: number | null;
}

export function salesFigures(s: Sums | undefined, byLines: boolean): SalesFigures {
  const gross = num(s?.gross);
  const discounts = num(s?.discount);
  const returns = num(s?.returns);
  const orders = num(s?.orders);
  return {
    orders: byLines ? null : orders,
    units: num(s?.units),
    gross,
    discounts,
    returns,
    net: gross - discounts - returns,
    delivery: byLines ? null : num(s?.delivery),
    tax: byLines ? null : num(s?.tax),
    total: byLines ? null : num(s?.total),
    aov: byLines || orders === 0 ? null : Math.round((gross - discounts) / orders),
  };
}

/** Sums over a range grouped by `key` (an SQL expression over `o` or `x`). */
function salesSums(db: Db, frame: Frame, range: Range, key: SQL) {
  if (hasProductFilter(frame)) {
    return keyed(
      db,
      sql`select ${key} as k, ${lineSums} from ${dailyLines(frame, range)} x ${productJoin}
        where ${lineFilters(frame)} and ${productFilters(frame)} group by 1`,
    );
  }
  return keyed(
    db,
    sql`select ${key} as k, ${orderSums} from ${dailyOrders(frame, range)} o where ${orderFilters(frame)} group by 1`,
  );
}

export async function salesTotals(db: Db, frame: Frame, range: Range) {
  const sums = await salesSums(db, frame, range, sql`'all'`);
  return salesFigures(sums.get("all"), hasProductFilter(frame));
}

/**
 * The chart (one point per period, the comparison's point at the same position) and the
 * range's and the comparison's totals: their periods' sums added up.
 */
async function salesChart(db: Db, frame: Frame) {
  const byLines = hasProductFilter(frame);
  const period = periodExpr(frame, hasProductFilter(frame) ? "x.day" : "o.day");
  const [current, previous] = await Promise.all([
    salesSums(db, frame, frame.range, period),
    frame.compareRange ? salesSums(db, frame, frame.compareRange, period) : Promise.resolve(null),
  ]);
  const metrics = salesMetrics.filter((metric) => !byLines || salesFigures(undefined, true)[metric.key] !== null);
  return {
    chart: chartOf(frame, metrics, current, previous, (row) => salesFigures(row, byLines)),
    current: salesFigures(sumRows(current), byLines),
    previous: previous ? salesFigures(sumRows(previous), byLines) : null,
  };
}

/**
 * Whether a roll-up that sums every line of every order can stand for the daily line rows:
 * not with a payment method or zone filter; the running totals (product, variant) not with a
 * warehouse filter either (product filters still apply to them); the day totals per
 * warehouse not with a product filter.
 */
const totalsServe = (frame: Frame, of: "product" | "variant" | "warehouse") =>
  frame.paymentMethod === undefined &&
  frame.zone === undefined &&
  (of === "warehouse" ? !hasProductFilter({ ...frame, warehouse: undefined }) : frame.warehouse === undefined);

const measures = sql.raw(runningTotalMeasures.join(", "));

/**
 * A range's line rows as the product-based and warehouse views sum them (alias x:
 * product_id, variant_id, product_name, variant_label, warehouse_id and the five measures).
 * From the roll-ups where they serve (ADR 0014, fifth 2026-11-26 section): for products or
 * variants, one row per product or variant that sold on a past day of the range from its
 * running totals (through its last past day − through the day before its first: two binary
 * searches in the row) and the past lines of deleted variants and products (not in the
 * totals) from the daily roll-up; for warehouses, the past days' totals per warehouse; and
 * today's lines live. Summed per product, variant, category, series, type, collab or
 * warehouse, they give what the daily rows give; otherwise the daily rows themselves.
 */
function productLines(frame: Frame, range: Range, of: "product" | "variant" | "warehouse"): SQL {
  if (!totalsServe(frame, of)) return dailyLines(frame, range);
  const last = range.to < frame.today ? range.to : addDays(frame.today, -1);
  const parts: SQL[] = [];
  if (range.from <= last && of === "warehouse") {
    parts.push(sql`select null::int as product_id, null::int as variant_id, null as product_name, null as variant_label,
        warehouse_id, ${measures}
      from report_daily_line_totals where day between ${range.from}::date and ${last}::date`);
  } else if (range.from <= last) {
    const sums = sql.raw(
      runningTotalMeasures.map((m) => `coalesce(s.${m}[b.hi], 0) - coalesce(s.${m}[b.lo], 0) as ${m}`).join(", "),
    );
    const buckets = sql`cross join lateral (
        select width_bucket(${last}::date, s.days) as hi, width_bucket(${addDays(range.from, -1)}::date, s.days) as lo) b`;
    parts.push(
      of === "product"
        ? sql`select s.product_id, null::int as variant_id, '(deleted)' as product_name, null as variant_label,
            null::int as warehouse_id, ${sums}
          from report_product_sales s ${buckets} where b.hi > b.lo`
        : // No label: the variant dimension names only the rows it shows (`shownLabel`); the
          // product only for a product filter (a join of every variant otherwise).
          hasProductFilter(frame)
          ? sql`select pv.product_id, s.variant_id, '(deleted)' as product_name, null as variant_label,
            null::int as warehouse_id, ${sums}
          from report_variant_sales s ${buckets} left join product_variants pv on pv.id = s.variant_id
          where b.hi > b.lo`
          : sql`select null::int as product_id, s.variant_id, '(deleted)' as product_name, null as variant_label,
            null::int as warehouse_id, ${sums}
          from report_variant_sales s ${buckets} where b.hi > b.lo`,
      sql`select product_id, variant_id, product_name, variant_label, warehouse_id, ${measures}
        from report_daily_lines
        where variant_id is null and day between ${range.from}::date and ${last}::date`,
    );
  }
  if (includesToday(frame, range)) {
    parts.push(sql`select product_id, variant_id, product_name, variant_label, warehouse_id, ${measures}
      from (${lineFacts(frame.timeZone, placedOnDays(frame.timeZone, [frame.today]))}) today`);
  }
  if (parts.length === 0) {
    return sql`(select null::int as product_id, null::int as variant_id, null as product_name, null as variant_label,
      null::int as warehouse_id, 0 as units, 0 as orders, 0 as gross, 0 as discount, 0 as returns where false)`;
  }
  return sql`(${sql.join(parts, sql` union all `)})`;
}

interface Dimension {
  /** The key and label, over the daily rows `x` (lines) or `o` (orders). */
  key: SQL;
  label: SQL;
  /** What the rows are grouped by, when not the key itself (expressions the key is made of). */
  groupBy?: SQL;
  /** Joins only this dimension needs. */
  joins?: SQL;
  source: "lines" | "orders";
  /**
   * The label of a shown row (alias r: k, label_text and the columns `key`'s query adds),
   * computed after the ranking for the shown rows only; none: label_text.
   */
  shownLabel?: SQL;
  /** The roll-up that can stand for its lines (`productLines`); none: the daily rows. */
  totals?: "product" | "variant" | "warehouse";
  title: string;
  /** What its rows are, in a note ("the 500 products with the most net sales"). */
  plural: string;
  href?: (key: string) => string | null;
}

const dimensions: Record<string, Dimension> = {
  product: {
    source: "lines",
    totals: "product",
    key: sql`coalesce(x.product_id::text, 'deleted:' || x.product_name)`,
    label: sql`max(coalesce(p.name, x.product_name))`,
    title: "Product",
    plural: "products",
    href: (key) => (/^\d+$/.test(key) ? `/admin/edit/edit-product/${key}` : null),
  },
  variant: {
    source: "lines",
    totals: "variant",
    // Grouped by the variant's id (a deleted one's lines by their label): hashing an integer
    // per row, not a text built per row, over a catalogue's 100,000 variants.
    key: sql`coalesce(x.variant_id::text, 'deleted:' || (case when x.variant_id is null then x.product_name || ' ' || x.variant_label end))`,
    groupBy: sql`x.variant_id, (case when x.variant_id is null then x.product_name || ' ' || x.variant_label end)`,
    // A variant's name now (`shownLabel`); a deleted one's as it was ordered (its lines' label).
    label: sql`max(x.product_name || ' — ' || x.variant_label) filter (where x.variant_id is null)`,
    shownLabel: sql`coalesce((select p.name from product_variants pv join products p on p.id = pv.product_id
      where pv.id = r.variant_id) || ' — ' || ${variantNameOf(sql`r.variant_id`)}, r.label_text, '(deleted)')`,
    title: "Variant (size / color)",
    plural: "variants",
  },
  category: {
    source: "lines",
    totals: "product",
    key: sql`coalesce(sc.category_id::text, 'none')`,
    label: sql`coalesce(max(c.name), '(no category: deleted product)')`,
    title: "Category",
    plural: "categories",
  },
  series: {
    source: "lines",
    totals: "product",
    key: sql`coalesce(p.series_id::text, 'none')`,
    label: sql`coalesce(max(s.name), '(no series)')`,
    title: "Series",
    plural: "series",
  },
  type: {
    source: "lines",
    totals: "product",
    key: sql`coalesce(p.product_type_id::text, 'none')`,
    label: sql`coalesce(max(t.name), '(no type: deleted product)')`,
    title: "Product type",
    plural: "product types",
  },
  collab: {
    source: "lines",
    totals: "product",
    // A product of two collaborators counts for each of them.
    joins: sql`left join collaborator_product_ids cp on cp.product_id = x.product_id
      left join collaborators co on co.id = cp.collaborator_id`,
    key: sql`coalesce(cp.collaborator_id::text, 'none')`,
    label: sql`coalesce(max(co.name), '(no collab)')`,
    title: "Collab",
    plural: "collabs",
  },
  warehouse: {
    source: "lines",
    totals: "warehouse",
    joins: sql`left join warehouses w on w.id = x.warehouse_id`,
    key: sql`coalesce(x.warehouse_id::text, 'none')`,
    label: sql`coalesce(max(w.name), '(not allocated)')`,
    title: "Warehouse",
    plural: "warehouses",
  },
  coupon: {
    source: "orders",
    key: sql`coalesce(o.coupon_code, '')`,
    label: sql`coalesce(max(o.coupon_code), '(no coupon)')`,
    title: "Coupon",
    plural: "coupons",
  },
  "payment-method": {
    source: "orders",
    key: sql`o.payment_method`,
    label: sql`max(o.payment_method)`,
    title: "Payment method",
    plural: "payment methods",
  },
  zone: {
    source: "orders",
    key: sql`coalesce(o.zone_id::text, o.zone_name)`,
    label: sql`max(o.zone_name)`,
    title: "Delivery zone",
    plural: "delivery zones",
  },
};

const nameJoins = sql.raw(`left join categories c on c.id = sc.category_id
  left join series s on s.id = p.series_id left join product_types t on t.id = p.product_type_id`);

/** Sums over the rows of the report's range (`cur`) of alias `a`, and their net in the comparison. */
function rangeSums(alias: "x" | "o"): SQL {
  const measures = ["orders:int", "units:int", "gross", "discount", "returns"];
  if (alias === "o") measures.push("delivery", "tax", "total", "refunded");
  const sums = measures.map((measure) => {
    const [name, type = "bigint"] = measure.split(":");
    return `sum(${alias}.${name}) filter (where ${alias}.cur)::${type} as ${name}`;
  });
  sums.push(
    `coalesce(sum(${alias}.gross - ${alias}.discount - ${alias}.returns) filter (where not ${alias}.cur), 0)::bigint as previous_net`,
  );
  return sql.raw(sums.join(", "));
}

/**
 * A dimension's rows: k, label_text, the sums in the range and the net in the comparison
 * (null: none, order-level rows under a product filter). One grouping over both ranges'
 * rows (each marked `cur` or not), keeping the keys that have rows in the range: no join
 * of two groupings by a text key, which for the variant table was two groupings of
 * 100,000 rows and a sort of them.
 */
function dimensionRows(frame: Frame, dimension: Dimension): SQL | null {
  const both = (source: (range: Range) => SQL) =>
    frame.compareRange
      ? sql`(select *, true as cur from ${source(frame.range)} a
        union all select *, false as cur from ${source(frame.compareRange)} b)`
      : sql`(select *, true as cur from ${source(frame.range)} a)`;
  if (dimension.source === "lines") {
    const { totals } = dimension;
    const lines = both((range) => (totals ? productLines(frame, range, totals) : dailyLines(frame, range)));
    return sql`select ${dimension.key} as k, ${dimension.label} as label_text, min(x.variant_id) as variant_id, ${rangeSums("x")}
      from ${lines} x ${productJoin} ${nameJoins} ${dimension.joins ?? sql``}
      where ${lineFilters(frame)} and ${productFilters(frame)}
      group by ${dimension.groupBy ?? sql`1`} having bool_or(x.cur)`;
  }
  if (hasProductFilter(frame)) return null;
  return sql`select ${dimension.key} as k, ${dimension.label} as label_text, ${rangeSums("o")}
    from ${both((range) => dailyOrders(frame, range))} o where ${orderFilters(frame)} group by 1 having bool_or(o.cur)`;
}

/**
 * Ranks the CTE `joined` (k, net …) by net without sorting every row (a variant table has
 * one per variant): `edge` is the net of the TABLE_ROW_LIMIT-th row by a top-N sort, `shown`
 * the rows at or above it ranked (`place`; ties with the edge included, cut at the limit),
 * `everything` the count and net of all rows (a note's total, the shares' base).
 */
const ranking = sql`edge as (select net from joined order by net desc offset ${TABLE_ROW_LIMIT - 1} limit 1),
  everything as (select count(*)::int as all_rows, sum(net)::bigint as all_net from joined),
  shown as (
    select * from (
      select j.*, rank() over (order by j.net desc) as place from joined j
      where not exists (select from edge) or j.net >= (select net from edge)) r
    where place <= ${TABLE_ROW_LIMIT})`;

/**
 * The variant table where the running totals serve (no payment method, zone or warehouse
 * filter), ranked by `ranking` as `dimensionTable` ranks and with the same columns. A
 * variant is one row of report_variant_sales, so nothing is grouped: each variant's net in
 * the range is that row's (two binary searches in its days) plus today's sales of the
 * variant, joined by id; the ranking reads only that net, and the shown rows alone get
 * their other sums and their net in the comparison. Grouping a catalogue's 100,000
 * variants spilled to disk and was a third of the view. Deleted variants' lines (not in
 * the totals) are grouped by their label, as `dimensionRows` does.
 */
function variantTotalsTable(frame: Frame, shownLabel: SQL): SQL {
  const { compareRange } = frame;
  const yesterday = addDays(frame.today, -1);
  const lastPast = (range: Range) => (range.to < frame.today ? range.to : yesterday);
  const hasPast = (range: Range) => range.from <= lastPast(range);
  const todayInRange = includesToday(frame, frame.range);
  const todayInComparison = compareRange !== null && includesToday(frame, compareRange);
  // A measure through the range's last past day − through the day before its first, from
  // the positions of those days in the row (`hi`, `lo`; found once per row); 0 without past days.
  const positions = (range: Range) =>
    hasPast(range)
      ? sql`width_bucket(${lastPast(range)}::date, s.days) as hi, width_bucket(${addDays(range.from, -1)}::date, s.days) as lo`
      : sql`0 as hi, 0 as lo`;
  const span = (measure: string) => sql.raw(`(coalesce(s.${measure}[s.hi], 0) - coalesce(s.${measure}[s.lo], 0))`);
  const netSpan = sql`(${span("gross")} - ${span("discount")} - ${span("returns")})`;
  const rowsIn = (range: Range, where: SQL) =>
    sql`(select s.*, ${positions(range)} from report_variant_sales s where ${where}) s`;
  const todayNet = sql`coalesce(t.gross - t.discount - t.returns, 0)`;
  const deletedLines = (range: Range, current: boolean) => {
    const cur = sql.raw(String(current));
    const parts: SQL[] = [];
    if (hasPast(range)) {
      parts.push(sql`select product_id, product_name, variant_label, ${measures}, ${cur} as cur from report_daily_lines
        where variant_id is null and day between ${range.from}::date and ${lastPast(range)}::date`);
    }
    if (includesToday(frame, range)) {
      parts.push(sql`select product_id, product_name, variant_label, ${measures}, ${cur} as cur from today_lines
        where variant_id is null`);
    }
    return parts;
  };
  const deleted = [...deletedLines(frame.range, true), ...(compareRange ? deletedLines(compareRange, false) : [])];
  const productJoins = hasProductFilter(frame)
    ? sql`join product_variants pv on pv.id = v.variant_id join products p on p.id = pv.product_id
      left join sub_sub_categories ssc on ssc.id = p.sub_sub_category_id
      left join sub_categories sc on sc.id = ssc.sub_category_id`
    : sql``;
  const ctes: SQL[] = [];
  if (todayInRange || todayInComparison) {
    ctes.push(sql`today_lines as materialized (
      select product_id, variant_id, product_name, variant_label, ${measures}
      from (${lineFacts(frame.timeZone, placedOnDays(frame.timeZone, [frame.today]))}) f)`);
    ctes.push(sql`today_variant as (
      select variant_id, sum(units)::int as units, sum(orders)::int as orders, sum(gross)::bigint as gross,
        sum(discount)::bigint as discount, sum(returns)::bigint as returns
      from today_lines where variant_id is not null group by 1)`);
  }
  ctes.push(
    deleted.length > 0
      ? sql`deleted as (
      select 'deleted:' || (x.product_name || ' ' || x.variant_label) as k,
        max(x.product_name || ' — ' || x.variant_label) as label_text, ${rangeSums("x")}
      from (${sql.join(deleted, sql` union all `)}) x ${productJoin}
      where ${productFilters(frame)} group by 1 having bool_or(x.cur))`
      : sql`deleted as (select null as k, null as label_text, 0 as orders, 0 as units, 0::bigint as gross,
        0::bigint as discount, 0::bigint as returns, 0::bigint as previous_net where false)`,
  );
  // Every variant with sales in the range: its net only.
  ctes.push(sql`joined as (
    select v.variant_id::text as k, v.variant_id, v.net from (
      select coalesce(s.variant_id, t.variant_id) as variant_id,
        (${netSpan} ${todayInRange ? sql`+ ${todayNet}` : sql``})::bigint as net
      from ${rowsIn(frame.range, sql`true`)}
      ${todayInRange ? sql`full join today_variant t on t.variant_id = s.variant_id` : sql``}
      where s.hi > s.lo ${todayInRange ? sql`or t.variant_id is not null` : sql``}) v
    ${productJoins} where ${productFilters(frame)}
    union all select k, null, gross - discount - returns from deleted)`);
  ctes.push(ranking);
  const sum = (measure: string, type: string) => {
    const today = todayInRange ? sql` + coalesce(t.${sql.raw(measure)}, 0)` : sql``;
    return sql`coalesce(d.${sql.raw(measure)}, coalesce(m.${sql.raw(measure)}, 0)${today})::${sql.raw(type)} as ${sql.raw(measure)}`;
  };
  return sql`with ${sql.join(ctes, sql`, `)}
    select r.*, ${shownLabel} as name_text from (
      select sh.k, d.label_text, sh.variant_id, ${sum("orders", "int")}, ${sum("units", "int")}, ${sum("gross", "bigint")},
        ${sum("discount", "bigint")}, ${sum("returns", "bigint")},
        coalesce(d.previous_net, coalesce(m.previous_net, 0) ${todayInComparison ? sql`+ ${todayNet}` : sql``})::bigint as previous_net,
        sh.net, e.all_rows, e.all_net, sh.place
      from shown sh cross join everything e
      left join deleted d on d.k = sh.k
      ${todayInRange || todayInComparison ? sql`left join today_variant t on t.variant_id = sh.variant_id` : sql``}
      left join lateral (
        select ${span("orders")} as orders, ${span("units")} as units, ${span("gross")} as gross,
          ${span("discount")} as discount, ${span("returns")} as returns,
          ${
            compareRange
              ? sql`(select ${netSpan} from ${rowsIn(compareRange, sql`s.variant_id = sh.variant_id`)})`
              : sql`0`
          } as previous_net
        from ${rowsIn(frame.range, sql`s.variant_id = sh.variant_id`)}) m on sh.variant_id is not null) r`;
}

/**
 * A table's first `limit` rows and, when there were more (`total` in all), the note that
 * says so: a variant table of a large catalogue would otherwise send the browser 100,000 rows.
 */
export function limitRows<Row>(
  rows: Row[],
  limit: number,
  noun: string,
  total = rows.length,
): { rows: Row[]; note: string | null } {
  if (total <= limit) return { rows: rows.slice(0, limit), note: null };
  return {
    rows: rows.slice(0, limit),
    note: `The table shows the ${limit.toLocaleString("en-US")} ${noun} with the most net sales of ${total.toLocaleString("en-US")}; a category, series or type filter or a shorter range narrows it (the totals and the chart count them all).`,
  };
}

const netOf = (alias: string) => sql.raw(`(${alias}.gross - ${alias}.discount - ${alias}.returns)`);

/**
 * A dimension's table: its rows ranked by net sales in SQL, so only the first
 * TABLE_ROW_LIMIT (and any tied with the last of them) leave the database, each with its
 * net in the comparison, the number of rows and their net in all (the shares' base).
 */
async function dimensionTable(
  db: Db,
  frame: Frame,
  name: string,
): Promise<{ table: ReportAnswer["table"]; note: string | null }> {
  const dimension = dimensions[name] as Dimension;
  const byLines = dimension.source === "lines" || hasProductFilter(frame);
  const previous = frame.compareRange !== null;
  let current: Map<string, Sums>;
  if (dimension.totals === "variant" && totalsServe(frame, "variant")) {
    current = await keyed(db, variantTotalsTable(frame, dimension.shownLabel ?? sql`r.label_text`));
  } else {
    const grouped = dimensionRows(frame, dimension);
    current =
      grouped === null
        ? new Map<string, Sums>()
        : await keyed(
            db,
            sql`with joined as (select c.*, ${netOf("c")} as net from (${grouped}) c), ${ranking}
          select r.*, ${dimension.shownLabel ?? sql`r.label_text`} as name_text
          from (select sh.*, e.all_rows, e.all_net from shown sh cross join everything e) r`,
          );
  }
  const first = current.values().next().value;
  const totalNet = num(first?.all_net);
  const columns = [
    column("name", dimension.title, "text"),
    ...salesMetrics.filter((metric) => !byLines || salesFigures(undefined, true)[metric.key] !== null),
    column("share", "Share of net", "percent"),
    ...(previous ? [column("previousNet", "Net (previous)", "money"), column("change", "Change", "percent")] : []),
  ];
  const rows = [...current.entries()]
    .map(([key, row]) => {
      const figures = salesFigures(row, byLines);
      const before = previous ? num(row.previous_net) : null;
      const label = String(row.name_text ?? key);
      return {
        cells: {
          ...figures,
          name: dimension.source === "orders" && name === "payment-method" ? paymentMethodLabel(label) : label,
          share: ratio(figures.net, totalNet),
          ...(previous ? { previousNet: before, change: delta(figures.net, before) } : {}),
        },
        href: dimension.href?.(key) ?? null,
      } satisfies ReportRow;
    })
    .sort((a, b) => num(b.cells.net) - num(a.cells.net) || String(a.cells.name).localeCompare(String(b.cells.name)));
  const shown = limitRows(rows, TABLE_ROW_LIMIT, dimension.plural, num(first?.all_rows));
  return { table: { columns, rows: shown.rows }, note: shown.note };
}

/** Top sellers by units; bottom sellers: published products by units, those with none first. */
async function sellersTable(db: Db, frame: Frame, order: "top" | "bottom"): Promise<ReportAnswer["table"]> {
  const sold = sql`select x.product_id, sum(x.units)::int as units, sum(x.gross - x.discount - x.returns)::bigint as net,
      sum(x.orders)::int as orders
    from ${productLines(frame, frame.range, "product")} x where ${lineFilters(frame)} group by 1`;
  const result = await db.execute<{
    id: number;
    name: string;
    units: number;
    net: string;
    orders: number;
    stock: number;
  }>(
    // Stock only for the 25 shown (summing every variant's was most of the statement).
    sql`select t.*, coalesce((select sum(pv.stock) from product_variants pv where pv.product_id = t.id), 0)::int as stock
      from (
        select p.id, p.name, coalesce(s.units, 0)::int as units, coalesce(s.net, 0)::bigint as net,
          coalesce(s.orders, 0)::int as orders
        from products p
        left join (${sold}) s on s.product_id = p.id
        left join sub_sub_categories ssc on ssc.id = p.sub_sub_category_id
        left join sub_categories sc on sc.id = ssc.sub_category_id
        where ${productFilters(frame)} and ${order === "top" ? sql`s.units > 0` : sql`p.is_published`}
        order by ${order === "top" ? sql`units desc, net desc` : sql`units asc, net asc`}, p.name limit 25) t
      order by ${order === "top" ? sql`t.units desc, t.net desc` : sql`t.units asc, t.net asc`}, t.name`,
  );
  return {
    columns: [
      column("name", "Product", "text"),
      column("units", "Units", "count"),
      column("orders", "Orders", "count"),
      column("net", "Net sales", "money"),
      column("stock", "In stock", "count"),
    ],
    rows: result.rows.map((row) => ({
      cells: { name: row.name, units: row.units, orders: row.orders, net: Number(row.net), stock: row.stock },
      href: `/admin/edit/edit-product/${row.id}`,
    })),
  };
}

/**
 * Product page views → cart adds → orders with the product → units. Views and cart adds
 * are counted per UTC day in memory and written every few seconds (product_views);
 * orders come from the roll-ups. The totals are over every product, not only the rows shown.
 */
async function funnelTable(db: Db, frame: Frame) {
  const result = await db.execute<{
    id: number;
    name: string;
    views: number;
    cart_adds: number;
    orders: number;
    units: number;
    all_views: number;
    all_cart_adds: number;
    all_orders: number;
  }>(
    sql`with seen as (
        select product_id, sum(views)::int as views, sum(cart_adds)::int as cart_adds from product_views
        where day between ${frame.range.from}::date and ${frame.range.to}::date group by 1),
      sold as (
        select x.product_id, sum(x.orders)::int as orders, sum(x.units)::int as units
        from ${productLines(frame, frame.range, "product")} x where ${lineFilters(frame)} group by 1)
      select p.id, p.name, coalesce(v.views, 0)::int as views, coalesce(v.cart_adds, 0)::int as cart_adds,
        coalesce(s.orders, 0)::int as orders, coalesce(s.units, 0)::int as units,
        (sum(coalesce(v.views, 0)) over ())::int as all_views, (sum(coalesce(v.cart_adds, 0)) over ())::int as all_cart_adds,
        (sum(coalesce(s.orders, 0)) over ())::int as all_orders
      from products p left join seen v on v.product_id = p.id left join sold s on s.product_id = p.id
      left join sub_sub_categories ssc on ssc.id = p.sub_sub_category_id
      left join sub_categories sc on sc.id = ssc.sub_category_id
      where (v.views > 0 or v.cart_adds > 0 or s.orders > 0) and ${productFilters(frame)}
      order by views desc, cart_adds desc, orders desc, p.name limit 100`,
  );
  const first = result.rows[0];
  const totals = {
    views: first?.all_views ?? 0,
    cartAdds: first?.all_cart_adds ?? 0,
    orders: first?.all_orders ?? 0,
  };
  return {
    totals,
    table: {
      columns: [
        column("name", "Product", "text"),
        column("views", "Page views", "count"),
        column("cartAdds", "Cart adds", "count"),
        column("orders", "Orders with it", "count"),
        column("units", "Units", "count"),
        column("viewToCart", "Views → cart", "percent"),
        column("cartToOrder", "Cart → order", "percent"),
        column("conversion", "Views → order", "percent"),
      ],
      rows: result.rows.map((row) => ({
        cells: {
          name: row.name,
          views: row.views,
          cartAdds: row.cart_adds,
          orders: row.orders,
          units: row.units,
          viewToCart: ratio(row.cart_adds, row.views),
          cartToOrder: ratio(row.orders, row.cart_adds),
          conversion: ratio(row.orders, row.views),
        },
        href: `/admin/edit/edit-product/${row.id}`,
      })),
    },
  };
}

/**
 * Payments from the one payment ledger, by method, on their orders' days: received
 * (captured, cash collected, transfer verified), refunded (pending or succeeded), lost
 * to disputes, net received, the payment provider's fees (less fees refunds gave back),
 * net after fees, and what the orders' totals still await.
 */
async function paymentsTable(db: Db, frame: Frame): Promise<ReportAnswer["table"]> {
  const rows = await keyed(
    db,
    sql`select o.payment_method as k, sum(o.orders)::int as orders, sum(o.total)::bigint as total,
        sum(o.received)::bigint as received, sum(o.refunded)::bigint as refunded, sum(o.disputed)::bigint as disputed,
        sum(o.fees)::bigint as fees
      from ${dailyOrders(frame, frame.range)} o where ${orderFilters(frame)} group by 1 order by sum(o.total) desc`,
  );
  return {
    columns: [
      column("name", "Payment method", "text"),
      column("orders", "Orders", "count"),
      column("total", "Order totals", "money"),
      column("received", "Received", "money"),
      column("refunded", "Refunded", "money"),
      column("disputed", "Disputes lost", "money"),
      column("net", "Net received", "money"),
      column("fees", "Fees", "money"),
      column("afterFees", "Net after fees", "money"),
      column("awaiting", "Not yet received", "money"),
    ],
    rows: [...rows.entries()].map(([method, row]) => {
      const received = num(row.received);
      const net = received - num(row.refunded) - num(row.disputed);
      return {
        cells: {
          name: paymentMethodLabel(method),
          orders: num(row.orders),
          total: num(row.total),
          received,
          refunded: num(row.refunded),
          disputed: num(row.disputed),
          net,
          fees: num(row.fees),
          afterFees: net - num(row.fees),
          awaiting: Math.max(0, num(row.total) - received),
        },
        href: null,
      };
    }),
  };
}

/**
 * The sales report's table for its view (none for "period": the chart's points), with the
 * notes it adds and, for the funnel, its totals.
 */
async function salesTable(
  db: Db,
  frame: Frame,
  byLines: boolean,
): Promise<{
  table: ReportAnswer["table"] | null;
  notes: string[];
  funnel?: Awaited<ReturnType<typeof funnelTable>>["totals"];
}> {
  if (frame.view === "period") return { table: null, notes: [] };
  if (frame.view === "top" || frame.view === "bottom") {
    return { table: await sellersTable(db, frame, frame.view), notes: [] };
  }
  if (frame.view === "funnel") {
    const funnel = await funnelTable(db, frame);
    return {
      table: funnel.table,
      funnel: funnel.totals,
      notes: [
        "Page views and cart adds are counted per UTC day (a cart add: a size and color put in a cart, from the product page or the wishlist); orders are on their store-local day.",
      ],
    };
  }
  if (frame.view === "payments") {
    const notes = [
      "Payments come from the payment ledger, on their orders' days. Fees are Stripe's, read from its balance transactions onto the ledger after each card payment (less what refunds gave back); a fee Stripe reports late updates its order's day.",
    ];
    if (byLines) notes.push("Payments are order-level: clear the product and warehouse filters to see them.");
    return { table: byLines ? { columns: [], rows: [] } : await paymentsTable(db, frame), notes };
  }
  const dimension = await dimensionTable(db, frame, frame.view);
  const notes = dimension.note ? [dimension.note] : [];
  if (byLines && dimensions[frame.view]?.source === "orders") {
    notes.push(
      "Coupon, payment method and zone rows are order-level: clear the product and warehouse filters to see them.",
    );
  }
  return { table: dimension.table, notes };
}

export async function salesReport(
  db: Db,
  frame: Frame,
  choices: FilterChoices,
  currency: string,
): Promise<Omit<ReportAnswer, "range">> {
  const byLines = hasProductFilter(frame);
  // The table's statements run beside the chart's, each on its own connection.
  const [found, { chart, current, previous }] = await Promise.all([
    salesTable(db, frame, byLines),
    salesChart(db, frame),
  ]);
  const totals: ReportFigure[] = chart.metrics.map((metric) =>
    figure(
      metric.key,
      metric.label,
      metric.format,
      current[metric.key] ?? null,
      previous ? (previous[metric.key] ?? null) : undefined,
    ),
  );
  const notes: string[] = [
    "Every figure belongs to the day its order was placed (store time zone); refunds and returns of an order count on its day.",
    "Net sales = gross − discounts − returns (returned units at the price paid).",
  ];
  if (byLines) {
    notes.push(
      "With a category, series, type, collab or warehouse filter, order-level figures (orders, delivery, tax, total) are not shown: orders are not split by product or warehouse.",
    );
  }
  const table: ReportAnswer["table"] = found.table ?? {
    columns: [column("period", "Period", "date"), ...chart.metrics],
    rows: chart.points.map((point) => ({ cells: { period: point.period, ...point.values }, href: null })),
  };
  if (found.funnel) {
    const funnel = found.funnel;
    totals.push(figure("views", "Product page views", "count", funnel.views, undefined));
    totals.push(figure("cartAdds", "Cart adds", "count", funnel.cartAdds, undefined));
    totals.push(figure("viewToCart", "Views → cart", "percent", ratio(funnel.cartAdds, funnel.views), undefined));
    totals.push(figure("conversion", "Views → order", "percent", ratio(funnel.orders, funnel.views), undefined));
  }
  notes.push(...found.notes);
  return { report: "sales", currency, totals, chart, table, filters: choices, notes };
}
