/**
 * The endpoint form's values checked with the contract's own schema (the server checks the
 * same), its errors worded for the fields, and an edit's PATCH holding only what changed.
 */
import {
  CreateWebhookEndpointBody,
  type UpdateWebhookEndpointBody,
  type WebhookEndpoint,
  type WebhookEventType,
} from "@atelier/contract";

export interface EndpointFormValues {
  url: string;
  description: string;
  events: readonly WebhookEventType[];
}

export type EndpointField = "url" | "description" | "events";
export type EndpointFormErrors = Partial<Record<EndpointField, string>>;

const fieldLabels: Record<EndpointField, string> = { url: "URL", description: "Description", events: "Events" };
const fields = Object.keys(fieldLabels) as EndpointField[];

export const emptyEndpointForm: EndpointFormValues = { url: "", description: "", events: [] };

export function formValuesOf(endpoint: WebhookEndpoint): EndpointFormValues {
  return { url: endpoint.url, description: endpoint.description, events: endpoint.events };
}

/**
 * A field's error as a sentence: the contract's and the server's messages are phrased to
 * follow the field's name ("must be an http:// or https:// address"), others stand alone.
 */
export function fieldMessage(field: EndpointField, message: string): string {
  const text = message.trim();
  if (/^(must|is|has|cannot|should)\b/.test(text)) return `${fieldLabels[field]} ${text}`;
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The form's values as the body to send, or each field's first error. */
export function validateEndpointForm(
  values: EndpointFormValues,
): { ok: true; body: CreateWebhookEndpointBody } | { ok: false; errors: EndpointFormErrors } {
  const errors: EndpointFormErrors = {};
  if (values.url.trim() === "") errors.url = "Enter the address the events are sent to";
  const parsed = CreateWebhookEndpointBody.safeParse({ ...values, events: [...values.events] });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if (typeof field === "string" && isField(field)) errors[field] ??= fieldMessage(field, issue.message);
    }
  }
  if (!parsed.success || Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, body: parsed.data };
}

/** A 422's `fields` (`url`, `events.0` …) as the form's errors; unknown fields are left to the toast. */
export function serverFieldErrors(serverFields: Record<string, string> | undefined): EndpointFormErrors {
  const errors: EndpointFormErrors = {};
  for (const [key, message] of Object.entries(serverFields ?? {})) {
    const field = key.split(/[.[]/)[0] ?? "";
    if (isField(field)) errors[field] ??= fieldMessage(field, message);
  }
  return errors;
}

/** An edit's PATCH: only the fields that differ from the endpoint (events compared as a set). */
export function endpointChanges(endpoint: WebhookEndpoint, body: CreateWebhookEndpointBody): UpdateWebhookEndpointBody {
  const changes: UpdateWebhookEndpointBody = {};
  if (body.url !== endpoint.url) changes.url = body.url;
  const description = body.description ?? "";
  if (description !== endpoint.description) changes.description = description;
  const before = new Set(endpoint.events);
  const after = new Set(body.events);
  if (before.size !== after.size || [...after].some((event) => !before.has(event))) changes.events = [...after];
  return changes;
}

function isField(value: string): value is EndpointField {
  return (fields as string[]).includes(value);
}
