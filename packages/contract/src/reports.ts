/**
 * Reports (issue 17): sales, inventory, customers and tax. Every report shares one frame:
 * a date range (a preset or custom days, in the store's time zone), a comparison period,
 * a grouping (day, week, month), filters, and a "view" (what the table's rows are). Each
 * answer carries the chart's series and the table's rows; the CSV export is that table.
 *
 * The query is parsed twice on purpose: the route accepts any strings (`ReportQueryInput`,
 * for the OpenAPI document) and the service parses them with `ReportQuery`, so a bad value
 * answers 422 with the field named (a range over 5 years, an end before its start, an
 * unknown filter value) rather than a bare 400.
 */
import { z } from "zod";
import { defineEndpoint } from "./endpoint.ts";
import { Day } from "./product-stats.ts";

export const reportPaths = {
  sales: "/admin/reports/sales",
  salesExport: "/admin/reports/sales/export",
  inventory: "/admin/reports/inventory",
  inventoryExport: "/admin/reports/inventory/export",
  customers: "/admin/reports/customers",
  customersExport: "/admin/reports/customers/export",
  tax: "/admin/reports/tax",
  taxExport: "/admin/reports/tax/export",
  today: "/admin/reports/today",
} as const;

export const reportKinds = ["sales", "inventory", "customers", "tax"] as const;
export type ReportKind = (typeof reportKinds)[number];

export const rangePresets = ["today", "7d", "30d", "90d", "mtd", "last-month", "ytd", "custom"] as const;
export type RangePreset = (typeof rangePresets)[number];
export const rangePresetLabels: Record<RangePreset, string> = {
  today: "Today",
  "7d": "Last 7 days",
  "30d": "Last 30 days",
  "90d": "Last 90 days",
  mtd: "Month to date",
  "last-month": "Last month",
  ytd: "Year to date",
  custom: "Custom",
};

export const comparisons = ["none", "previous-period", "previous-year"] as const;
export type Comparison = (typeof comparisons)[number];
export const comparisonLabels: Record<Comparison, string> = {
  none: "No comparison",
  "previous-period": "Previous period",
  "previous-year": "Previous year",
};

export const groupings = ["day", "week", "month"] as const;
export type Grouping = (typeof groupings)[number];

/** What each report's table rows can be. */
export const reportViews = {
  sales: [
    "period",
    "product",
    "variant",
    "category",
    "series",
    "type",
    "collab",
    "coupon",
    "payment-method",
    "payments",
    "zone",
    "warehouse",
    "top",
    "bottom",
    "funnel",
  ],
  inventory: ["product", "variant", "dead-stock", "sizes", "low-stock"],
  customers: ["period", "cohorts", "top", "city", "zone", "guest"],
  tax: ["period", "rate"],
} as const satisfies Record<ReportKind, readonly string[]>;
export type ReportView<K extends ReportKind = ReportKind> = (typeof reportViews)[K][number];

export const reportViewLabels: Record<string, string> = {
  period: "Over time",
  product: "By product",
  variant: "By variant (size × color)",
  category: "By category",
  series: "By series",
  type: "By product type",
  collab: "By collab",
  coupon: "By coupon",
  "payment-method": "By payment method",
  payments: "Payments by method",
  zone: "By delivery zone",
  warehouse: "By warehouse",
  top: "Top sellers",
  bottom: "Bottom sellers",
  funnel: "Funnel: views → cart → order",
  "dead-stock": "Dead stock",
  sizes: "Sizes that sell out first",
  "low-stock": "Low-stock history",
  cohorts: "First-order cohorts",
  city: "By city",
  guest: "Guest vs account",
  rate: "By rate and region",
};

/** Which filters each report takes. */
export const reportFilters = {
  sales: ["category", "series", "type", "collab", "warehouse", "paymentMethod", "zone"],
  inventory: ["category", "series", "type", "collab", "warehouse"],
  customers: ["paymentMethod", "zone"],
  tax: ["paymentMethod", "zone"],
} as const satisfies Record<ReportKind, readonly string[]>;
export type ReportFilter = (typeof reportFilters)[ReportKind][number];

