/**
 * The staff side of the catalogue taxonomy (series, categories, product types, colors,
 * sizes, fabrics, navbar order): thin handlers over the two services. Every write clears
 * the catalogue's response cache, so the storefront shows it on the next request.
 */
import { taxonomyAdminEndpoints as endpoints } from "@atelier/contract";
import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client.ts";
import { addRoute } from "../../http/routes.ts";
import { activityActor } from "../activity-log/index.ts";
import type { CatalogService } from "../catalog/index.ts";
import { attributesRepository } from "./attributes-repository.ts";
import { attributesService } from "./attributes-service.ts";
import { categoriesRepository } from "./categories-repository.ts";
import { categoriesService } from "./categories-service.ts";

export function taxonomyAdminRoutes(deps: { db: Db; catalog: Pick<CatalogService, "invalidate"> }) {
  const { db, catalog } = deps;
  const invalidate = () => catalog.invalidate();
  const tree = categoriesService({ db, repo: categoriesRepository(db), invalidate });
  const { series, productTypes, colors, sizes, fabrics } = attributesService({
    db,
    repo: attributesRepository(db),
    invalidate,
  });
  const ok = { ok: true } as const;

  return async (app: FastifyInstance) => {
    addRoute(app, endpoints.listSeries, () => series.list());
    addRoute(app, endpoints.createSeries, async (request) => series.create(request.body, await activityActor(request)));
    addRoute(app, endpoints.updateSeries, async (request) =>
      series.update(request.params.id, request.body, await activityActor(request)),
    );
    addRoute(app, endpoints.deleteSeries, async (request) => {
      await series.delete(request.params.id, await activityActor(request));
      return ok;
    });

    addRoute(app, endpoints.listCategories, () => tree.tree());
    addRoute(app, endpoints.createCategory, async (request) =>
      tree.createCategory(request.body, await activityActor(request)),
    );
    addRoute(app, endpoints.updateCategory, async (request) =>
      tree.updateCategory(request.params.id, request.body, await activityActor(request)),
    );
    addRoute(app, endpoints.deleteCategory, async (request) => {
      await tree.deleteCategory(request.params.id, await activityActor(request));
      return ok;
    });
    addRoute(app, endpoints.orderCategories, async (request) =>
      tree.order(request.body.categoryIds, await activityActor(request)),
    );
    addRoute(app, endpoints.createSubCategory, async (request) =>
      tree.createSubCategory(request.params.categoryId, request.body, await activityActor(request)),
    );
    addRoute(app, endpoints.updateSubCategory, async (request) =>
      tree.updateSubCategory(request.params.id, request.body, await activityActor(request)),
    );
    addRoute(app, endpoints.deleteSubCategory, async (request) => {
      await tree.deleteSubCategory(request.params.id, await activityActor(request));
      return ok;
    });
    addRoute(app, endpoints.createSubSubCategory, async (request) =>
      tree.createSubSubCategory(request.params.subCategoryId, request.body, await activityActor(request)),
    );
    addRoute(app, endpoints.updateSubSubCategory, async (request) =>
      tree.updateSubSubCategory(request.params.id, request.body, await activityActor(request)),
    );
    addRoute(app, endpoints.deleteSubSubCategory, async (request) => {
      await tree.deleteSubSubCategory(request.params.id, await activityActor(request));
      return ok;
    });

    addRoute(app, endpoints.listProductTypes, () => productTypes.list());
    addRoute(app, endpoints.createProductType, async (request) =>
      productTypes.create(request.body, await activityActor(request)),
    );
    addRoute(app, endpoints.updateProductType, async (request) =>
      productTypes.update(request.params.id, request.body, await activityActor(request)),
    );
    addRoute(app, endpoints.deleteProductType, async (request) => {
      await productTypes.delete(request.params.id, await activityActor(request));
      return ok;
    });

    addRoute(app, endpoints.listColors, () => colors.list());
    addRoute(app, endpoints.createColor, async (request) => colors.create(request.body, await activityActor(request)));
    addRoute(app, endpoints.updateColor, async (request) =>
      colors.update(request.params.id, request.body, await activityActor(request)),
    );
    addRoute(app, endpoints.deleteColor, async (request) => {
      await colors.delete(request.params.id, await activityActor(request));
      return ok;
    });

    addRoute(app, endpoints.listSizes, () => sizes.list());
    addRoute(app, endpoints.createSize, async (request) => sizes.create(request.body, await activityActor(request)));
    addRoute(app, endpoints.updateSize, async (request) =>
      sizes.update(request.params.id, request.body, await activityActor(request)),
    );
    addRoute(app, endpoints.deleteSize, async (request) => {
      await sizes.delete(request.params.id, await activityActor(request));
      return ok;
    });
    addRoute(app, endpoints.orderSizes, async (request) => sizes.order(request.body, await activityActor(request)));

    addRoute(app, endpoints.listFabrics, () => fabrics.list());
    addRoute(app, endpoints.createFabric, async (request) =>
      fabrics.create(request.body, await activityActor(request)),
    );
    addRoute(app, endpoints.updateFabric, async (request) =>
      fabrics.update(request.params.id, request.body, await activityActor(request)),
    );
    addRoute(app, endpoints.deleteFabric, async (request) => {
      await fabrics.delete(request.params.id, await activityActor(request));
      return ok;
    });
  };
}
