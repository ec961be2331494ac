/** The admin home (/admin): counts and recent activity from the data that exists. */
import { z } from "zod";
import { apiPaths } from "./api-paths.ts";
import { defineEndpoint } from "./endpoint.ts";

export const ActivityItem = z.object({
  kind: z.enum(["sign-up", "sign-in", "product-updated", "role-changed"]),
  at: z.string(),
  title: z.string(),
  detail: z.string(),
  /** An admin path to open, when the viewer may see it. */
  href: z.string().nullable(),
});
export type ActivityItem = z.infer<typeof ActivityItem>;

export const AdminDashboard = z
  .object({
    counts: z.object({
      products: z.number().int(),
      publishedProducts: z.number().int(),
      unpublishedProducts: z.number().int(),
      outOfStockVariants: z.number().int(),
      categories: z.number().int(),
      series: z.number().int(),
      customers: z.number().int(),
      staff: z.number().int(),
      signUps7d: z.number().int(),
    }),
    signUps: z.array(z.object({ date: z.string(), count: z.number().int() })),
    recent: z.array(ActivityItem),
  })
  .meta({ id: "AdminDashboard" });
export type AdminDashboard = z.infer<typeof AdminDashboard>;

export const dashboardEndpoints = {
  dashboard: defineEndpoint({
    method: "GET",
    path: apiPaths.adminDashboard,
    summary: "Counts and recent activity for the admin home",
    tags: ["admin: dashboard"],
    access: "staff",
    response: AdminDashboard,
  }),
} as const;
