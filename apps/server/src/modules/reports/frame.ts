/**
 * The frame every report shares: the parsed and checked query (422 naming the field), the
 * resolved range and comparison in the store's time zone, the filter choices, and the
 * sources of daily rows (the roll-ups for past days, the live SQL for today).
 */
import {
  type CellFormat,
  type Comparison,
  type Grouping,
  type RangePreset,
  type ReportAnswer,
  type ReportColumn,
  type ReportFigure,
  type ReportKind,
  ReportQuery,
  type ReportQueryInput,
  reportFilters,
  reportViews,
} from "@atelier/contract";
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { ValidationError } from "../../errors.ts";
import { lineFactColumns, lineFacts, orderFactColumns, orderFacts, placedOnDays } from "./facts.ts";
import { comparisonRange, periodsOf, resolvePreset, todayIn } from "./range.ts";

export interface Range {
  from: string;
  to: string;
}

export interface Frame {
  kind: ReportKind;
  preset: RangePreset;
  timeZone: string;
  today: string;
  range: Range;
  compare: Comparison;
  compareRange: Range | null;
  group: Grouping;
  view: string;
  category: number | undefined;
  series: number | undefined;
  type: number | undefined;
  collab: number | undefined;
  warehouse: number | undefined;
  paymentMethod: string | undefined;
  zone: number | undefined;
  deadDays: number;
}

export type FilterChoices = Record<string, { value: string; label: string }[]>;

/** Checks the query; every problem names its field (422). */
export async function frameOf(
  db: Db,
  kind: ReportKind,
  input: ReportQueryInput,
  timeZone: string,
  now: Date,
): Promise<{ frame: Frame; choices: FilterChoices }> {
  const parsed = ReportQuery.safeParse(input);
  const fields: Record<string, string> = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) fields[String(issue.path[0] ?? "query")] ??= issue.message;
    throw new ValidationError(`Check the report: ${Object.keys(fields).join(", ")}.`, fields);
  }
  const query = { ...parsed.data, view: parsed.data.view ?? reportViews[kind][0] };
  if (!(reportViews[kind] as readonly string[]).includes(query.view)) fields.view = "is not a view of this report";
  const allowed = reportFilters[kind] as readonly string[];
  for (const name of ["category", "series", "type", "collab", "warehouse", "paymentMethod", "zone"] as const) {
    if (query[name] !== undefined && !allowed.includes(name)) fields[name] = "is not a filter of this report";
  }
  const choices = await filterChoices(db, allowed);
  for (const name of ["category", "series", "type", "collab", "warehouse", "zone"] as const) {
    const value = query[name];
    if (value !== undefined && !choices[name]?.some((choice) => choice.value === String(value))) {
      fields[name] ??= `has no ${filterNouns[name]} ${value}`;
    }
  }
  if (Object.keys(fields).length > 0) {
    throw new ValidationError(`Check the report: ${Object.keys(fields).join(", ")}.`, fields);
  }
  const today = todayIn(timeZone, now);
  const range = resolvePreset(query.preset, today, query);
  return {
    choices,
    frame: {
      kind,
      preset: query.preset,
      timeZone,
      today,
      range,
      compare: query.compare,
      compareRange: comparisonRange(query.compare, range),
      group: query.group,
      view: query.view,
      category: query.category,
      series: query.series,
      type: query.type,
      collab: query.collab,
      warehouse: query.warehouse,
      paymentMethod: query.paymentMethod,
      zone: query.zone,
      deadDays: query.deadDays,
    },
  };
}

const filterNouns = {
  category: "category",
  series: "series",
  type: "product type",
  collab: "collaborator",
  warehouse: "warehouse",
  zone: "delivery zone",
} as const;

const paymentMethodLabels: Record<string, string> = {
  cod: "Cash on delivery",
  manual_transfer: "Manual transfer",
  card: "Card",
};
export const paymentMethodLabel = (method: string) => paymentMethodLabels[method] ?? method;

