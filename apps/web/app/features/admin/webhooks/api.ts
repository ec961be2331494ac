/**
 * Outbound webhooks (issue 38 item 1): the endpoints, their writes (a created or rotated
 * secret comes back once), the test event, and the delivery log with its redelivery.
 * Writes refresh the endpoints; anything that queues a delivery refreshes the log too.
 */
import {
  type CreateWebhookEndpointBody,
  type UpdateWebhookEndpointBody,
  type WebhookDeliveryStatus,
  webhookEndpoints,
} from "@atelier/contract";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { browserApi } from "../../../lib/api.ts";
import { isUnsettled } from "./status.ts";

export { webhookEndpoints };

export interface DeliveriesQuery {
  page: number;
  pageSize: number;
  status?: WebhookDeliveryStatus | undefined;
}

export const webhookKeys = {
  all: ["webhooks"] as const,
  list: () => [...webhookKeys.all, "list"] as const,
  deliveries: (endpointId: number, query: DeliveriesQuery) =>
    [...webhookKeys.all, "deliveries", endpointId, query] as const,
  delivery: (id: number) => [...webhookKeys.all, "delivery", id] as const,
};

/** While a delivery shown may still change, the log asks again this often. */
const unsettledRefetchMs = 2500;

export function useWebhookEndpoints() {
  return useQuery({ queryKey: webhookKeys.list(), queryFn: () => browserApi.get(webhookEndpoints.list) });
}

export function useWebhookDeliveries(endpointId: number, query: DeliveriesQuery) {
  return useQuery({
    queryKey: webhookKeys.deliveries(endpointId, query),
    queryFn: () =>
      browserApi.get(webhookEndpoints.deliveries, {
        params: { id: endpointId },
        query: { page: query.page, pageSize: query.pageSize, status: query.status },
      }),
    placeholderData: keepPreviousData,
    refetchInterval: (current) =>
      current.state.data?.items.some((delivery) => isUnsettled(delivery.status)) ? unsettledRefetchMs : false,
  });
}

export function useWebhookDelivery(id: number | null) {
  return useQuery({
    queryKey: webhookKeys.delivery(id ?? 0),
    queryFn: () => browserApi.get(webhookEndpoints.delivery, { params: { id: id ?? 0 } }),
    enabled: id !== null,
    refetchInterval: (current) =>
      current.state.data && isUnsettled(current.state.data.status) ? unsettledRefetchMs : false,
  });
}

/** One delivery, outside a query (the test event's toast waits for its outcome). */
export const loadDelivery = (id: number) => browserApi.get(webhookEndpoints.delivery, { params: { id } });

function useInvalidateWebhooks() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: webhookKeys.all });
}

export function useCreateWebhookEndpoint() {
  const invalidate = useInvalidateWebhooks();
  return useMutation({
    mutationFn: (body: CreateWebhookEndpointBody) => browserApi.send(webhookEndpoints.create, { body }),
    onSuccess: invalidate,
  });
}

export function useUpdateWebhookEndpoint() {
  const invalidate = useInvalidateWebhooks();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateWebhookEndpointBody }) =>
      browserApi.send(webhookEndpoints.update, { params: { id }, body }),
    onSuccess: invalidate,
  });
}

export function useDeleteWebhookEndpoint() {
  const invalidate = useInvalidateWebhooks();
  return useMutation({
    mutationFn: (id: number) => browserApi.send(webhookEndpoints.remove, { params: { id } }),
    onSuccess: invalidate,
  });
}

export function useRotateWebhookSecret() {
  const invalidate = useInvalidateWebhooks();
  return useMutation({
    mutationFn: ({ id, overlapHours }: { id: number; overlapHours: number }) =>
      browserApi.send(webhookEndpoints.rotateSecret, { params: { id }, body: { overlapHours } }),
    onSuccess: invalidate,
  });
}

export function useSendWebhookTest() {
  const invalidate = useInvalidateWebhooks();
  return useMutation({
    mutationFn: (id: number) => browserApi.send(webhookEndpoints.sendTest, { params: { id } }),
    onSuccess: invalidate,
  });
}

export function useRedeliverWebhook() {
  const invalidate = useInvalidateWebhooks();
  return useMutation({
    mutationFn: (deliveryId: number) => browserApi.send(webhookEndpoints.redeliver, { params: { id: deliveryId } }),
    onSuccess: invalidate,
  });
}

/** Once the deliveries shown have all settled, the endpoints' "last delivery" may have changed. */
export function useRefreshEndpoints() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: webhookKeys.list() });
}
