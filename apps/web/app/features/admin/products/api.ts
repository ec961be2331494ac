/**
 * Products admin over the API: the query-key factory, the list, the form's choices, one
 * product, and the writes (save, bulk actions, CSV import). Every write makes the lists
 * and the product stale; the CSV export is a download, not a query.
 */
import { productAdminEndpoints as endpoints, type ProductBody, type ProductUpdateBody } from "@atelier/contract";
import { endpointUrl } from "@atelier/contract/constants";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ApiError, browserApi } from "../../../lib/api.ts";
import { credentialHeaders } from "../../../lib/credentials.ts";
import type { ProductFilter, ProductListQuery } from "./list-query.ts";

export const productKeys = {
  all: ["products"] as const,
  lists: () => [...productKeys.all, "list"] as const,
  list: (query: ProductListQuery) => [...productKeys.lists(), query] as const,
  options: () => [...productKeys.all, "options"] as const,
  detail: (id: number) => [...productKeys.all, "detail", id] as const,
};

export function useProductList(query: ProductListQuery) {
  return useQuery({
    queryKey: productKeys.list(query),
    queryFn: () => browserApi.get(endpoints.list, { query }),
    placeholderData: keepPreviousData,
  });
}

export function useProductOptions() {
  return useQuery({
    queryKey: productKeys.options(),
    queryFn: () => browserApi.get(endpoints.options),
    staleTime: 5 * 60_000,
  });
}

export function useProduct(id: number) {
  return useQuery({
    queryKey: productKeys.detail(id),
    queryFn: () => browserApi.get(endpoints.get, { params: { id } }),
    // The form holds the person's edits; a background refetch must not replace them.
    // Nor is an old copy kept: opening the editor again loads the latest version.
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    enabled: id > 0,
  });
}

export function useSaveProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; body: ProductUpdateBody } | { id?: undefined; body: ProductBody }) =>
      input.id === undefined
        ? browserApi.send(endpoints.create, { body: input.body })
        : browserApi.send(endpoints.update, { params: { id: input.id }, body: input.body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(productKeys.detail(saved.id), saved);
      return queryClient.invalidateQueries({ queryKey: productKeys.lists() });
    },
  });
}

export function useBulkProducts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { action: "publish" | "unpublish" | "delete"; ids: number[] }) =>
      browserApi.send(endpoints.bulk, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productKeys.all }),
  });
}

export function useImportProducts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ csv, dryRun }: { csv: string; dryRun: boolean }) =>
      browserApi.send(endpoints.importCsv, { query: { dryRun: dryRun ? "true" : "false" }, body: { csv } }),
    onSuccess: (report) => {
      if (report.written) return queryClient.invalidateQueries({ queryKey: productKeys.all });
    },
  });
}

/** Downloads the filtered products as CSV (the browser saves the server's file). */
export async function downloadProductsCsv(filter: ProductFilter): Promise<void> {
  const response = await fetch(endpointUrl(endpoints.exportCsv, {}, { ...filter }), { headers: credentialHeaders() });
  if (!response.ok) throw new ApiError(response.status, await response.json().catch(() => undefined));
  const name = /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "")?.[1] ?? "products.csv";
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  link.click();
  URL.revokeObjectURL(url);
}
