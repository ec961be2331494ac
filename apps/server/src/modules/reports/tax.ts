/**
 * Tax: tax collected by rate and region per period, on sales and on refunds separately.
 * "Tax on sales" is the sum of the orders' stored tax, so it reconciles exactly with the
 * orders; a refund's tax share is refund × order tax ÷ order total (rounded per refund),
 * counted on the order's day. Sales excl. tax = total − tax.
 */
import type { ReportAnswer, ReportColumn } from "@atelier/contract";
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import {
  chartOf,
  column,
  dailyOrders,
  type FilterChoices,
  type Frame,
  figure,
  keyed,
  num,
  orderFilters,
  periodExpr,
  type Range,
  sumRows,
} from "./frame.ts";

type Sums = Record<string, number | string | null>;

export const taxMetrics: ReportColumn[] = [
  column("orders", "Orders", "count"),
  column("salesExclTax", "Sales excl. tax", "money"),
  column("taxOnSales", "Tax on sales", "money"),
  column("refunds", "Refunds", "money"),
  column("taxOnRefunds", "Tax on refunds", "money"),
  column("netTax", "Net tax", "money"),
];

function taxFigures(s: Sums | undefined): Record<string, number> {
  const tax = num(s?.tax);
  const refundTax = num(s?.refund_tax);
  return {
    orders: num(s?.orders),
    salesExclTax: num(s?.total) - tax,
    taxOnSales: tax,
    refunds: num(s?.refunded),
    taxOnRefunds: refundTax,
    netTax: tax - refundTax,
  };
}

const sums = sql.raw(`sum(o.orders)::int as orders, sum(o.total)::bigint as total, sum(o.tax)::bigint as tax,
  sum(o.refunded)::bigint as refunded, sum(o.refund_tax)::bigint as refund_tax`);

function taxSums(db: Db, frame: Frame, range: Range, key: SQL, extra: SQL = sql``) {
  return keyed(
    db,
    sql`select ${key} as k ${extra}, ${sums} from ${dailyOrders(frame, range)} o where ${orderFilters(frame)} group by 1`,
  );
}

export async function taxReport(
  db: Db,
  frame: Frame,
  choices: FilterChoices,
  currency: string,
): Promise<Omit<ReportAnswer, "range">> {
  const period = periodExpr(frame, "o.day");
  const [current, previous] = await Promise.all([
    taxSums(db, frame, frame.range, period),
    frame.compareRange ? taxSums(db, frame, frame.compareRange, period) : Promise.resolve(null),
  ]);
  // The totals are the periods' sums added up.
  const now = taxFigures(sumRows(current));
  const then = previous ? taxFigures(sumRows(previous)) : null;
  const totals = taxMetrics.map((metric) =>
    figure(metric.key, metric.label, metric.format, now[metric.key] ?? null, then?.[metric.key]),
  );
  const chart = chartOf(frame, taxMetrics, current, previous, taxFigures);
  let table: ReportAnswer["table"];
  if (frame.view === "rate") {
    const byRate = await keyed(
      db,
      sql`select o.tax_rate_bp || '|' || o.region as k, max(o.tax_rate_bp) as rate, max(o.region) as region_text, ${sums}
        from ${dailyOrders(frame, frame.range)} o where ${orderFilters(frame)} group by 1
        order by max(o.tax_rate_bp) desc, max(o.region)`,
    );
    table = {
      columns: [column("rate", "Rate", "percent"), column("region", "Region", "text"), ...taxMetrics],
      rows: [...byRate.values()].map((row) => ({
        cells: { rate: num(row.rate) / 10_000, region: String(row.region_text || "(none)"), ...taxFigures(row) },
        href: null,
      })),
    };
  } else {
    table = {
      columns: [column("period", "Period", "date"), ...taxMetrics],
      rows: chart.points.map((point) => ({ cells: { period: point.period, ...point.values }, href: null })),
    };
  }
  return {
    report: "tax",
    currency,
    totals,
    chart,
    table,
    filters: choices,
    notes: [
      "Tax on sales is the tax stored on each order when it was placed; it reconciles with the orders exactly.",
      "Tax on refunds is each refund's share of its order's tax (refund × tax ÷ total), counted on the order's day.",
      "Region is the shipping country and subdivision; rate is the one applied to the order.",
    ],
  };
}