async function filterChoices(db: Db, allowed: readonly string[]): Promise<FilterChoices> {
  const choices: FilterChoices = {};
  const list = async (name: string, query: SQL) => {
    if (!allowed.includes(name)) return;
    const rows = await db.execute<{ value: string; label: string }>(query);
    choices[name] = rows.rows.map((row) => ({ value: String(row.value), label: row.label }));
  };
  await Promise.all([
    list("category", sql`select id as value, name as label from categories order by serial, name`),
    list("series", sql`select id as value, name as label from series order by name`),
    list("type", sql`select id as value, name as label from product_types order by name`),
    list("collab", sql`select id as value, name as label from collaborators order by name`),
    list("warehouse", sql`select id as value, name as label from warehouses order by is_default desc, priority, name`),
    list("zone", sql`select id as value, name as label from delivery_zones order by sort_order, name`),
  ]);
  if (allowed.includes("paymentMethod")) {
    choices.paymentMethod = Object.entries(paymentMethodLabels).map(([value, label]) => ({ value, label }));
  }
  // In the contract's order (the page shows them so), not the order the lists arrived in.
  return Object.fromEntries(allowed.filter((name) => choices[name]).map((name) => [name, choices[name] ?? []]));
}

/** The most rows a report table shows (and its CSV holds): the first by the table's own order. */
export const TABLE_ROW_LIMIT = 500;

/**
 * A variant's name as the catalogue has it now ("M / Black"), looked up for one row (`id`,
 * an SQL expression): the tables name only the rows they show, after ranking.
 */
export const variantNameOf = (id: SQL) => sql`(select sz.name || ' / ' || cl.name from product_variants pv
  join sizes sz on sz.id = pv.size_id join colors cl on cl.id = pv.color_id where pv.id = ${id})`;

export const includesToday = (frame: Frame, range: Range) => range.from <= frame.today && frame.today <= range.to;

/** Daily order rows of a range: the roll-up before today, the live SQL for today. */
export function dailyOrders(frame: Frame, range: Range): SQL {
  const past = sql`select ${orderFactColumns} from report_daily_orders
    where day between ${range.from}::date and ${range.to}::date and day < ${frame.today}::date`;
  if (!includesToday(frame, range)) return sql`(${past})`;
  return sql`(${past} union all ${orderFacts(frame.timeZone, placedOnDays(frame.timeZone, [frame.today]))})`;
}

/** Daily line rows of a range, the same way. */
export function dailyLines(frame: Frame, range: Range): SQL {
  const past = sql`select ${lineFactColumns} from report_daily_lines
    where day between ${range.from}::date and ${range.to}::date and day < ${frame.today}::date`;
  if (!includesToday(frame, range)) return sql`(${past})`;
  return sql`(${past} union all ${lineFacts(frame.timeZone, placedOnDays(frame.timeZone, [frame.today]))})`;
}

/** The payment method and zone filters on a daily row (alias `o`). */
export function orderFilters(frame: Frame, alias = "o"): SQL {
  const parts: SQL[] = [sql`true`];
  if (frame.paymentMethod) parts.push(sql`${sql.raw(alias)}.payment_method = ${frame.paymentMethod}`);
  if (frame.zone !== undefined) parts.push(sql`${sql.raw(alias)}.zone_id = ${frame.zone}`);
  return sql.join(parts, sql` and `);
}

/**
 * Whether a filter that only lines can answer is set: category, series, type, collab
 * (products) or warehouse (the lines' allocations).
 */
export const hasProductFilter = (frame: Frame) =>
  frame.category !== undefined ||
  frame.series !== undefined ||
  frame.type !== undefined ||
  frame.collab !== undefined ||
  frame.warehouse !== undefined;

/**
 * The products a product filter keeps (alias `p`), joined by `productJoin`. Lines of
 * deleted products match no filter.
 */
export const productJoin = sql.raw(`left join products p on p.id = x.product_id
  left join sub_sub_categories ssc on ssc.id = p.sub_sub_category_id
  left join sub_categories sc on sc.id = ssc.sub_category_id`);

