/** Webhooks in the back office (issue 38 item 1): thin handlers over the service. */
import { webhookEndpoints as endpoints } from "@atelier/contract";
import type { FastifyInstance } from "fastify";
import { addRoute } from "../../http/routes.ts";
import { activityActor } from "../activity-log/index.ts";
import type { WebhooksService } from "./service.ts";

export function webhookRoutes(service: WebhooksService) {
  return async (app: FastifyInstance) => {
    addRoute(app, endpoints.list, () => service.list());
    addRoute(app, endpoints.create, async (request) => service.create(await activityActor(request), request.body));
    addRoute(app, endpoints.update, async (request) =>
      service.update(await activityActor(request), request.params.id, request.body),
    );
    addRoute(app, endpoints.remove, async (request) => service.remove(await activityActor(request), request.params.id));
    addRoute(app, endpoints.rotateSecret, async (request) =>
      service.rotateSecret(await activityActor(request), request.params.id, request.body),
    );
    addRoute(app, endpoints.sendTest, async (request) =>
      service.sendTest(await activityActor(request), request.params.id),
    );
    addRoute(app, endpoints.deliveries, (request) => service.deliveries(request.params.id, request.query));
    addRoute(app, endpoints.delivery, (request) => service.delivery(request.params.id));
    addRoute(app, endpoints.redeliver, async (request) =>
      service.redeliver(await activityActor(request), request.params.id),
    );
  };
}
