/** Staff handling of cancel/return requests; access (`orders`) comes from the contract. */
import { orderRequestAdminEndpoints as endpoints } from "@atelier/contract";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { callerOf } from "../../http/access.ts";
import { addRoute } from "../../http/routes.ts";
import type { Actor } from "../orders/index.ts";
import type { OrderRequestsAdmin } from "./service.ts";

async function actorOf(request: FastifyRequest): Promise<Actor> {
  const { user } = await callerOf(request);
  return { userId: user.id, name: user.name || user.email, email: user.email };
}

export function orderRequestAdminRoutes(service: OrderRequestsAdmin) {
  return async (app: FastifyInstance) => {
    addRoute(app, endpoints.list, (request) => service.list(request.query));
    addRoute(app, endpoints.approve, async (request) =>
      service.approve(request.params.id, request.body, await actorOf(request)),
    );
    addRoute(app, endpoints.reject, async (request) =>
      service.reject(request.params.id, request.body, await actorOf(request)),
    );
    addRoute(app, endpoints.received, async (request) =>
      service.received(request.params.id, request.body, await actorOf(request)),
    );
  };
}
