/**
 * Reports (issue 17): the four reports behind one frame, today's key figures for the admin
 * home, and the CSV of a report's table (exactly the rows and columns the page shows).
 */
import {
  formatMinor,
  formatPercentCell,
  minorDigits,
  type ReportAnswer,
  type ReportColumn,
  type ReportKind,
  type ReportQueryInput,
  type TodayFigures,
} from "@atelier/contract";
import { sql } from "drizzle-orm";
import Papa from "papaparse";
import type { Db } from "../../db/client.ts";
import { storeSettings } from "../../db/schema/index.ts";
import { customersReport, newCustomersToday } from "./customers.ts";
import { type Frame, frameOf } from "./frame.ts";
import { inventoryReport } from "./inventory.ts";
import { todayIn } from "./range.ts";
import { refreshRollups } from "./rollup.ts";
import { salesReport } from "./sales.ts";
import { salesTotals } from "./sales-figures.ts";
import { taxReport } from "./tax.ts";

/**
 * The store's time zone (Settings → Checkout, `store_settings.time_zone`), read fresh for
 * each report: one indexed row, and a change shows at once in every process.
 */
export async function storeTimeZone(db: Db): Promise<string> {
  const [row] = await db.select({ timeZone: storeSettings.timeZone }).from(storeSettings).limit(1);
  return row?.timeZone || "UTC";
}

/**
 * Text that a spreadsheet would run as a formula (=, +, -, @, or a tab or carriage return
 * before one) gets a leading apostrophe: the OWASP rule for CSV injection. A coupon code,
 * product or customer name is staff's or shoppers' text.
 */
export const neutralise = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

/**
 * The store's time zone, with the roll-ups built for it: a fresh shop, a migration that
 * asks for a rebuild, or a change of time zone leaves them built for another zone (or
 * none), and a report must not read them before the minute's job rebuilds them. The first
 * report then rebuilds them itself (under the refresh's lock, so concurrent ones wait).
 */
async function rolledUp(db: Db): Promise<string> {
  const result = await db.execute<{
    time_zone: string | null;
    rolled_up_in: string | null;
    customers_in: string | null;
    inventory_in: string | null;
    inventory_products_in: string | null;
    sales_totals_in: string | null;
    groups_in: string | null;
  }>(
    sql`select (select time_zone from store_settings limit 1) as time_zone, s.time_zone as rolled_up_in,
      s.customers_time_zone as customers_in, s.inventory_time_zone as inventory_in,
      s.inventory_products_time_zone as inventory_products_in, s.sales_totals_time_zone as sales_totals_in,
      s.customer_groups_time_zone as groups_in
    from (select 1) one left join report_rollup_state s on s.id = 1`,
  );
  const row = result.rows[0];
  const timeZone = row?.time_zone || "UTC";
  if (
    row?.rolled_up_in !== timeZone ||
    row?.customers_in !== timeZone ||
    row?.inventory_in !== timeZone ||
    row?.inventory_products_in !== timeZone ||
    row?.sales_totals_in !== timeZone ||
    row?.groups_in !== timeZone
  )
    await refreshRollups(db, timeZone);
  return timeZone;
}

const builders = {
  sales: salesReport,
  inventory: inventoryReport,
  customers: customersReport,
  tax: taxReport,
} as const;

export function reportsService(deps: { db: Db; currency: () => Promise<string>; now?: () => Date }) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  async function report(kind: ReportKind, query: ReportQueryInput): Promise<ReportAnswer> {
    const timeZone = await rolledUp(db);
    const { frame, choices } = await frameOf(db, kind, query, timeZone, now());
    const answer = await builders[kind](db, frame, choices, await deps.currency());
    return { ...answer, range: rangeOf(frame) };
  }

  return {
    report,

    /** The table as CSV: formatted as on the page (money in major units), formulas neutralised. */
    async csv(kind: ReportKind, query: ReportQueryInput): Promise<{ csv: string; filename: string }> {
      const answer = await report(kind, query);
      const digits = minorDigits(answer.currency);
      const cell = (column: ReportColumn, value: unknown) => {
        if (value === null || value === undefined) return "";
        if (typeof value !== "number") return neutralise(String(value));
        if (column.format === "money") return formatMinor(value, digits);
        if (column.format === "percent") return formatPercentCell(value);
        return String(value);
      };
      const { columns, rows } = answer.table;
      const data = rows.map((row) => columns.map((column) => cell(column, row.cells[column.key])));
      const headers = columns.map((column) =>
        column.format === "money" ? `${column.label} (${answer.currency})` : column.label,
      );
      // Numbers are ours and may be negative ("-12.00"): only text is neutralised.
      const csv = Papa.unparse({ fields: headers, data }, { newline: "\r\n" });
      const { range } = answer;
      return { csv, filename: `${kind}-${range.view}-${range.from}-to-${range.to}.csv` };
    },

    /** Today's key figures (the admin home): the sales report's totals for today. */
    async today(): Promise<TodayFigures> {
      const timeZone = await storeTimeZone(db);
      const { frame } = await frameOf(db, "sales", { preset: "today" }, timeZone, now());
      const figures = await salesTotals(db, frame, frame.range);
      return {
        day: frame.today,
        timeZone,
        currency: await deps.currency(),
        orders: figures.orders ?? 0,
        units: figures.units ?? 0,
        netSales: figures.net ?? 0,
        total: figures.total ?? 0,
        averageOrderValue: figures.aov,
        newCustomers: await newCustomersToday(db, frame),
      };
    },

    todayIn: async () => todayIn(await storeTimeZone(db), now()),
  };
}

function rangeOf(frame: Frame): ReportAnswer["range"] {
  return {
    preset: frame.preset,
    from: frame.range.from,
    to: frame.range.to,
    compare: frame.compare,
    compareFrom: frame.compareRange?.from ?? null,
    compareTo: frame.compareRange?.to ?? null,
    group: frame.group,
    view: frame.view,
    timeZone: frame.timeZone,
    today: frame.today,
  };
}

export type ReportsService = ReturnType<typeof reportsService>;
