/**
 * The Dashboard group's two pages (spec section 2): Statistics / Views (product page
 * views per day, bots excluded) and Sync Sales Count (recomputes each product's sales
 * count from orders, one stateless batch per call). Both need the `dashboard` permission.
 */
import { z } from "zod";
import { apiPaths } from "./api-paths.ts";
import { defineEndpoint } from "./endpoint.ts";

/** The longest range the views page asks for: a leap year. */
export const MAX_VIEWS_RANGE_DAYS = 366;

/** A calendar day (UTC) as `YYYY-MM-DD`, checked to be a real date. */
export const Day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: "must be a date (YYYY-MM-DD)" })
  .refine(
    (value) => {
      const time = Date.parse(`${value}T00:00:00Z`);
      return !Number.isNaN(time) && new Date(time).toISOString().startsWith(value);
    },
    { error: "must be a real date" },
  );

export const ViewsQuery = z.object({ from: Day, to: Day });
export type ViewsQuery = z.input<typeof ViewsQuery>;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Days from `from` to `to`, both included (0 or less when `to` is before `from`). */
export function daysInRange(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

/**
 * What is wrong with a range of valid days, as the field to blame and its message, or null.
 * The server refuses such a range with 422; the date form shows the same message first.
 */
export function viewsRangeProblem(range: {
  from: string;
  to: string;
}): { field: "from" | "to"; message: string } | null {
  const days = daysInRange(range.from, range.to);
  if (days < 1) return { field: "from", message: "must be on or before the end date" };
  if (days > MAX_VIEWS_RANGE_DAYS) {
    return { field: "to", message: `must be at most ${MAX_VIEWS_RANGE_DAYS - 1} days after the start date` };
  }
  return null;
}

/** The date form's schema: valid days that make a valid range. */
export const ViewsRange = ViewsQuery.superRefine((range, context) => {
  const problem = viewsRangeProblem(range);
  if (problem) context.addIssue({ code: "custom", path: [problem.field], message: problem.message });
});

export const TopViewedProduct = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The product's first image, if it has one. */
  image: z.string().nullable(),
  views: z.number().int(),
});
export type TopViewedProduct = z.infer<typeof TopViewedProduct>;

export const ProductViewsReport = z
  .object({
    from: z.string(),
    to: z.string(),
    /** Every day of the range, oldest first; days without views count zero. */
    days: z.array(z.object({ date: z.string(), views: z.number().int() })),
    totalViews: z.number().int(),
    /** The most viewed products of the range, most views first. */
    topProducts: z.array(TopViewedProduct),
  })
  .meta({ id: "ProductViewsReport" });
export type ProductViewsReport = z.infer<typeof ProductViewsReport>;

export const SalesCountBatchBody = z.object({
  /** The last product id of the previous batch; null to start from the first product. */
  afterId: z.number().int().nonnegative().nullable(),
  batchSize: z.number().int().min(1).max(1000).default(200),
});
export type SalesCountBatchBody = z.input<typeof SalesCountBatchBody>;

export const SalesCountBatch = z
  .object({
    /** Products recomputed in this batch. */
    processed: z.number().int(),
    /** All products in the shop, for the progress bar. */
    total: z.number().int(),
    /** Products of this batch whose sales count changed. */
    changed: z.number().int(),
    /** Pass as `afterId` for the next batch; null when this was the last one. */
    nextAfterId: z.number().int().nullable(),
  })
  .meta({ id: "SalesCountBatch" });
export type SalesCountBatch = z.infer<typeof SalesCountBatch>;

const tags = ["admin: dashboard"];

export const productStatsEndpoints = {
  views: defineEndpoint({
    method: "GET",
    path: apiPaths.adminStatsViews,
    summary: "Product page views per day in a date range (UTC), with the most viewed products",
    tags,
    access: { permission: "dashboard" },
    query: ViewsQuery,
    response: ProductViewsReport,
  }),
  syncSalesCount: defineEndpoint({
    method: "POST",
    path: apiPaths.adminSyncSalesCount,
    summary: "Recomputes the sales count of one batch of products (by id) from orders",
    tags,
    access: { permission: "dashboard" },
    body: SalesCountBatchBody,
    response: SalesCountBatch,
  }),
} as const;
