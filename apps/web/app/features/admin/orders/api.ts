/** Staff order calls (issue 7): the list, one order, its actions, bulk actions and CSV. */
import {
  type AdminOrderListQuery,
  type AdminOrdersBulkBody,
  BADGE_POLL_MS,
  adminOrderEndpoints as endpoints,
  type OrderStatusBody,
} from "@atelier/contract";
import { orderStatusLabels } from "@atelier/contract/constants";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { ApiError, browserApi } from "../../../lib/api.ts";

export const orderKeys = {
  all: ["admin-orders"] as const,
  list: (query: AdminOrderListQuery) => [...orderKeys.all, "list", query] as const,
  one: (id: number) => [...orderKeys.all, "one", id] as const,
  carts: ["admin-carts"] as const,
};

export function useOrderList(query: AdminOrderListQuery) {
  return useQuery({
    queryKey: orderKeys.list(query),
    queryFn: () => browserApi.get(endpoints.list, { query: query as Record<string, string | number> }),
    placeholderData: keepPreviousData,
    // New orders appear while the page is open, like the menu's badge.
    refetchInterval: BADGE_POLL_MS,
  });
}

export function useOrder(id: number) {
  return useQuery({ queryKey: orderKeys.one(id), queryFn: () => browserApi.get(endpoints.get, { params: { id } }) });
}

export function useCustomerCarts(enabled: boolean) {
  return useQuery({ queryKey: orderKeys.carts, queryFn: () => browserApi.get(endpoints.carts), enabled });
}

export const orderActions = {
  check: (id: number, checked: boolean, version: number) =>
    browserApi.send(endpoints.check, { params: { id }, body: { checked, version } }),
  status: (id: number, body: OrderStatusBody) => browserApi.send(endpoints.status, { params: { id }, body }),
  verifyPayment: (id: number, version: number, reference?: string) =>
    browserApi.send(endpoints.verifyPayment, {
      params: { id },
      body: { version, ...(reference ? { reference } : {}) },
    }),
  note: (id: number, message: string) => browserApi.send(endpoints.note, { params: { id }, body: { message } }),
  bulk: (body: AdminOrdersBulkBody) => browserApi.send(endpoints.bulk, { body }),
};

/** A stale version: the order changed since the page loaded it. */
export const isStale = (error: unknown) => error instanceof ApiError && error.status === 409;

export { endpoints as orderEndpoints };

export const statusLabels: Readonly<Record<string, string>> = orderStatusLabels;

export const paymentStateLabels: Record<string, string> = {
  unpaid: "Unpaid",
  awaiting_verification: "Awaiting verification",
  paid: "Paid",
  partially_refunded: "Partially refunded",
  refunded: "Refunded",
  failed: "Failed",
  expired: "Expired",
};

export const paymentMethodLabels: Record<string, string> = {
  cod: "Cash on delivery",
  manual_transfer: "Manual transfer",
  card: "Card",
};
