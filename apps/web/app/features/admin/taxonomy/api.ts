/**
 * The catalogue taxonomy in the admin: one query-key factory and, per kind of row
 * (series, product types, colors, sizes, fabrics, the category tree), its list query and
 * its create / update / delete mutations. Any write refreshes every taxonomy list, since
 * counts and trees overlap (a sub-category's products count in its category too).
 */
import { type Endpoint, taxonomyAdminEndpoints as endpoints, type ResponseOf } from "@atelier/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { browserApi } from "../../../lib/api.ts";

export const taxonomyKeys = {
  all: ["taxonomy"] as const,
  list: (kind: string) => [...taxonomyKeys.all, kind] as const,
};

type BodyOf<E> = E extends Endpoint<z.ZodType, z.ZodType, infer B, z.ZodType> ? z.input<B> : never;

/** Refreshes every taxonomy list after a write. */
export function useTaxonomyWrite<TArgs, TResult>(write: (args: TArgs) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: taxonomyKeys.all }),
  });
}

function resource<L extends Endpoint, C extends Endpoint, U extends Endpoint, D extends Endpoint>(
  kind: string,
  e: { list: L; create: C; update: U; remove: D },
) {
  return {
    useList: () => useQuery({ queryKey: taxonomyKeys.list(kind), queryFn: () => browserApi.get(e.list) }),
    useSave: () =>
      useTaxonomyWrite(
        ({
          id,
          body,
        }: {
          id: number | undefined;
          body: BodyOf<C> & BodyOf<U>;
        }): Promise<ResponseOf<C> | ResponseOf<U>> =>
          id === undefined ? browserApi.send(e.create, { body }) : browserApi.send(e.update, { params: { id }, body }),
      ),
    useRemove: () => useTaxonomyWrite((id: number) => browserApi.send(e.remove, { params: { id } })),
  };
}

export const seriesApi = resource("series", {
  list: endpoints.listSeries,
  create: endpoints.createSeries,
  update: endpoints.updateSeries,
  remove: endpoints.deleteSeries,
});
export const productTypesApi = resource("product-types", {
  list: endpoints.listProductTypes,
  create: endpoints.createProductType,
  update: endpoints.updateProductType,
  remove: endpoints.deleteProductType,
});
export const colorsApi = resource("colors", {
  list: endpoints.listColors,
  create: endpoints.createColor,
  update: endpoints.updateColor,
  remove: endpoints.deleteColor,
});
export const sizesApi = resource("sizes", {
  list: endpoints.listSizes,
  create: endpoints.createSize,
  update: endpoints.updateSize,
  remove: endpoints.deleteSize,
});
export const fabricsApi = resource("fabrics", {
  list: endpoints.listFabrics,
  create: endpoints.createFabric,
  update: endpoints.updateFabric,
  remove: endpoints.deleteFabric,
});
export const categoriesApi = resource("categories", {
  list: endpoints.listCategories,
  create: endpoints.createCategory,
  update: endpoints.updateCategory,
  remove: endpoints.deleteCategory,
});
