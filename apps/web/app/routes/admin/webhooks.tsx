/**
 * /admin/Manage/webhooks (issue 38 item 1, permission Role Management): the addresses the
 * shop POSTs its events to, signed. Add one (its secret is shown once), edit it, turn it off
 * or on, rotate its secret, send it a test event, delete it; and read one endpoint's delivery
 * log (kept in the URL: ?endpoint=, &status=, &page=) with each delivery's request and answers.
 */
import type { WebhookDelivery, WebhookEndpoint } from "@atelier/contract";
import { Plus } from "lucide-react";
import { useState } from "react";
import { useListState } from "../../features/admin/list/use-list-state.ts";
import { Button } from "../../features/admin/ui/button.tsx";
import { Card, CardHeader, PageHeader } from "../../features/admin/ui/card.tsx";
import { QueryError, SkeletonRows } from "../../features/admin/ui/states.tsx";
import { useWebhookEndpoints } from "../../features/admin/webhooks/api.ts";
import { DeleteEndpointDialog } from "../../features/admin/webhooks/delete-endpoint-dialog.tsx";
import { DeliveriesPanel } from "../../features/admin/webhooks/deliveries-panel.tsx";
import { DeliveryDetailDialog } from "../../features/admin/webhooks/delivery-detail-dialog.tsx";
import { useEndpointCommands } from "../../features/admin/webhooks/endpoint-commands.ts";
import { EndpointDialog } from "../../features/admin/webhooks/endpoint-dialog.tsx";
import { type EndpointAction, EndpointsTable } from "../../features/admin/webhooks/endpoints-table.tsx";
import { RotateSecretDialog } from "../../features/admin/webhooks/rotate-secret-dialog.tsx";
import { isDeliveryStatus } from "../../features/admin/webhooks/status.ts";

const deliveriesPageSize = 25;

export function meta() {
  return [{ title: "Webhooks" }];
}

interface Opened {
  endpoint: WebhookEndpoint;
  /** The row's menu button: focus goes back to it when the dialog closes. */
  opener: HTMLElement | null;
}

export default function Webhooks() {
  const endpoints = useWebhookEndpoints();
  const list = useListState(["endpoint", "status"] as const);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<Opened | null>(null);
  const [rotating, setRotating] = useState<Opened | null>(null);
  const [deleting, setDeleting] = useState<Opened | null>(null);
  const [openDelivery, setOpenDelivery] = useState<WebhookDelivery | null>(null);

  const selectedId = Number(list.filter.endpoint) || null;
  const selected = endpoints.data?.find((endpoint) => endpoint.id === selectedId) ?? null;
  const status = isDeliveryStatus(list.filter.status) ? list.filter.status : undefined;
  const select = (endpoint: WebhookEndpoint | null) =>
    list.apply({ endpoint: endpoint ? String(endpoint.id) : undefined, status: undefined });

  const commands = useEndpointCommands({
    // The test's delivery shows up in that endpoint's log, so open it.
    onTestQueued: (endpoint) => {
      if (endpoint.id !== selectedId) select(endpoint);
    },
  });

  const onAction = (action: EndpointAction, endpoint: WebhookEndpoint, opener: HTMLElement | null) => {
    if (action === "edit") setEditing({ endpoint, opener });
    else if (action === "rotate") setRotating({ endpoint, opener });
    else if (action === "delete") setDeleting({ endpoint, opener });
    else if (action === "toggle") commands.toggle(endpoint);
    else commands.sendTest(endpoint);
  };

  const enabled = endpoints.data?.filter((endpoint) => endpoint.enabled).length ?? 0;
  return (
    <>
      <PageHeader
        title="Webhooks"
        description="The shop POSTs events (an order placed, a product changed, stock running low) to these addresses as signed JSON, retrying for about a day when the receiver is down."
        actions={
          <Button variant="primary" onClick={() => setAdding(true)}>
            <Plus aria-hidden className="size-4" />
            Add endpoint
          </Button>
        }
      />
      <div className="space-y-4">
        <Card>
          <CardHeader
            title="Endpoints"
            description={endpoints.data?.length ? `${enabled} enabled of ${endpoints.data.length}` : undefined}
          />
          {endpoints.isPending ? (
            <SkeletonRows rows={3} label="Loading webhook endpoints" />
          ) : endpoints.isError ? (
            <QueryError error={endpoints.error} onRetry={() => void endpoints.refetch()} />
          ) : (
            <EndpointsTable
              endpoints={endpoints.data}
              selectedId={selected?.id ?? null}
              onSelect={select}
              onAction={onAction}
            />
          )}
        </Card>

        {selected ? (
          <DeliveriesPanel
            key={selected.id}
            endpoint={selected}
            query={{ page: list.page, pageSize: deliveriesPageSize, status }}
            onStatus={(value) => list.apply({ status: value || undefined })}
            onPage={list.setPage}
            onOpen={setOpenDelivery}
            onClose={() => select(null)}
          />
        ) : endpoints.data && endpoints.data.length > 0 ? (
          <p className="px-1 text-muted text-sm">
            Choose <span className="font-medium text-ink">Deliveries</span> on an endpoint to see what was sent to it
            and how it answered.
          </p>
        ) : null}
      </div>

      <EndpointDialog open={adding} onOpenChange={setAdding} endpoint={null} />
      <EndpointDialog
        open={editing !== null}
        onOpenChange={(open) => {
          if (!open) setEditing(null);
        }}
        endpoint={editing?.endpoint ?? null}
        returnFocusTo={() => editing?.opener}
      />
      <RotateSecretDialog
        endpoint={rotating?.endpoint ?? null}
        onClose={() => setRotating(null)}
        returnFocusTo={() => rotating?.opener}
      />
      <DeleteEndpointDialog
        endpoint={deleting?.endpoint ?? null}
        onClose={() => setDeleting(null)}
        onDeleted={(endpoint) => {
          if (endpoint.id === selectedId) select(null);
        }}
        returnFocusTo={() => deleting?.opener}
      />
      <DeliveryDetailDialog delivery={openDelivery} onClose={() => setOpenDelivery(null)} />
    </>
  );
}

export { AdminRouteError as ErrorBoundary } from "../../features/admin/layout/admin-route-error.tsx";
