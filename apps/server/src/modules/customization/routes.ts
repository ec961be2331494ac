/**
 * Customization requests: the shopper's calls (public in the contract because guests use
 * them; each handler asks `shopperOf`) and the staff calls (the `orders` permission,
 * enforced by the contract's access), including the spec's get-all-customization-requests.
 */
import { customizationEndpoints as endpoints } from "@atelier/contract";
import type { FastifyInstance } from "fastify";
import { addRoute } from "../../http/routes.ts";
import { shopperOf } from "../../http/shopper.ts";
import { activityActor } from "../activity-log/index.ts";
import type { CustomizationService } from "./service.ts";

export function customizationRoutes(service: CustomizationService) {
  return async (app: FastifyInstance) => {
    addRoute(app, endpoints.options, () => service.options());
    addRoute(app, endpoints.create, async (request) => service.create(await shopperOf(request), request.body), {
      config: { rateLimit: { max: 20, timeWindow: "1 hour" } },
    });
    addRoute(app, endpoints.mine, async (request) => service.mine(await shopperOf(request)));
    addRoute(app, endpoints.one, async (request) => service.one(await shopperOf(request), request.params.id));
    addRoute(app, endpoints.accept, async (request) =>
      service.accept(await shopperOf(request), request.params.id, request.body.version),
    );
    addRoute(app, endpoints.cancel, async (request) =>
      service.cancel(await shopperOf(request), request.params.id, request.body.version),
    );

    // The query's email and id grant nothing: access is the contract's `orders` permission.
    addRoute(app, endpoints.getAll, () => service.all());
    addRoute(app, endpoints.adminOne, (request) => service.byId(request.params.id));
    addRoute(app, endpoints.check, async (request) =>
      service.check(request.params.id, request.body.version, request.body.isChecked, await activityActor(request)),
    );
    addRoute(app, endpoints.quote, async (request) =>
      service.quote(request.params.id, request.body, await activityActor(request)),
    );
    addRoute(app, endpoints.reject, async (request) =>
      service.reject(request.params.id, request.body, await activityActor(request)),
    );
  };
}
