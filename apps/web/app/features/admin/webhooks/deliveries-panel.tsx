/**
 * One endpoint's delivery log, under the endpoints table: newest first, paged, filtered by
 * status (both kept in the URL), with Details and Redeliver on each row. While a delivery
 * shown is pending or retrying the log keeps asking, and when they settle the endpoints'
 * "last delivery" is refreshed.
 */
import type { WebhookDelivery, WebhookEndpoint } from "@atelier/contract";
import { webhookEventLabels } from "@atelier/contract/constants";
import { Inbox, RefreshCw, RotateCw, X } from "lucide-react";
import { useEffect, useRef } from "react";
import { toast } from "sonner";
import { formatDateTime, formatRelative } from "../format.ts";
import { ListStates } from "../list/list-parts.tsx";
import { errorMessage } from "../query-client.ts";
import { Button } from "../ui/button.tsx";
import { Card, CardHeader } from "../ui/card.tsx";
import { Select } from "../ui/fields.tsx";
import { Pill } from "../ui/states.tsx";
import { type Column, Table } from "../ui/table.tsx";
import { type DeliveriesQuery, useRedeliverWebhook, useRefreshEndpoints, useWebhookDeliveries } from "./api.ts";
import {
  attemptsText,
  deliveryStatusLabel,
  deliveryStatusOptions,
  deliveryStatusTone,
  isUnsettled,
  responseText,
} from "./status.ts";

/** The row's buttons stay in view while a narrow screen scrolls the table sideways. */
const stickyEnd = "sticky right-0 max-xl:shadow-[-6px_0_6px_-6px_rgb(0_0_0/0.15)]";

const columns: readonly Column[] = [
  { label: "Event" },
  { label: "Resource" },
  { label: "Status" },
  { label: "Response" },
  { label: "Attempts", align: "end" },
  { label: "Time" },
  { label: "Actions", align: "end", hidden: true, className: `${stickyEnd} bg-stone-50` },
];

export function DeliveriesPanel(props: {
  endpoint: WebhookEndpoint;
  query: DeliveriesQuery;
  onStatus: (status: string) => void;
  onPage: (page: number) => void;
  onOpen: (delivery: WebhookDelivery) => void;
  onClose: () => void;
}) {
  const { endpoint, query } = props;
  const deliveries = useWebhookDeliveries(endpoint.id, query);
  const redeliver = useRedeliverWebhook();
  const refreshEndpoints = useRefreshEndpoints();

  // When the last unsettled delivery shown settles, the endpoint's "last delivery" changed.
  const unsettled = deliveries.data?.items.some((delivery) => isUnsettled(delivery.status)) ?? false;
  const wasUnsettled = useRef(unsettled);
  useEffect(() => {
    if (wasUnsettled.current && !unsettled) void refreshEndpoints();
    wasUnsettled.current = unsettled;
  }, [unsettled, refreshEndpoints]);

  const onRedeliver = (delivery: WebhookDelivery) =>
    redeliver.mutate(delivery.id, {
      onSuccess: () => toast.success(`Queued ${delivery.eventType} for redelivery (same webhook-id)`),
      onError: (error) => toast.error(errorMessage(error)),
    });

  const headingId = "webhook-deliveries-heading";
  return (
    <Card labelledBy={headingId}>
      <CardHeader
        id={headingId}
        title={`Deliveries to ${endpoint.url}`}
        description={
          endpoint.description || "Newest first. A redelivery sends the same event with the same webhook-id."
        }
        actions={
          <>
            <label htmlFor="webhook-delivery-status" className="sr-only">
              Status
            </label>
            <Select
              id="webhook-delivery-status"
              value={query.status ?? ""}
              onChange={(event) => props.onStatus(event.target.value)}
              className="h-8 py-1 text-xs"
            >
              <option value="">Any status</option>
              {deliveryStatusOptions.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </Select>
            <Button
              size="icon"
              aria-label="Refresh the deliveries"
              disabled={deliveries.isFetching}
              onClick={() => void deliveries.refetch()}
            >
              <RefreshCw aria-hidden className={`size-4 ${deliveries.isFetching ? "animate-spin" : ""}`} />
            </Button>
            <Button size="icon" variant="ghost" aria-label="Close the deliveries" onClick={props.onClose}>
              <X aria-hidden className="size-4" />
            </Button>
          </>
        }
      />
      <ListStates
        query={deliveries}
        loadingLabel="Loading deliveries"
        rows={4}
        onPage={props.onPage}
        empty={{
          icon: Inbox,
          title: query.status ? `No ${deliveryStatusLabel(query.status).toLowerCase()} deliveries` : "Nothing sent yet",
          body: query.status
            ? "Choose another status, or any status."
            : "Deliveries appear here as events happen. Send a test event to try the endpoint now.",
        }}
      >
        {(page) => (
          <Table caption={`Deliveries to ${endpoint.url}, newest first`} columns={columns} scrollable>
            {page.items.map((delivery) => (
              <tr key={delivery.id} data-testid={`webhook-delivery-${delivery.id}`} className="align-top">
                <td className="px-4 py-2.5">
                  <span className="font-medium font-mono text-xs">{delivery.eventType}</span>
                  <span className="block text-muted text-xs">
                    {delivery.eventType === "webhook.test" ? "Test event" : webhookEventLabels[delivery.eventType]}
                  </span>
                </td>
                <td className="px-4 py-2.5 font-mono text-xs">{delivery.resource || "—"}</td>
                <td className="px-4 py-2.5">
                  <Pill tone={deliveryStatusTone(delivery.status)}>{deliveryStatusLabel(delivery.status)}</Pill>
                </td>
                <td className="whitespace-nowrap px-4 py-2.5 font-mono text-xs">
                  {delivery.attempts === 0 ? "—" : responseText(delivery.responseStatus)}
                </td>
                <td className="px-4 py-2.5 text-right tabular-nums">{attemptsText(delivery.attempts)}</td>
                <td className="whitespace-nowrap px-4 py-2.5 text-xs">
                  <time dateTime={delivery.createdAt} title={formatDateTime(delivery.createdAt)}>
                    {formatRelative(delivery.createdAt)}
                  </time>
                  {delivery.lastAttemptAt && delivery.lastAttemptAt !== delivery.createdAt ? (
                    <span className="block text-muted">last try {formatRelative(delivery.lastAttemptAt)}</span>
                  ) : null}
                </td>
                <td className={`bg-white px-4 py-2.5 ${stickyEnd}`}>
                  <div className="flex justify-end gap-1">
                    <Button
                      size="sm"
                      aria-label={`Details of ${delivery.eventType} delivery ${delivery.id}`}
                      onClick={() => props.onOpen(delivery)}
                    >
                      Details
                    </Button>
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-label={`Redeliver ${delivery.eventType} delivery ${delivery.id}`}
                      disabled={redeliver.isPending}
                      onClick={() => onRedeliver(delivery)}
                    >
                      <RotateCw aria-hidden className="size-3.5" />
                      <span className="max-md:sr-only">Redeliver</span>
                    </Button>
                  </div>
                </td>
              </tr>
            ))}
          </Table>
        )}
      </ListStates>
    </Card>
  );
}
