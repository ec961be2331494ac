/** The admin home's one call: any staff member may open it. */
import { dashboardEndpoints } from "@atelier/contract";
import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client.ts";
import { callerOf } from "../../http/access.ts";
import { addRoute } from "../../http/routes.ts";
import { insightsRepository } from "../users/index.ts";
import { dashboardRepository } from "./repository.ts";
import { dashboardService } from "./service.ts";

export function dashboardRoutes(deps: { db: Db }) {
  const service = dashboardService({ repo: dashboardRepository(deps.db), insights: insightsRepository(deps.db) });

  return async (app: FastifyInstance) => {
    addRoute(app, dashboardEndpoints.dashboard, async (request) => {
      const { user } = await callerOf(request);
      return service.dashboard(await app.identity.accessOf(request, user.id));
    });
  };
}
