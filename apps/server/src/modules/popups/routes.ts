/**
 * Pop-up routes: staff CRUD (permission `promotions`, declared in the contract and
 * enforced by the access hook) and the storefront's public "running now" list. The public
 * answer depends on the clock to the second, so it is never cached; the pages that ask
 * for it in the browser stay cacheable.
 */
import { popupEndpoints as endpoints } from "@atelier/contract";
import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client.ts";
import { addRoute } from "../../http/routes.ts";
import { activityActor } from "../activity-log/index.ts";
import { popupRepository } from "./repository.ts";
import { popupService } from "./service.ts";

export function popupRoutes(deps: { db: Db }) {
  const popups = popupService(popupRepository(deps.db), deps.db);
  return async (app: FastifyInstance) => {
    addRoute(app, endpoints.list, () => popups.list());
    addRoute(app, endpoints.get, (request) => popups.get(request.params.id));
    addRoute(app, endpoints.create, async (request) => popups.create(request.body, await activityActor(request)));
    addRoute(app, endpoints.update, async (request) =>
      popups.update(request.params.id, request.body, await activityActor(request)),
    );
    addRoute(app, endpoints.setEnabled, async (request) =>
      popups.setEnabled(request.params.id, request.body.isEnabled, await activityActor(request)),
    );
    addRoute(app, endpoints.remove, async (request) => popups.remove(request.params.id, await activityActor(request)));
    addRoute(app, endpoints.active, async (request, reply) => {
      reply.header("cache-control", "no-store");
      return popups.running({ home: request.query.page === "home", categoryId: request.query.categoryId });
    });
  };
}
