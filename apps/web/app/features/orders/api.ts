/**
 * My orders in the browser: one query-key factory and the calls of /my-orders and the
 * order page. The shopper is known only in the browser (bearer or guest token in local
 * storage; a guest's signed link carries `token`), so these run through TanStack Query.
 */
import {
  type CreateOrderRequestBody,
  type CustomerOrder,
  orderEndpoints as endpoints,
  type UploadedImage,
} from "@atelier/contract";
import { endpointUrl } from "@atelier/contract/constants";
import { QueryClient, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ApiError, browserApi } from "../../lib/api.ts";
import { credentialHeaders } from "../../lib/credentials.ts";

export const orderKeys = {
  all: ["orders"] as const,
  list: (who: string, page: number) => [...orderKeys.all, "list", who, page] as const,
  one: (who: string, number: string) => [...orderKeys.all, "one", who, number] as const,
};

export function createShopperQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        refetchOnWindowFocus: false,
        retry: (failureCount, error) => failureCount < 2 && !(error instanceof ApiError && error.status < 500),
      },
    },
  });
}

export function useMyOrders(who: string, page: number, enabled: boolean) {
  return useQuery({
    queryKey: orderKeys.list(who, page),
    queryFn: () => browserApi.get(endpoints.myOrders, { query: { page } }),
    enabled,
    placeholderData: (previous) => previous,
  });
}

export function useMyOrder(who: string, number: string, token: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: orderKeys.one(who, number),
    queryFn: () => browserApi.get(endpoints.myOrder, { params: { number }, query: { token } }),
    enabled,
  });
}

export function useCreateRequest(who: string, number: string, token: string | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateOrderRequestBody) =>
      browserApi.send(endpoints.createRequest, { params: { number }, query: { token }, body }),
    onSuccess: (order: CustomerOrder) => {
      client.setQueryData(orderKeys.one(who, number), order);
      void client.invalidateQueries({ queryKey: [...orderKeys.all, "list"] });
    },
  });
}

/** Uploads one return photo (the file itself as the body, like staff uploads). */
export async function uploadRequestPhoto(file: File): Promise<UploadedImage> {
  const response = await fetch(endpointUrl(endpoints.uploadRequestPhoto), {
    method: "POST",
    headers: { ...credentialHeaders(), "content-type": file.type || "application/octet-stream" },
    body: file,
  });
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) throw new ApiError(response.status, body as ApiError["body"]);
  return body as UploadedImage;
}

export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return "The shop could not be reached. Check your connection and try again.";
}
