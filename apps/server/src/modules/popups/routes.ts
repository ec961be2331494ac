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
import { popupRepository } from "./repository.ts";
import { popupService } from "./service.ts";

export function popupRoutes(deps: { db: Db }) {
  const popups = popupService(popupRepository(deps.db));
  return async (app: FastifyInstance) => {
    addRoute(app, endpoints.list, () => popups.list());
    addRoute(app, endpoints.get, (request) => popups.get(request.params.id));
    addRoute(app, endpoints.create, (request) => popups.create(request.body));
    addRoute(app, endpoints.update, (request) => popups.update(request.params.id, request.body));
    addRoute(app, endpoints.setEnabled, (request) => popups.setEnabled(request.params.id, request.body.isEnabled));
    addRoute(app, endpoints.remove, (request) => popups.remove(request.params.id));
    addRoute(app, endpoints.active, async (request, reply) => {
      reply.header("cache-control", "no-store");
      return popups.running({ home: request.query.page === "home", categoryId: request.query.categoryId });
    });
  };
}
