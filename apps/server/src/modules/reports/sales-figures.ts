/** The sales report's figures: its metrics, the sums over a range (orders or lines) and the chart's periods. */
import type { ReportColumn } from "@atelier/contract";
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import {
  chartOf,
  column,
  dailyLines,
  dailyOrders,
  type Frame,
  hasProductFilter,
  keyed,
  lineFilters,
  num,
  orderFilters,
  periodExpr,
  productFilters,
  productJoin,
  type Range,
  sumRows,
} from "./frame.ts";

export type Sums = Record<string, number | string | null>;

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
export async function salesChart(db: Db, frame: Frame) {
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
