/** Statistics / Views and Sync Sales Count (Dashboard group): thin handlers over the service. */
import { productStatsEndpoints as endpoints } from "@atelier/contract";
import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client.ts";
import { addRoute } from "../../http/routes.ts";
import { activityActor } from "../activity-log/index.ts";
import { productStatsRepository } from "./repository.ts";
import { productStatsService } from "./service.ts";

export function productStatsRoutes(deps: { db: Db; catalog: { invalidate: () => void } }) {
  const service = productStatsService({
    db: deps.db,
    repo: productStatsRepository(deps.db),
    onCatalogChanged: deps.catalog.invalidate,
  });

  return async (app: FastifyInstance) => {
    addRoute(app, endpoints.views, (request) => service.views(request.query));
    addRoute(app, endpoints.syncSalesCount, async (request) =>
      service.syncSalesCountBatch(request.body, await activityActor(request)),
    );
  };
}
