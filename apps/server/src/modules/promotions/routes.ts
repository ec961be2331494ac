/** The staff promotions routes; access (`coupons`) comes from the contract. */
import { promotionEndpoints as endpoints, formatMinor, minorDigits } from "@atelier/contract";
import type { FastifyInstance } from "fastify";
import { recordsToCsv, sendCsv } from "../../http/csv.ts";
import { addRoute } from "../../http/routes.ts";
import { activityActor } from "../activity-log/index.ts";
import type { DiscountsService } from "./discounts.ts";
import type { NewArrivalsService } from "./new-arrivals.ts";
import type { PromotionsService } from "./service.ts";

const usageColumns = [
  "when",
  "coupon",
  "code",
  "order",
  "orderStatus",
  "customer",
  "email",
  "guest",
  "currency",
  "discount",
  "freeDelivery",
  "counts",
] as const;

export function promotionRoutes(
  service: PromotionsService,
  discounts: DiscountsService,
  newArrivals: NewArrivalsService,
) {
  return async (app: FastifyInstance) => {
    addRoute(app, endpoints.newArrivals, (request) => newArrivals.page(request.query.page, request.query.pageSize));
    addRoute(app, endpoints.newArrivalsSettings, () => newArrivals.view());
    addRoute(app, endpoints.saveNewArrivals, async (request) =>
      newArrivals.save(request.body, await activityActor(request)),
    );
    addRoute(app, endpoints.discounts, () => discounts.list());
    addRoute(app, endpoints.createDiscount, async (request) =>
      discounts.create(request.body, await activityActor(request)),
    );
    addRoute(app, endpoints.updateDiscount, async (request) =>
      discounts.update(request.params.id, request.body, await activityActor(request)),
    );
    addRoute(app, endpoints.deleteDiscount, async (request) =>
      discounts.remove(request.params.id, await activityActor(request)),
    );
    addRoute(app, endpoints.list, (request) => service.list(request.query));
    addRoute(app, endpoints.create, async (request) => service.create(request.body, await activityActor(request)));
    addRoute(app, endpoints.targets, (request) => service.targets(request.query.q));
    addRoute(app, endpoints.usage, (request) => service.usage(request.query));
    addRoute(app, endpoints.usageExport, async (request, reply) => {
      const page = await service.usage(request.query, true);
      const csv = recordsToCsv(
        page.items.map((row) => ({
          when: row.createdAt,
          coupon: row.couponTitle,
          code: row.code ?? "(automatic)",
          order: row.orderNumber,
          orderStatus: row.orderStatus,
          customer: row.customerName,
          email: row.email,
          guest: row.isGuest ? "yes" : "no",
          currency: row.currency,
          discount: formatMinor(row.amount, minorDigits(row.currency)),
          freeDelivery: row.freeDelivery ? "yes" : "no",
          counts: row.counts ? "yes" : "no",
        })),
        usageColumns,
      );
      return sendCsv(reply, "coupon-usage", csv);
    });
    addRoute(app, endpoints.get, (request) => service.one(request.params.id));
    addRoute(app, endpoints.update, async (request) =>
      service.update(request.params.id, request.body, await activityActor(request)),
    );
    addRoute(app, endpoints.setActive, async (request) =>
      service.setActive(request.params.id, request.body.isActive, request.body.version, await activityActor(request)),
    );
    addRoute(app, endpoints.duplicate, async (request) =>
      service.duplicate(request.params.id, await activityActor(request)),
    );
    addRoute(app, endpoints.remove, async (request) => service.remove(request.params.id, await activityActor(request)));
    addRoute(app, endpoints.generateCodes, async (request) =>
      service.generateCodes(request.params.id, request.body, await activityActor(request)),
    );
    addRoute(app, endpoints.codes, (request) =>
      service.codes(request.params.id, request.query.page, request.query.pageSize),
    );
    addRoute(app, endpoints.codesExport, async (request, reply) => {
      const coupon = await service.one(request.params.id);
      const page = await service.codes(request.params.id, 0, 0);
      const rows = [
        ...(coupon.code ? [{ code: coupon.code, primary: "yes", usageLimit: "", used: "" }] : []),
        ...page.items.map((row) => ({
          code: row.code,
          primary: "no",
          usageLimit: row.usageLimit === null ? "" : String(row.usageLimit),
          used: String(row.used),
        })),
      ];
      return sendCsv(reply, `coupon-${coupon.id}-codes`, recordsToCsv(rows, ["code", "primary", "usageLimit", "used"]));
    });
  };
}
