/**
 * The inventory routes: the staff calls (access `inventory`, from the contract) and the
 * storefront's public availability of a product for a delivery zone.
 */
import { inventoryEndpoints as endpoints } from "@atelier/contract";
import type { FastifyInstance } from "fastify";
import { addRoute } from "../../http/routes.ts";
import { activityActor } from "../activity-log/index.ts";
import type { InventoryService } from "./service.ts";

const day = () => new Date().toISOString().slice(0, 10);

export function inventoryRoutes(
  service: InventoryService,
  deps: { invalidateCatalog: () => void; invalidateSettings: () => void },
) {
  /** Stock the storefront shows changed: its cached pages go (after the change committed). */
  const changed = <T>(value: T): T => {
    deps.invalidateCatalog();
    return value;
  };
  return async (app: FastifyInstance) => {
    // Zone-specific figures are asked for after hydration: never part of a cached page.
    addRoute(app, endpoints.availability, async (request, reply) => {
      reply.header("cache-control", "no-store");
      return service.availability(request.params.productId, request.query.zoneId);
    });
    addRoute(app, endpoints.warehouses, () => service.warehouses());
    addRoute(app, endpoints.createWarehouse, async (request) =>
      service.createWarehouse(request.body, await activityActor(request)),
    );
    addRoute(app, endpoints.updateWarehouse, async (request) =>
      changed(await service.updateWarehouse(request.params.id, request.body, await activityActor(request))),
    );
    addRoute(app, endpoints.stock, (request) => service.stock(request.query));
    addRoute(app, endpoints.stockExport, async (request, reply) => {
      const csv = await service.stockCsv(request.query);
      return reply
        .type("text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="stock-status-${day()}.csv"`)
        .send(csv);
    });
    addRoute(app, endpoints.adjust, async (request) =>
      changed(await service.adjust(request.body, await activityActor(request))),
    );
    addRoute(app, endpoints.incoming, async (request) =>
      service.setIncoming(request.body, await activityActor(request)),
    );
    addRoute(app, endpoints.history, (request) => service.history(request.params.id));
    addRoute(app, endpoints.transfers, (request) => service.transfers(request.query.status));
    addRoute(app, endpoints.createTransfer, async (request) =>
      changed(await service.createTransfer(request.body, await activityActor(request))),
    );
    addRoute(app, endpoints.receiveTransfer, async (request) =>
      changed(await service.receiveTransfer(request.params.id, await activityActor(request))),
    );
    const posted = <T extends { posted: boolean }>(report: T): T => (report.posted ? changed(report) : report);
    addRoute(app, endpoints.count, async (request) =>
      posted(await service.count(request.body, await activityActor(request))),
    );
    addRoute(app, endpoints.countImport, async (request) =>
      posted(await service.countImport(request.body, await activityActor(request))),
    );
    addRoute(app, endpoints.lowStock, (request) => service.lowStock(request.query.page, request.query.pageSize));
    addRoute(app, endpoints.setThreshold, async (request) =>
      service.setThreshold(request.body, await activityActor(request)),
    );
    addRoute(app, endpoints.settings, () => service.settings());
    addRoute(app, endpoints.saveSettings, async (request) => {
      const saved = await service.saveSettings(request.body, await activityActor(request));
      // "Only N left" is a store setting the pages read: both caches go.
      deps.invalidateSettings();
      return changed(saved);
    });
  };
}
