/**
 * Customization requests in the browser (issue 7): the shopper is known only in the
 * browser (bearer or guest token), so these run through TanStack Query like my orders.
 */
import {
  type CreateCustomizationBody,
  checkoutEndpoints,
  customizationEndpoints as endpoints,
  type PlaceOrderBody,
} from "@atelier/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { browserApi } from "../../lib/api.ts";

export const customizationKeys = {
  all: ["customization"] as const,
  list: (who: string) => [...customizationKeys.all, "list", who] as const,
  one: (who: string, id: number) => [...customizationKeys.all, "one", who, id] as const,
};

export const useCustomizationOptions = () =>
  useQuery({ queryKey: ["customization-options"], queryFn: () => browserApi.get(endpoints.options) });

export const useMyCustomizations = (who: string, enabled: boolean) =>
  useQuery({ queryKey: customizationKeys.list(who), queryFn: () => browserApi.get(endpoints.mine), enabled });

export const useMyCustomization = (who: string, id: number, enabled: boolean) =>
  useQuery({
    queryKey: customizationKeys.one(who, id),
    queryFn: () => browserApi.get(endpoints.one, { params: { id } }),
    enabled,
  });

export const useCreateCustomization = () =>
  useMutation({ mutationFn: (body: CreateCustomizationBody) => browserApi.send(endpoints.create, { body }) });

export function useCustomizationAction(who: string, id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { kind: "accept" | "cancel"; version: number }) =>
      browserApi.send(endpoints[input.kind], { params: { id }, body: { version: input.version } }),
    onSuccess: (request) => client.setQueryData(customizationKeys.one(who, id), request),
  });
}

export const useCheckoutOptions = () =>
  useQuery({ queryKey: ["checkout-options"], queryFn: () => browserApi.get(checkoutEndpoints.options) });

export const usePlaceCustomOrder = () =>
  useMutation({
    mutationFn: (input: { body: PlaceOrderBody; key: string }) =>
      browserApi.send(checkoutEndpoints.placeOrder, { body: input.body, headers: { "idempotency-key": input.key } }),
  });
