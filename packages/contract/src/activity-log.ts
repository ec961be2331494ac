/**
 * The staff activity log (issue 20): who did what and when in the admin, with the changed
 * fields' values before and after. Entries are written by the server in the same
 * transaction as the change; staff holding `roles` read them, filter them and export CSV.
 * The action keys and their labels are zod-free (`activity-actions.ts`, exported by constants).
 */
import { z } from "zod";
import { apiPaths } from "./api-paths.ts";
import { pageOf } from "./common.ts";
import { defineEndpoint } from "./endpoint.ts";

/** A date (YYYY-MM-DD, UTC) or a full ISO timestamp. */
const DateBound = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/, { error: "must be a date (YYYY-MM-DD)" })
  .refine((value) => !Number.isNaN(Date.parse(value)), { error: "must be a real date" });

/** The filters, shared by the list and the CSV export. */
export const ActivityLogFilter = z.object({
  /** A staff member's user id. */
  actor: z.string().trim().min(1).max(64).optional(),
  /** An action key (`product.update`) or a whole group (`product`). */
  action: z
    .string()
    .trim()
    .min(1)
    .max(60)
    .regex(/^[a-z-]+(\.[a-z-]+)?$/, { error: "is not an action" })
    .optional(),
  subjectType: z.string().trim().min(1).max(40).optional(),
  subjectId: z.string().trim().min(1).max(64).optional(),
  /** From this day (inclusive, UTC) or instant. */
  from: DateBound.optional(),
  /** Up to this day (inclusive, UTC) or instant. */
  to: DateBound.optional(),
  /** Words in the subject's label, its id, or the staff member's name or email. */
  search: z.string().trim().max(200).optional(),
});
export type ActivityLogFilter = z.input<typeof ActivityLogFilter>;

export const ActivityLogQuery = ActivityLogFilter.extend({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export type ActivityLogQuery = z.input<typeof ActivityLogQuery>;

const Values = z.record(z.string(), z.unknown()).nullable();

export const ActivityEntry = z
  .object({
    id: z.number().int(),
    at: z.string(),
    actor: z.object({ id: z.string().nullable(), name: z.string(), email: z.string() }),
    action: z.string(),
    actionLabel: z.string(),
    subject: z.object({ type: z.string(), id: z.string(), label: z.string() }),
    /** The changed fields before the change (null when something was created). */
    before: Values,
    /** The changed fields after the change (null when something was deleted). */
    after: Values,
  })
  .meta({ id: "ActivityEntry" });
export type ActivityEntry = z.infer<typeof ActivityEntry>;

export const ActivityLogPage = pageOf(ActivityEntry).extend({
  /** Staff who have entries, for the "staff member" filter. */
  actors: z.array(z.object({ id: z.string(), name: z.string(), email: z.string() })),
});
export type ActivityLogPage = z.infer<typeof ActivityLogPage>;

const tags = ["admin: activity log"];
const access = { permission: "roles" } as const;

export const activityLogEndpoints = {
  list: defineEndpoint({
    method: "GET",
    path: apiPaths.adminActivityLog,
    summary: "Staff actions, newest first: filter by staff member, action, subject and dates",
    tags,
    access,
    query: ActivityLogQuery,
    response: ActivityLogPage,
  }),
  exportCsv: defineEndpoint({
    method: "GET",
    path: apiPaths.adminActivityLogExport,
    summary: "The filtered staff actions as CSV (text/csv), newest first, at most 50,000 rows",
    tags,
    access,
    query: ActivityLogFilter,
    response: z.string(),
  }),
} as const;
