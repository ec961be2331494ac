/**
 * Products admin (permission "products"): thin handlers over the service and the importer.
 * In this scope an invalid body is a 422 with its fields (a price below zero, a variant
 * without a size): the form shows them beside its fields.
 */
import { productAdminEndpoints as endpoints, minorDigits } from "@atelier/contract";
import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import type { Db } from "../../db/client.ts";
import { ValidationError } from "../../errors.ts";
import { addRoute } from "../../http/routes.ts";
import type { StoreSettingsService } from "../storefront/settings.ts";
import { toCsv } from "./csv.ts";
import { productImporter } from "./import.ts";
import { productListRepository } from "./list-repository.ts";
import { productRepository } from "./repository.ts";
import { productAdminService } from "./service.ts";

/** A body that fails the contract's schema: 422 with one message per field path ("variants.0.sizeId"). */
function bodyErrorsAre422(error: FastifyError): never {
  if (hasZodFastifySchemaValidationErrors(error) && error.validationContext === "body") {
    const fields: Record<string, string> = {};
    for (const issue of error.validation) {
      const name = issue.instancePath.replace(/^\//, "").replaceAll("/", ".") || "request";
      fields[name] ??= issue.message ?? "is invalid";
    }
    throw new ValidationError("Check the highlighted fields.", fields);
  }
  throw error;
}

export function productAdminRoutes(deps: { db: Db; settings: StoreSettingsService; invalidate: () => void }) {
  const repo = productRepository(deps.db);
  const lists = productListRepository(deps.db);
  const service = productAdminService({ ...deps, repo, lists });
  const importer = productImporter({ ...deps, repo, lists });

  return async (app: FastifyInstance) => {
    // Thrown on, the error reaches the app's one error handler.
    app.setErrorHandler(bodyErrorsAre422);

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
    addRoute(app, endpoints.create, (request) => service.create(request.body));
    addRoute(app, endpoints.update, (request) => service.update(request.params.id, request.body));
    addRoute(app, endpoints.bulk, (request) => service.bulk(request.body.action, request.body.ids));
    addRoute(app, endpoints.importCsv, (request) => importer.run(request.body.csv, request.query.dryRun === "true"));
  };
}
