/**
 * The sales report's dimensions (product, variant, category, series, type, collab,
 * warehouse, coupon, payment method, zone) and their SQL: from the running totals where a
 * roll-up can stand for the lines (ADR 0014), else from the daily rows.
 */
import { type SQL, sql } from "drizzle-orm";
import { lineFacts, placedOnDays, runningTotalMeasures } from "./facts.ts";
import {
  dailyLines,
  dailyOrders,
  type Frame,
  hasProductFilter,
  includesToday,
  lineFilters,
  orderFilters,
  productFilters,
  productJoin,
  type Range,
  TABLE_ROW_LIMIT,
  variantNameOf,
} from "./frame.ts";
import { addDays } from "./range.ts";

/**
 * Whether a roll-up that sums every line of every order can stand for the daily line rows:
 * not with a payment method or zone filter; the running totals (product, variant) not with a
 * warehouse filter either (product filters still apply to them); the day totals per
 * warehouse not with a product filter.
 */
export const totalsServe = (frame: Frame, of: "product" | "variant" | "warehouse") =>
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
export function productLines(frame: Frame, range: Range, of: "product" | "variant" | "warehouse"): SQL {
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

export interface Dimension {
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

/** A grouping of the products' lines by one of their columns (through the products' running totals). */
const productGroup = (column: string, name: string, none: string, title: string, plural: string): Dimension => ({
  source: "lines",
  totals: "product",
  key: sql.raw(`coalesce(${column}::text, 'none')`),
  label: sql.raw(`coalesce(max(${name}), '${none}')`),
  title,
  plural,
});

/** A grouping of the daily order rows `o` by one of their fields. */
const orderField = (key: string, label: string, title: string, plural: string): Dimension => ({
  source: "orders",
  key: sql.raw(key),
  label: sql.raw(label),
  title,
  plural,
});

export const dimensions: Record<string, Dimension> = {
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
  category: productGroup("sc.category_id", "c.name", "(no category: deleted product)", "Category", "categories"),
  series: productGroup("p.series_id", "s.name", "(no series)", "Series", "series"),
  type: productGroup("p.product_type_id", "t.name", "(no type: deleted product)", "Product type", "product types"),
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
  coupon: orderField("coalesce(o.coupon_code, '')", "coalesce(max(o.coupon_code), '(no coupon)')", "Coupon", "coupons"),
  "payment-method": orderField("o.payment_method", "max(o.payment_method)", "Payment method", "payment methods"),
  zone: orderField("coalesce(o.zone_id::text, o.zone_name)", "max(o.zone_name)", "Delivery zone", "delivery zones"),
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
export function dimensionRows(frame: Frame, dimension: Dimension): SQL | null {
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
export const ranking = sql`edge as (select net from joined order by net desc offset ${TABLE_ROW_LIMIT - 1} limit 1),
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
export function variantTotalsTable(frame: Frame, shownLabel: SQL): SQL {
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
