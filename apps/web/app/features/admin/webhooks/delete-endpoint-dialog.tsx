/** Asks before deleting an endpoint: its delivery log goes with it, and nothing more is sent. */
import type { WebhookEndpoint } from "@atelier/contract";
import { toast } from "sonner";
import { errorMessage } from "../query-client.ts";
import { ConfirmDialog } from "../ui/confirm-dialog.tsx";
import { useDeleteWebhookEndpoint } from "./api.ts";

export function DeleteEndpointDialog(props: {
  endpoint: WebhookEndpoint | null;
  onClose: () => void;
  onDeleted: (endpoint: WebhookEndpoint) => void;
  returnFocusTo?: () => HTMLElement | null | undefined;
}) {
  const remove = useDeleteWebhookEndpoint();
  const { endpoint } = props;
  return (
    <ConfirmDialog
      open={endpoint !== null}
      onOpenChange={(open) => {
        if (!open) props.onClose();
      }}
      title={endpoint ? `Delete the endpoint ${endpoint.url}?` : "Delete endpoint?"}
      description="Its delivery log is deleted too, and deliveries not yet made are dropped. To pause it instead, disable it."
      confirmLabel="Delete endpoint"
      pending={remove.isPending}
      {...(props.returnFocusTo ? { returnFocusTo: props.returnFocusTo } : {})}
      onConfirm={() => {
        if (!endpoint) return;
        remove.mutate(endpoint.id, {
          onSuccess: () => {
            toast.success(`Deleted the endpoint ${endpoint.url}`);
            props.onDeleted(endpoint);
          },
          onError: (error) => toast.error(errorMessage(error)),
          onSettled: props.onClose,
        });
      }}
    />
  );
}