/** The longest range a report covers. */
export const MAX_REPORT_YEARS = 5;

export const reportPaymentMethods = ["cod", "manual_transfer", "card"] as const;

/** What the route accepts: strings, all optional (the service checks them). */
export const ReportQueryInput = z.object({
  preset: z.string().max(20).optional(),
  from: z.string().max(20).optional(),
  to: z.string().max(20).optional(),
  compare: z.string().max(20).optional(),
  group: z.string().max(10).optional(),
  view: z.string().max(20).optional(),
  category: z.string().max(12).optional(),
  series: z.string().max(12).optional(),
  type: z.string().max(12).optional(),
  collab: z.string().max(12).optional(),
  warehouse: z.string().max(12).optional(),
  paymentMethod: z.string().max(20).optional(),
  zone: z.string().max(12).optional(),
  /** Inventory: "dead" means no sale in this many days. */
  deadDays: z.string().max(4).optional(),
});
export type ReportQueryInput = z.input<typeof ReportQueryInput>;

const FilterId = z.coerce
  .number({ error: "must be a number" })
  .int({ error: "must be a whole number" })
  .positive({ error: "must be a positive number" })
  .max(2_147_483_647, { error: "is too large" })
  .optional();

/** The parsed query (before the range is resolved against today in the store's time zone). */
export const ReportQuery = z
  .object({
    preset: z.enum(rangePresets, { error: "must be one of the presets" }).default("30d"),
    from: Day.optional(),
    to: Day.optional(),
    compare: z.enum(comparisons, { error: "must be none, previous-period or previous-year" }).default("none"),
    group: z.enum(groupings, { error: "must be day, week or month" }).default("day"),
    /** Left out: the report's first view (the inventory report has no "period"). */
    view: z.string().optional(),
    category: FilterId,
    series: FilterId,
    type: FilterId,
    collab: FilterId,
    warehouse: FilterId,
    paymentMethod: z.enum(reportPaymentMethods, { error: "is not a payment method" }).optional(),
    zone: FilterId,
    deadDays: z.coerce.number({ error: "must be a number" }).int().min(1).max(3650).default(60),
  })
  .superRefine((value, ctx) => {
    if (value.preset !== "custom") return;
    if (!value.from) ctx.addIssue({ code: "custom", path: ["from"], message: "Choose the first day." });
    if (!value.to) ctx.addIssue({ code: "custom", path: ["to"], message: "Choose the last day." });
    if (!value.from || !value.to) return;
    if (value.to < value.from) {
      ctx.addIssue({ code: "custom", path: ["to"], message: "The last day is before the first day." });
      return;
    }
    const limit = new Date(`${value.from}T00:00:00Z`);
    limit.setUTCFullYear(limit.getUTCFullYear() + MAX_REPORT_YEARS);
    if (Date.parse(`${value.to}T00:00:00Z`) >= limit.getTime()) {
      ctx.addIssue({ code: "custom", path: ["to"], message: `A report covers at most ${MAX_REPORT_YEARS} years.` });
    }
  });
export type ReportQuery = z.output<typeof ReportQuery>;

export const cellFormats = ["text", "money", "count", "percent", "days", "date"] as const;

/**
 * A percent cell as the page and the CSV show it: one decimal, or two when the second
 * one counts (a tax rate of 8.88 % must not read 8.9 % in a filing).
 */
export function formatPercentCell(ratio: number): string {
  const hundredths = Math.round(ratio * 10_000);
  return `${(hundredths / 100).toFixed(hundredths % 10 === 0 ? 1 : 2)}%`;
}
export type CellFormat = (typeof cellFormats)[number];

export const ReportColumn = z.object({
  key: z.string(),
  label: z.string(),
  format: z.enum(cellFormats),
});
export type ReportColumn = z.infer<typeof ReportColumn>;

/** A number (money in minor units, a ratio 0-1 for percent) or text; null: not applicable. */
export const Cell = z.union([z.number(), z.string(), z.null()]);
export type Cell = z.infer<typeof Cell>;

