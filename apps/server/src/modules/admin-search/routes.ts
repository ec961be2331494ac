/** The ⌘K palette's one call (issue 38): what a staff member may open, matching a text. */
import { type AdminSearchResults, adminSearchEndpoints } from "@atelier/contract";
import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client.ts";
import { callerOf } from "../../http/access.ts";
import { addRoute } from "../../http/routes.ts";
import { adminSearchRepository } from "./repository.ts";

export function adminSearchRoutes(deps: { db: Db }) {
  const repo = adminSearchRepository(deps.db);
  return async (app: FastifyInstance) => {
    addRoute(app, adminSearchEndpoints.search, async (request) => {
      const { user } = await callerOf(request);
      const { permissions } = await app.identity.accessOf(request, user.id);
      const text = request.query.q;
      // Each kind only for the areas the caller's roles grant; the others are not even asked.
      const [orders, products, customers] = await Promise.all([
        permissions.includes("orders") ? repo.orders(text) : [],
        permissions.includes("products") ? repo.products(text) : [],
        permissions.includes("users") ? repo.customers(text) : [],
      ]);
      return { orders, products, customers } satisfies AdminSearchResults;
    });
  };
}
