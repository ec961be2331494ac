/** The staff order routes (issue 7); access (`orders`) comes from the contract. */
import { adminOrderEndpoints as endpoints, minorDigits } from "@atelier/contract";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { callerOf } from "../../http/access.ts";
import { recordsToCsv, sendCsv } from "../../http/csv.ts";
import { addRoute } from "../../http/routes.ts";
import type { Actor } from "../orders/index.ts";
import type { storeSettingsService } from "../settings/index.ts";
import type { AdminOrdersService } from "./service.ts";

async function actorOf(request: FastifyRequest): Promise<Actor> {
  const identity = await callerOf(request);
  return { userId: identity.user.id, name: identity.user.name || identity.user.email, email: identity.user.email };
}

export function adminOrderRoutes(deps: {
  service: AdminOrdersService;
  settings: ReturnType<typeof storeSettingsService>;
}) {
  const { service, settings } = deps;
  return async (app: FastifyInstance) => {
    // The spec's email parameter grants nothing: the session's `orders` permission decides.
    addRoute(app, endpoints.buyingHistory, () => service.buyingHistory());
    addRoute(app, endpoints.badges, () => service.badges());
    addRoute(app, endpoints.list, (request) => service.list(request.query));
    addRoute(app, endpoints.exportCsv, async (request, reply) => {
      const rows = await service.exportRows(request.query);
      const digits = (currency: string) => minorDigits(currency);
      const money = (amount: number, currency: string) => (amount / 10 ** digits(currency)).toFixed(digits(currency));
      const csv = recordsToCsv(
        rows.map((row) => ({
          number: row.number,
          placedAt: row.placedAt.toISOString(),
          customer: row.customerName,
          email: row.email,
          phone: row.phone,
          status: row.status,
          paymentMethod: row.paymentMethod,
          paymentState: row.paymentState,
          deliveryZone: row.deliveryZoneName,
          items: row.itemCount,
          currency: row.currency,
          total: money(row.total, row.currency),
          checked: row.isChecked ? "yes" : "no",
          checkedDate: row.checkedDate?.toISOString() ?? "",
        })),
      );
      return sendCsv(reply, "orders", csv);
    });
    addRoute(app, endpoints.bulk, async (request) => service.bulk(request.body, await actorOf(request)));
    addRoute(app, endpoints.carts, async () => service.carts((await settings.get()).currency));
    addRoute(app, endpoints.get, (request) => service.get(request.params.id));
    addRoute(app, endpoints.check, async (request) =>
      service.check(request.params.id, request.body.checked, request.body.version, await actorOf(request)),
    );
    addRoute(app, endpoints.status, async (request) =>
      service.status(request.params.id, request.body, await actorOf(request)),
    );
    addRoute(app, endpoints.refund, async (request) =>
      service.refund(request.params.id, request.body, await actorOf(request)),
    );
    addRoute(app, endpoints.verifyPayment, async (request) =>
      service.verifyPayment(request.params.id, request.body, await actorOf(request)),
    );
    addRoute(app, endpoints.note, async (request) =>
      service.note(request.params.id, request.body.message, await actorOf(request)),
    );
  };
}
