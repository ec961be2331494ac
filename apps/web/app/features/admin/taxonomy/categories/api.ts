/** Writes below a category: sub- and sub-sub-categories, and the navbar order. */
import { taxonomyAdminEndpoints as endpoints, type SubCategoryBody, type SubSubCategoryBody } from "@atelier/contract";
import { browserApi } from "../../../../lib/api.ts";
import { useTaxonomyWrite } from "../api.ts";

export type NodeLevel = "sub" | "subSub";

/** Creates (parentId) or updates (id) a sub- or sub-sub-category. */
export function useSaveNode(level: NodeLevel) {
  return useTaxonomyWrite(
    ({
      id,
      parentId,
      body,
    }: {
      id?: number;
      parentId?: number;
      body: SubCategoryBody & SubSubCategoryBody;
    }): Promise<{ id: number; name: string }> => {
      if (level === "sub") {
        return id === undefined
          ? browserApi.send(endpoints.createSubCategory, { params: { categoryId: parentId ?? 0 }, body })
          : browserApi.send(endpoints.updateSubCategory, { params: { id }, body });
      }
      return id === undefined
        ? browserApi.send(endpoints.createSubSubCategory, { params: { subCategoryId: parentId ?? 0 }, body })
        : browserApi.send(endpoints.updateSubSubCategory, { params: { id }, body });
    },
  );
}

/** Flips one flag of a sub- or sub-sub-category. */
export function usePatchNode(level: NodeLevel) {
  return useTaxonomyWrite(
    ({ id, body }: { id: number; body: Record<string, boolean> }): Promise<{ name: string }> =>
      level === "sub"
        ? browserApi.send(endpoints.updateSubCategory, { params: { id }, body })
        : browserApi.send(endpoints.updateSubSubCategory, { params: { id }, body }),
  );
}

export function useRemoveNode(level: NodeLevel) {
  return useTaxonomyWrite((id: number) =>
    browserApi.send(level === "sub" ? endpoints.deleteSubCategory : endpoints.deleteSubSubCategory, {
      params: { id },
    }),
  );
}

export function useSaveOrder() {
  return useTaxonomyWrite((categoryIds: number[]) =>
    browserApi.send(endpoints.orderCategories, { body: { categoryIds } }),
  );
}
