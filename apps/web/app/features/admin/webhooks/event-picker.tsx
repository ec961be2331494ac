/** The events an endpoint subscribes to: every event with its label, and "Select all". */
import type { WebhookEventType } from "@atelier/contract";
import { webhookEventLabels, webhookEventTypes } from "@atelier/contract/constants";
import { Checkbox } from "../ui/checkbox.tsx";

export function EventPicker(props: {
  value: readonly WebhookEventType[];
  onChange: (events: WebhookEventType[]) => void;
  error?: string | undefined;
}) {
  const chosen = new Set(props.value);
  const all = webhookEventTypes.every((type) => chosen.has(type));
  const toggle = (type: WebhookEventType, on: boolean) =>
    props.onChange(webhookEventTypes.filter((other) => (other === type ? on : chosen.has(other))));
  return (
    <fieldset aria-describedby={props.error ? "webhook-events-error" : "webhook-events-count"}>
      <legend className="mb-1 font-medium text-sm">Events</legend>
      <p className="mb-3 text-muted text-xs">What the shop sends to this endpoint. Each event is a signed POST.</p>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2 rounded-lg bg-stone-50 px-3 py-2">
        <Checkbox
          id="webhook-events-all"
          checked={all}
          onCheckedChange={(on) => props.onChange(on ? [...webhookEventTypes] : [])}
          label="Select all"
        />
        <span id="webhook-events-count" className="text-muted text-xs" aria-live="polite">
          {chosen.size} of {webhookEventTypes.length} chosen
        </span>
      </div>
      <div className="grid gap-x-4 gap-y-3 sm:grid-cols-2">
        {webhookEventTypes.map((type) => (
          <Checkbox
            key={type}
            id={`webhook-event-${type.replace(".", "-")}`}
            checked={chosen.has(type)}
            onCheckedChange={(on) => toggle(type, on)}
            label={webhookEventLabels[type]}
            hint={<span className="font-mono">{type}</span>}
          />
        ))}
      </div>
      {props.error ? (
        <p id="webhook-events-error" className="mt-2 text-red-700 text-xs" role="alert">
          {props.error}
        </p>
      ) : null}
    </fieldset>
  );
}
