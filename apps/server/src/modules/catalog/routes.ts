/** The storefront's REST catalogue calls. */
import { catalogEndpoints } from "@atelier/contract";
import type { FastifyInstance } from "fastify";
import { callerHas } from "../../http/access.ts";
import { addRoute } from "../../http/routes.ts";
import type { CatalogService } from "./service.ts";

export function catalogRoutes(catalog: CatalogService) {
  return async (app: FastifyInstance) => {
    addRoute(app, catalogEndpoints.taxonomy, () => catalog.taxonomy());
    addRoute(app, catalogEndpoints.series, () => catalog.series());
    addRoute(app, catalogEndpoints.products, (request) => catalog.products(request.query));
    addRoute(app, catalogEndpoints.productDetails, (request) =>
      catalog.productDetails(request.params.productId, () => callerHas(request, "products")),
    );
  };
}