export function productFilters(frame: Frame): SQL {
  const parts: SQL[] = [sql`true`];
  if (frame.category !== undefined) parts.push(sql`sc.category_id = ${frame.category}`);
  if (frame.series !== undefined) parts.push(sql`p.series_id = ${frame.series}`);
  if (frame.type !== undefined) parts.push(sql`p.product_type_id = ${frame.type}`);
  // A collaborator's products: its own and its series' (the collabs module's view).
  if (frame.collab !== undefined) {
    parts.push(
      sql`p.id in (select cp.product_id from collaborator_product_ids cp where cp.collaborator_id = ${frame.collab})`,
    );
  }
  return sql.join(parts, sql` and `);
}

/** The warehouse filter on daily line rows (alias `x`): the units its allocations took. */
export function warehouseFilter(frame: Frame, alias = "x"): SQL {
  return frame.warehouse === undefined ? sql`true` : sql`${sql.raw(alias)}.warehouse_id = ${frame.warehouse}`;
}

export const periodExpr = (frame: Frame, column = "day") =>
  sql`date_trunc(${frame.group}, ${sql.raw(column)})::date::text`;

/** Rows of numbers keyed by their `k` column (pg answers bigint and numeric as strings). */
export async function keyed(db: Db, query: SQL): Promise<Map<string, Record<string, number | string | null>>> {
  const result = await db.execute<Record<string, unknown>>(query);
  const map = new Map<string, Record<string, number | string | null>>();
  for (const row of result.rows) {
    const out: Record<string, number | string | null> = {};
    for (const [name, value] of Object.entries(row)) {
      if (name === "k") continue;
      out[name] =
        value === null || value === undefined
          ? null
          : typeof value === "number"
            ? value
            : typeof value === "string" && /^-?\d+(\.\d+)?$/.test(value) && !name.endsWith("_text")
              ? Number(value)
              : String(value);
    }
    map.set(String(row.k), out);
  }
  return map;
}

/**
 * The rows of a grouped sum added up: the range's totals from its periods' rows (every day
 * of the range is in one period), one query less than asking the database again.
 */
export function sumRows(rows: Map<string, Record<string, number | string | null>>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const row of rows.values()) {
    for (const [name, value] of Object.entries(row)) out[name] = (out[name] ?? 0) + num(value);
  }
  return out;
}

export const num = (value: number | string | null | undefined): number =>
  typeof value === "number" ? value : typeof value === "string" ? Number(value) || 0 : 0;

export const column = (key: string, label: string, format: CellFormat): ReportColumn => ({ key, label, format });

export const delta = (value: number | null, previous: number | null): number | null =>
  value === null || previous === null || previous === 0 ? null : (value - previous) / Math.abs(previous);

export function figure(
  key: string,
  label: string,
  format: CellFormat,
  value: number | null,
  previous: number | null | undefined,
): ReportFigure {
  const before = previous === undefined ? null : previous;
  return { key, label, format, value, previous: before, delta: delta(value, before) };
}

export const ratio = (part: number, whole: number): number | null => (whole === 0 ? null : part / whole);

/** Every filter on daily line rows (alias `x`) but the product ones: method, zone, warehouse. */
export const lineFilters = (frame: Frame): SQL => sql`${orderFilters(frame, "x")} and ${warehouseFilter(frame)}`;

/**
 * A report's chart: a point per period of the range with its figures, and the figures of
 * the compared range's period at the same position (null past its end; `previous` is null
 * without a comparison).
 */
export function chartOf<Row>(
  frame: Frame,
  metrics: ReportColumn[],
  current: Map<string, Row>,
  previous: Map<string, Row> | null,
  figures: (row: Row | undefined) => Record<string, number | null>,
): ReportAnswer["chart"] {
  const previousPeriods = frame.compareRange ? periodsOf(frame.compareRange, frame.group) : [];
  return {
    metrics,
    points: periodsOf(frame.range, frame.group).map((period, index) => {
      const earlier = previousPeriods[index];
      return {
        period,
        values: figures(current.get(period)),
        previous: previous ? (earlier ? figures(previous.get(earlier)) : null) : null,
      };
    }),
  };
}
