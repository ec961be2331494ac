/**
 * The spec's calls (section 7) under their verbatim paths: thin aliases onto the same
 * services as the REST API. They are public reads of the catalogue; the `/admin`
 * prefix is the spec's naming, not a permission.
 */
import { compatEndpoints } from "@atelier/contract";
import type { FastifyInstance } from "fastify";
import { addRoute } from "../../http/routes.ts";
import type { CatalogService } from "../catalog/index.ts";
import type { MediaStore } from "../media/index.ts";

export function compatRoutes(deps: { catalog: CatalogService; media: MediaStore }) {
  const { catalog, media } = deps;
  return async (app: FastifyInstance) => {
    addRoute(app, compatEndpoints.viewProductCategories, () => catalog.categories());
    addRoute(app, compatEndpoints.viewGenders, () => catalog.genders());
    addRoute(app, compatEndpoints.viewProductSubCategory, (request) =>
      catalog.subCategories(request.params.categoryId),
    );
    addRoute(app, compatEndpoints.viewProductSubSubCategory, (request) =>
      catalog.subSubCategories(request.params.subCategoryId),
    );
    addRoute(app, compatEndpoints.getImage, (request, reply) => media.send(request.params.filename, request, reply));
  };
}
