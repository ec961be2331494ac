/**
 * Customers: new and returning, first-order cohorts with repeat rates by month, lifetime
 * value, top customers (linking to their details), by city and zone, guest versus account.
 *
 * A customer is an account, or a guest's email (lower-cased). "New" in a period: their
 * first order ever falls in it; "returning": they had ordered before it. Spent = order
 * total − refunds. The payment method and zone filters pick the orders in the range, never
 * the first orders.
 *
 * Read from the customer roll-ups (ADR 0014, 2026-11-26) before today and live for today:
 * report_customer_days (a row per customer × day × method × zone × city, carrying the
 * customer's first day, previous day and lifetime figures) and report_customer_spans (its
 * sums per day × previous day), which turn "distinct customers in a range" into a sum
 * when no filter is set; report_customer_group_spans does the same per city, zone and
 * guest flag for those views, and report_customer_totals (each customer's running totals)
 * finds the top customers' candidates (migration 0024).
 */
import type { ReportAnswer } from "@atelier/contract";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { customerFigures, customerMetrics, figuresOf, todayCustomerDays } from "./customer-figures.ts";
import { customerTable } from "./customer-tables.ts";
import { chartOf, column, type FilterChoices, type Frame, figure } from "./frame.ts";

export async function customersReport(
  db: Db,
  frame: Frame,
  choices: FilterChoices,
  currency: string,
): Promise<Omit<ReportAnswer, "range">> {
  // The view's table runs beside the figures, each statement on its own connection.
  const [inRange, inComparison, viewTable] = await Promise.all([
    figuresOf(db, frame, frame.range),
    frame.compareRange ? figuresOf(db, frame, frame.compareRange) : Promise.resolve(null),
    customerTable(db, frame),
  ]);
  const now = inRange.totals;
  const then = inComparison?.totals ?? null;
  const current = inRange.series;
  const previous = inComparison?.series ?? null;
  const totals = [
    ...customerMetrics.map((metric) =>
      figure(
        metric.key,
        metric.label,
        metric.format,
        now[metric.key as keyof typeof now] ?? null,
        then ? (then[metric.key as keyof typeof then] ?? null) : undefined,
      ),
    ),
    figure("ltv", "Average lifetime value", "money", now.ltv, then?.ltv),
    figure("repeatRate", "Ordered more than once", "percent", now.repeatRate, then?.repeatRate),
  ];
  const chart = chartOf(frame, customerMetrics, current, previous, customerFigures);
  const table: ReportAnswer["table"] = viewTable ?? {
    columns: [column("period", "Period", "date"), ...customerMetrics],
    rows: chart.points.map((point) => ({ cells: { period: point.period, ...point.values }, href: null })),
  };
  return {
    report: "customers",
    currency,
    totals,
    chart,
    table,
    filters: choices,
    notes: [
      "A customer is an account, or a guest's email. New: their first order ever is in the period; returning: they ordered before it.",
      "Spent = order totals − refunds. Cohorts: of the customers whose first order was in a month, the share who ordered again N months later.",
    ],
  };
}

/** Customers whose first order ever is today (the admin home), from today's live rows. */
export async function newCustomersToday(db: Db, frame: Frame): Promise<number> {
  const result = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from (${todayCustomerDays(frame)}) c where c.lead and c.prev_day = '-infinity'`,
  );
  return result.rows[0]?.n ?? 0;
}
