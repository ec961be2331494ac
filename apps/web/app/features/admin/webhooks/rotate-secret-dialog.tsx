/**
 * Rotating an endpoint's signing secret: asks first, with how long the old secret keeps
 * signing beside the new one (so the receiver can switch without refusing anything), then
 * shows the new secret once.
 */
import { RotateWebhookSecretBody, type WebhookEndpoint, type WebhookEndpointWithSecret } from "@atelier/contract";
import { webhookRules } from "@atelier/contract/constants";
import { useState } from "react";
import { toast } from "sonner";
import { formatDateTime } from "../format.ts";
import { errorMessage } from "../query-client.ts";
import { ConfirmDialog } from "../ui/confirm-dialog.tsx";
import { Dialog } from "../ui/dialog.tsx";
import { Field, TextInput } from "../ui/fields.tsx";
import { useRotateWebhookSecret } from "./api.ts";
import { SecretShownOnce, secretShownOnceDescription } from "./secret-shown-once.tsx";

export function RotateSecretDialog(props: {
  endpoint: WebhookEndpoint | null;
  onClose: () => void;
  returnFocusTo?: () => HTMLElement | null | undefined;
}) {
  const rotate = useRotateWebhookSecret();
  const [hours, setHours] = useState(String(webhookRules.rotationOverlapHours));
  const [error, setError] = useState<string | undefined>();
  const [rotated, setRotated] = useState<WebhookEndpointWithSecret | null>(null);
  const { endpoint } = props;
  const focus = props.returnFocusTo ? { returnFocusTo: props.returnFocusTo } : {};

  const reset = () => {
    setHours(String(webhookRules.rotationOverlapHours));
    setError(undefined);
  };
  const close = () => {
    reset();
    props.onClose();
  };

  const confirm = () => {
    if (!endpoint) return;
    const parsed = RotateWebhookSecretBody.safeParse({
      overlapHours: hours.trim() === "" ? Number.NaN : Number(hours),
    });
    if (!parsed.success) {
      setError(`Enter whole hours from 0 to ${webhookRules.rotationOverlapMaxHours}`);
      return;
    }
    rotate.mutate(
      { id: endpoint.id, overlapHours: parsed.data.overlapHours },
      {
        onSuccess: (made) => {
          toast.success(`Rotated the signing secret of ${made.endpoint.url}`);
          reset();
          setRotated(made);
        },
        onError: (failure) => toast.error(errorMessage(failure)),
      },
    );
  };

  const until = rotated?.endpoint.previousSecretExpiresAt;
  return (
    <>
      <ConfirmDialog
        open={endpoint !== null && rotated === null}
        onOpenChange={(open) => {
          if (!open) close();
        }}
        title="Rotate the signing secret?"
        description={
          <>
            A new secret signs every request from now on to <span className="break-all font-mono">{endpoint?.url}</span>
            . During the overlap the old one signs too (both signatures are sent), so the receiver can switch over.
          </>
        }
        confirmLabel="Rotate secret"
        pending={rotate.isPending}
        onConfirm={confirm}
        {...focus}
      >
        <Field
          id="webhook-overlap"
          label="Keep the old secret for (hours)"
          hint={`0 stops it at once; at most ${webhookRules.rotationOverlapMaxHours} (a week).`}
          error={error}
        >
          {(control) => (
            <TextInput
              {...control}
              type="number"
              inputMode="numeric"
              min={0}
              max={webhookRules.rotationOverlapMaxHours}
              step={1}
              value={hours}
              onChange={(event) => setHours(event.target.value)}
              className="w-32"
            />
          )}
        </Field>
      </ConfirmDialog>
      <Dialog
        open={rotated !== null}
        onOpenChange={(open) => {
          if (!open) {
            setRotated(null);
            props.onClose();
          }
        }}
        title="Copy the new signing secret"
        description={secretShownOnceDescription}
        {...focus}
      >
        {rotated ? (
          <SecretShownOnce
            secret={rotated.secret}
            url={rotated.endpoint.url}
            note={
              until
                ? `The previous secret also signs until ${formatDateTime(until)}.`
                : "The previous secret no longer signs."
            }
            onDone={() => {
              setRotated(null);
              props.onClose();
            }}
          />
        ) : null}
      </Dialog>
    </>
  );
}
