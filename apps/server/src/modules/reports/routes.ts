/** The reports' routes; access (`reports`) comes from the contract. */
import { reportEndpoints as endpoints, type ReportKind } from "@atelier/contract";
import type { FastifyInstance } from "fastify";
import { addRoute } from "../../http/routes.ts";
import type { ReportsService } from "./service.ts";

export function reportRoutes(service: ReportsService) {
  return async (app: FastifyInstance) => {
    const kinds: ReportKind[] = ["sales", "inventory", "customers", "tax"];
    for (const kind of kinds) {
      addRoute(app, endpoints[kind], (request) => service.report(kind, request.query));
      addRoute(app, endpoints[`${kind}Export`], async (request, reply) => {
        const { csv, filename } = await service.csv(kind, request.query);
        return reply
          .type("text/csv; charset=utf-8")
          .header("content-disposition", `attachment; filename="${filename}"`)
          .send(csv);
      });
    }
    addRoute(app, endpoints.today, () => service.today());
  };
}
