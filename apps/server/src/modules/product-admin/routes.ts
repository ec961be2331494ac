/**
 * Products admin (permission "products"): thin handlers over the service and the importer.
 * An invalid body (a price below zero, a variant without a size) is a 422 with its fields
 * from the app's one error handler (ADR 0006): the form shows them beside its fields.
 */
import { productAdminEndpoints as endpoints, importMaxChars, minorDigits } from "@atelier/contract";
import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client.ts";
import { addRoute } from "../../http/routes.ts";
import { activityActor } from "../activity-log/index.ts";
import type { StoreSettingsService } from "../settings/index.ts";
import { toCsv } from "./csv.ts";
import { productImporter } from "./import.ts";
import { productListRepository } from "./list-repository.ts";
import { productRepository } from "./repository.ts";
import { productAdminService } from "./service.ts";

export function productAdminRoutes(deps: { db: Db; settings: StoreSettingsService; invalidate: () => void }) {
  const repo = productRepository(deps.db);
  const lists = productListRepository(deps.db);
  const service = productAdminService({ ...deps, repo, lists });
  const importer = productImporter({ ...deps, repo, lists });

  return async (app: FastifyInstance) => {
    addRoute(app, endpoints.list, (request) => service.list(request.query));
    addRoute(app, endpoints.options, () => service.options());
    addRoute(app, endpoints.exportCsv, async (request, reply) => {
      const [rows, { currency }] = await Promise.all([lists.exportRows(request.query), deps.settings.get()]);
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .type("text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="products-${day}.csv"`)
        .send(toCsv(rows, minorDigits(currency)));
    });
    addRoute(app, endpoints.get, (request) => service.get(request.params.id));
    addRoute(app, endpoints.create, async (request) => service.create(request.body, await activityActor(request)));
    addRoute(app, endpoints.update, async (request) =>
      service.update(request.params.id, request.body, await activityActor(request)),
    );
    addRoute(app, endpoints.bulk, async (request) =>
      service.bulk(request.body.action, request.body.ids, await activityActor(request)),
    );
    // Fastify's default 1 MB body limit would refuse files the contract accepts; quotes and
    // line breaks may double in JSON, so the limit is twice the CSV's.
    addRoute(
      app,
      endpoints.importCsv,
      async (request) => importer.run(request.body.csv, request.query.dryRun === "true", await activityActor(request)),
      { bodyLimit: 2 * importMaxChars + 1024 },
    );
  };
}
