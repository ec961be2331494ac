/**
 * The row actions that need no dialog: sending a test event (its toast follows the queued
 * delivery until the receiver has answered) and turning an endpoint off or on (with Undo).
 */
import type { WebhookEndpoint } from "@atelier/contract";
import { toast } from "sonner";
import { errorMessage } from "../query-client.ts";
import { loadDelivery, useRefreshEndpoints, useSendWebhookTest, useUpdateWebhookEndpoint } from "./api.ts";
import { hostOf, testResult, waitForOutcome } from "./status.ts";

export function useEndpointCommands(options: { onTestQueued?: (endpoint: WebhookEndpoint) => void } = {}) {
  const sendTest = useSendWebhookTest();
  const update = useUpdateWebhookEndpoint();
  const refreshEndpoints = useRefreshEndpoints();

  const setEnabled = (endpoint: WebhookEndpoint, enabled: boolean, undoable: boolean) =>
    update.mutate(
      { id: endpoint.id, body: { enabled } },
      {
        onSuccess: (saved) =>
          toast.success(`${enabled ? "Enabled" : "Disabled"} the endpoint ${saved.url}`, {
            description: enabled ? "New events are sent to it again." : "No events are sent to it until it is enabled.",
            ...(undoable ? { action: { label: "Undo", onClick: () => setEnabled(saved, !enabled, false) } } : {}),
          }),
        onError: (error) => toast.error(errorMessage(error)),
      },
    );

  return {
    toggle: (endpoint: WebhookEndpoint) => setEnabled(endpoint, !endpoint.enabled, true),

    sendTest: (endpoint: WebhookEndpoint) => {
      const host = hostOf(endpoint.url);
      const id = toast.loading(`Sending a test event to ${host}…`);
      sendTest.mutate(endpoint.id, {
        onSuccess: async (queued) => {
          options.onTestQueued?.(endpoint);
          const outcome = await waitForOutcome(queued, () => loadDelivery(queued.id)).catch(() => queued);
          const result = testResult(outcome, host);
          toast[result.tone](result.message, { id });
          void refreshEndpoints();
        },
        onError: (error) => toast.error(errorMessage(error), { id }),
      });
    },
  };
}
