/**
 * The staff's ⌘K palette (issue 38): one call finds orders (by number or email), products
 * (by name or SKU) and customers (by name or email), each kind only for a staff member whose
 * roles grant its area (orders, products, users); the palette lists the admin pages itself.
 */
import { z } from "zod";
import { apiPaths } from "./api-paths.ts";
import { defineEndpoint } from "./endpoint.ts";

export const AdminSearchQuery = z.object({
  q: z.string().trim().min(1).max(100),
});

export const AdminSearchResults = z
  .object({
    orders: z.array(
      z.object({
        id: z.number().int(),
        number: z.string(),
        email: z.string(),
        customerName: z.string(),
        status: z.string(),
        total: z.number().int(),
        currency: z.string(),
      }),
    ),
    products: z.array(
      z.object({
        id: z.number().int(),
        name: z.string(),
        /** The SKU that matched, when the text was a SKU. */
        sku: z.string().nullable(),
        isPublished: z.boolean(),
      }),
    ),
    customers: z.array(z.object({ id: z.string(), name: z.string(), email: z.string() })),
  })
  .meta({ id: "AdminSearchResults" });
export type AdminSearchResults = z.infer<typeof AdminSearchResults>;

export const adminSearchEndpoints = {
  search: defineEndpoint({
    method: "GET",
    path: apiPaths.adminSearch,
    summary: "The ⌘K palette: orders, products and customers matching a text, in the areas the caller's roles grant",
    tags: ["admin: dashboard"],
    access: "staff",
    query: AdminSearchQuery,
    response: AdminSearchResults,
  }),
} as const;