export const ReportRow = z.object({
  cells: z.record(z.string(), Cell),
  /** An admin page this row opens (a customer's details, a product). */
  href: z.string().nullable(),
});
export type ReportRow = z.infer<typeof ReportRow>;

export const ReportFigure = z.object({
  key: z.string(),
  label: z.string(),
  format: z.enum(cellFormats),
  value: z.number().nullable(),
  /** The comparison period's value (null without comparison). */
  previous: z.number().nullable(),
  /** (value − previous) / previous; null when there is nothing to compare with. */
  delta: z.number().nullable(),
});
export type ReportFigure = z.infer<typeof ReportFigure>;

export const ResolvedRange = z.object({
  preset: z.enum(rangePresets),
  from: z.string(),
  to: z.string(),
  compare: z.enum(comparisons),
  compareFrom: z.string().nullable(),
  compareTo: z.string().nullable(),
  group: z.enum(groupings),
  view: z.string(),
  timeZone: z.string(),
  today: z.string(),
});
export type ResolvedRange = z.infer<typeof ResolvedRange>;

export const FilterOption = z.object({ value: z.string(), label: z.string() });

export const ReportAnswer = z
  .object({
    report: z.enum(reportKinds),
    range: ResolvedRange,
    currency: z.string(),
    totals: z.array(ReportFigure),
    /** The chart: one point per period, the metric keys of `chartMetrics`. */
    chart: z.object({
      metrics: z.array(ReportColumn),
      points: z.array(
        z.object({
          period: z.string(),
          values: z.record(z.string(), z.number().nullable()),
          /** The comparison period's value at the same position. */
          previous: z.record(z.string(), z.number().nullable()).nullable(),
        }),
      ),
    }),
    table: z.object({ columns: z.array(ReportColumn), rows: z.array(ReportRow) }),
    /** The filters this report takes and their choices. */
    filters: z.record(z.string(), z.array(FilterOption)),
    notes: z.array(z.string()),
  })
  .meta({ id: "ReportAnswer" });
export type ReportAnswer = z.infer<typeof ReportAnswer>;

export const TodayFigures = z
  .object({
    day: z.string(),
    timeZone: z.string(),
    currency: z.string(),
    orders: z.number().int(),
    units: z.number().int(),
    netSales: z.number().int(),
    total: z.number().int(),
    averageOrderValue: z.number().int().nullable(),
    newCustomers: z.number().int(),
  })
  .meta({ id: "TodayFigures" });
export type TodayFigures = z.infer<typeof TodayFigures>;

const tags = ["admin: reports"];
const access = { permission: "reports" } as const;

const report = (path: string, what: string) =>
  defineEndpoint({
    method: "GET",
    path,
    summary: `${what} report: totals with comparison, the chart's series and the table`,
    tags,
    access,
    query: ReportQueryInput,
    response: ReportAnswer,
  });
const reportCsv = (path: string, what: string) =>
  defineEndpoint({
    method: "GET",
    path,
    summary: `${what} report's table as CSV (text/csv), exactly as the page shows it`,
    tags,
    access,
    query: ReportQueryInput,
    response: z.string(),
  });

export const reportEndpoints = {
  sales: report(reportPaths.sales, "Sales"),
  salesExport: reportCsv(reportPaths.salesExport, "Sales"),
  inventory: report(reportPaths.inventory, "Inventory"),
  inventoryExport: reportCsv(reportPaths.inventoryExport, "Inventory"),
  customers: report(reportPaths.customers, "Customers"),
  customersExport: reportCsv(reportPaths.customersExport, "Customers"),
  tax: report(reportPaths.tax, "Tax"),
  taxExport: reportCsv(reportPaths.taxExport, "Tax"),
  today: defineEndpoint({
    method: "GET",
    path: reportPaths.today,
    summary: "Today's key figures (the admin home), from the sales report's queries",
    tags,
    // The admin home shows them to staff who may open the reports.
    access,
    response: TodayFigures,
  }),
} as const;
