/**
 * Customization requests and customers' cancel/return requests in the admin (issue 7).
 * Every action sends the version the page showed; a 409 means someone else changed it.
 */
import {
  customizationEndpoints,
  type OrderRequestKind,
  type OrderRequestStatus,
  orderRequestAdminEndpoints,
} from "@atelier/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { browserApi } from "../../../lib/api.ts";

export const requestKeys = {
  customization: ["customization-requests"] as const,
  orderRequests: (filter: OrderRequestFilter) => ["order-requests", filter] as const,
};

export interface OrderRequestFilter {
  kind: z.infer<typeof OrderRequestKind> | "";
  status: z.infer<typeof OrderRequestStatus> | "";
  from: string;
  to: string;
  page: number;
}

export const customizationAdminApi = {
  useList: () =>
    useQuery({
      queryKey: requestKeys.customization,
      queryFn: () => browserApi.get(customizationEndpoints.getAll),
    }),
  useAction: () => {
    const queryClient = useQueryClient();
    return useMutation({
      mutationFn: (
        action:
          | { kind: "check"; id: number; version: number; isChecked: boolean }
          | { kind: "quote"; id: number; version: number; price: number; deliveryTime: string; note: string }
          | { kind: "reject"; id: number; version: number; reason: string },
      ) => {
        const { kind, id, ...body } = action;
        return browserApi.send(customizationEndpoints[kind], { params: { id }, body });
      },
      onSettled: () => queryClient.invalidateQueries({ queryKey: requestKeys.customization }),
    });
  },
};

export const orderRequestsAdminApi = {
  useList: (filter: OrderRequestFilter) =>
    useQuery({
      queryKey: requestKeys.orderRequests(filter),
      queryFn: () =>
        browserApi.get(orderRequestAdminEndpoints.list, {
          query: {
            page: filter.page,
            ...(filter.kind ? { kind: filter.kind } : {}),
            ...(filter.status ? { status: filter.status } : {}),
            ...(filter.from ? { from: filter.from } : {}),
            ...(filter.to ? { to: filter.to } : {}),
          },
        }),
    }),
  useAction: () => {
    const queryClient = useQueryClient();
    return useMutation({
      mutationFn: (
        action:
          | { kind: "approve"; id: number; version: number; note: string }
          | { kind: "reject"; id: number; version: number; reason: string }
          | { kind: "received"; id: number; version: number; restockWarehouseId?: number },
      ) => {
        const { kind, id, ...body } = action;
        return browserApi.send(orderRequestAdminEndpoints[kind], { params: { id }, body });
      },
      onSettled: () => queryClient.invalidateQueries({ queryKey: ["order-requests"] }),
    });
  },
};
