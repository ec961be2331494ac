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
import type { ReportAnswer, ReportFigure } from "@atelier/contract";
import type { Db } from "../../db/client.ts";
import { column, type FilterChoices, type Frame, figure, hasProductFilter, ratio } from "./frame.ts";
import { salesChart } from "./sales-figures.ts";
import { salesTable } from "./sales-tables.ts";

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
