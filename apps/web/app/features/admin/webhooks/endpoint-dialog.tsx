/**
 * Add or edit a webhook endpoint: its URL, a description and the events it gets, checked
 * with the contract's schema before sending and with the server's field errors after. A new
 * endpoint's signing secret is then shown once; an edit sends only what changed.
 */
import type { WebhookEndpoint, WebhookEndpointWithSecret, WebhookEventType } from "@atelier/contract";
import { webhookRules } from "@atelier/contract/constants";
import { useState } from "react";
import { toast } from "sonner";
import { ApiError } from "../../../lib/api.ts";
import { errorMessage } from "../query-client.ts";
import { Button } from "../ui/button.tsx";
import { Dialog, DialogBody, DialogFooter } from "../ui/dialog.tsx";
import { Field, TextInput } from "../ui/fields.tsx";
import { useCreateWebhookEndpoint, useUpdateWebhookEndpoint } from "./api.ts";
import { EventPicker } from "./event-picker.tsx";
import {
  type EndpointFormErrors,
  type EndpointFormValues,
  emptyEndpointForm,
  endpointChanges,
  formValuesOf,
  serverFieldErrors,
  validateEndpointForm,
} from "./form.ts";
import { SecretShownOnce, secretShownOnceDescription } from "./secret-shown-once.tsx";

export function EndpointDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The endpoint to edit; null adds one. */
  endpoint: WebhookEndpoint | null;
  returnFocusTo?: () => HTMLElement | null | undefined;
}) {
  const [created, setCreated] = useState<WebhookEndpointWithSecret | null>(null);
  const close = (open: boolean) => {
    if (!open) setCreated(null);
    props.onOpenChange(open);
  };
  const editing = props.endpoint;
  return (
    <Dialog
      open={props.open}
      onOpenChange={close}
      title={created ? "Copy the signing secret" : editing ? "Edit webhook endpoint" : "Add webhook endpoint"}
      description={
        created
          ? secretShownOnceDescription
          : "The shop POSTs each chosen event to this address as JSON, signed with the endpoint's secret."
      }
      wide={!created}
      {...(props.returnFocusTo ? { returnFocusTo: props.returnFocusTo } : {})}
    >
      {created ? (
        <SecretShownOnce secret={created.secret} url={created.endpoint.url} onDone={() => close(false)} />
      ) : props.open ? (
        // Keyed: each opening starts from the endpoint's values (or empty), not the last attempt's.
        <EndpointForm
          key={editing?.id ?? "new"}
          endpoint={editing}
          onCreated={setCreated}
          onDone={() => close(false)}
        />
      ) : null}
    </Dialog>
  );
}

function EndpointForm(props: {
  endpoint: WebhookEndpoint | null;
  onCreated: (created: WebhookEndpointWithSecret) => void;
  onDone: () => void;
}) {
  const create = useCreateWebhookEndpoint();
  const update = useUpdateWebhookEndpoint();
  const [values, setValues] = useState<EndpointFormValues>(
    props.endpoint ? formValuesOf(props.endpoint) : emptyEndpointForm,
  );
  const [errors, setErrors] = useState<EndpointFormErrors>({});
  const pending = create.isPending || update.isPending;
  const set = (patch: Partial<EndpointFormValues>) => setValues((current) => ({ ...current, ...patch }));

  const onError = (error: unknown) => {
    const fields = error instanceof ApiError ? error.body?.error.fields : undefined;
    setErrors(serverFieldErrors(fields));
    toast.error(errorMessage(error));
  };

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    const checked = validateEndpointForm(values);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    const endpoint = props.endpoint;
    if (!endpoint) {
      create.mutate(checked.body, {
        onSuccess: (made) => {
          toast.success(`Added the endpoint ${made.endpoint.url}`);
          props.onCreated(made);
        },
        onError,
      });
      return;
    }
    const changes = endpointChanges(endpoint, checked.body);
    if (Object.keys(changes).length === 0) {
      props.onDone();
      return;
    }
    update.mutate(
      { id: endpoint.id, body: changes },
      {
        onSuccess: (saved) => {
          toast.success(`Saved the endpoint ${saved.url}`);
          props.onDone();
        },
        onError,
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex min-h-0 flex-1 flex-col">
      <DialogBody>
        <div className="space-y-5">
          <Field
            id="webhook-url"
            label="URL"
            hint="An https:// address of the receiving system, e.g. https://erp.example.com/hooks/atelier."
            error={errors.url}
          >
            {(control) => (
              <TextInput
                {...control}
                type="url"
                inputMode="url"
                autoComplete="off"
                spellCheck={false}
                placeholder="https://"
                maxLength={webhookRules.urlMax}
                value={values.url}
                onChange={(event) => set({ url: event.target.value })}
                className="font-mono"
              />
            )}
          </Field>
          <Field
            id="webhook-description"
            label="Description"
            hint="Optional: what receives it, so others know what it is for."
            error={errors.description}
          >
            {(control) => (
              <TextInput
                {...control}
                autoComplete="off"
                maxLength={webhookRules.descriptionMax}
                value={values.description}
                onChange={(event) => set({ description: event.target.value })}
              />
            )}
          </Field>
          <EventPicker
            value={values.events}
            onChange={(events: WebhookEventType[]) => set({ events })}
            error={errors.events}
          />
        </div>
      </DialogBody>
      <DialogFooter>
        <Button onClick={props.onDone}>Cancel</Button>
        <Button type="submit" variant="primary" disabled={pending}>
          {pending ? "Saving…" : props.endpoint ? "Save changes" : "Add endpoint"}
        </Button>
      </DialogFooter>
    </form>
  );
}
