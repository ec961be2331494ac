/**
 * Collab routes: staff calls (permission `promotions`, from the contract) and the
 * storefront's reads and "Notify me" (rate-limited per IP).
 */
import { collabEndpoints as endpoints, formatMinor, minorDigits } from "@atelier/contract";
import type { FastifyInstance } from "fastify";
import { recordsToCsv } from "../../http/csv.ts";
import { addRoute } from "../../http/routes.ts";
import { activityActor } from "../activity-log/index.ts";
import type { CollaboratorsService } from "./collaborators.ts";
import type { DropsService } from "./drops.ts";
import type { NotifyService } from "./notify.ts";
import type { StatementsService } from "./statements.ts";

export function collabRoutes(deps: {
  collaborators: CollaboratorsService;
  drops: DropsService;
  notify: NotifyService;
  statements: StatementsService;
  notifyPerIpPerMinute: number;
}) {
  const { collaborators, drops, notify, statements } = deps;
  return async (app: FastifyInstance) => {
    addRoute(app, endpoints.adminList, () => collaborators.list());
    addRoute(app, endpoints.adminGet, (request) => collaborators.get(request.params.id));
    addRoute(app, endpoints.create, async (request) =>
      collaborators.create(request.body, await activityActor(request)),
    );
    addRoute(app, endpoints.update, async (request) =>
      collaborators.update(request.params.id, request.body, await activityActor(request)),
    );
    addRoute(app, endpoints.linkCoupon, async (request) =>
      collaborators.linkCoupon(request.params.id, request.body.couponId, await activityActor(request)),
    );
    addRoute(app, endpoints.unlinkCoupon, async (request) =>
      collaborators.unlinkCoupon(request.params.id, request.params.couponId, await activityActor(request)),
    );
    addRoute(app, endpoints.productOptions, (request) => collaborators.productOptions(request.query));
    addRoute(app, endpoints.couponOptions, (request) => collaborators.couponOptions(request.query.q));
    addRoute(app, endpoints.drops, () => drops.list());
    addRoute(app, endpoints.drop, (request) => drops.get(request.params.id));
    addRoute(app, endpoints.createDrop, async (request) => drops.create(request.body, await activityActor(request)));
    addRoute(app, endpoints.updateDrop, async (request) =>
      drops.update(request.params.id, request.body, await activityActor(request)),
    );
    addRoute(app, endpoints.statements, (request) => statements.list(request.params.id));
    addRoute(app, endpoints.createStatement, async (request) =>
      statements.create(request.params.id, request.body, await activityActor(request)),
    );
    addRoute(app, endpoints.statement, (request) => statements.get(request.params.id));
    addRoute(app, endpoints.statementCsv, async (request, reply) => {
      const statement = await statements.get(request.params.id);
      const digits = minorDigits(statement.currency);
      const csv = recordsToCsv(
        statement.lines.map((line) => ({
          order: line.orderNumber,
          date: line.placedAt,
          kind: line.kind,
          units: line.units,
          currency: statement.currency,
          net: formatMinor(line.net, digits),
          due: formatMinor(line.due, digits),
        })),
      );
      return reply
        .type("text/csv; charset=utf-8")
        .header(
          "content-disposition",
          `attachment; filename="statement-${statement.id}-${statement.periodStart.slice(0, 10)}.csv"`,
        )
        .send(csv);
    });
    addRoute(app, endpoints.markPaid, async (request) =>
      statements.markPaid(request.params.id, request.body.reference, await activityActor(request)),
    );

    addRoute(app, endpoints.list, (request) => collaborators.cards(request.query.kind));
    addRoute(app, endpoints.one, (request) => collaborators.page(request.params.kind, request.params.slug));
    addRoute(app, endpoints.forProduct, async (request, reply) => {
      reply.header("cache-control", "no-store");
      const [list, drop] = await Promise.all([
        collaborators.ofProduct(request.params.id),
        drops.ofProduct(request.params.id),
      ]);
      return { collaborators: list, drop };
    });
    addRoute(app, endpoints.notify, (request) => notify.subscribe(request.body), {
      config: { rateLimit: { max: deps.notifyPerIpPerMinute, timeWindow: "1 minute" } },
    });
    addRoute(app, endpoints.notifyConfirm, (request) => notify.confirm(request.body.token), {
      config: { rateLimit: { max: deps.notifyPerIpPerMinute, timeWindow: "1 minute" } },
    });
  };
}
