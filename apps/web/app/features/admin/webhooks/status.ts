/**
 * What the webhooks page says about an endpoint and a delivery, as words and a pill's tone:
 * kept apart from the components so the wording is tested (status.test.ts).
 */
import type { WebhookDelivery, WebhookDeliveryStatus, WebhookEndpoint } from "@atelier/contract";
import { type webhookEventTypes, webhookRules } from "@atelier/contract/constants";
import { formatDateTime } from "../format.ts";
import type { PillTone } from "../ui/states.tsx";

export interface StatusText {
  label: string;
  tone: PillTone;
  /** A second line under the pill (why it is off, since when it fails), or null. */
  detail: string | null;
}

/**
 * Disabled wins over failing: a disabled endpoint gets nothing, so its failure streak is
 * history. A shop-disabled endpoint (its reason set) is red, one staff turned off is grey.
 */
export function endpointStatus(
  endpoint: Pick<WebhookEndpoint, "enabled" | "disabledReason" | "failingSince">,
  now = new Date(),
): StatusText {
  if (!endpoint.enabled) {
    return endpoint.disabledReason
      ? { label: "Disabled", tone: "red", detail: endpoint.disabledReason }
      : { label: "Disabled", tone: "neutral", detail: null };
  }
  if (endpoint.failingSince) {
    return {
      label: "Failing",
      tone: "amber",
      detail: `Failing since ${formatDateTime(endpoint.failingSince)} (${durationSince(endpoint.failingSince, now)})`,
    };
  }
  return { label: "Enabled", tone: "green", detail: null };
}

const deliveryLabels: Record<WebhookDeliveryStatus, string> = {
  pending: "Pending",
  retrying: "Retrying",
  succeeded: "Succeeded",
  failed: "Failed",
  cancelled: "Cancelled",
};
const deliveryTones: Record<WebhookDeliveryStatus, PillTone> = {
  pending: "neutral",
  retrying: "amber",
  succeeded: "green",
  failed: "red",
  cancelled: "neutral",
};

export const deliveryStatusLabel = (status: WebhookDeliveryStatus): string => deliveryLabels[status];
export const deliveryStatusTone = (status: WebhookDeliveryStatus): PillTone => deliveryTones[status];

/** The delivery log's status filter: every status, in the order a person looks for them. */
export const deliveryStatusOptions: readonly { value: WebhookDeliveryStatus; label: string }[] = (
  ["failed", "retrying", "pending", "succeeded", "cancelled"] as const
).map((value) => ({ value, label: deliveryLabels[value] }));

export function isDeliveryStatus(value: string | undefined): value is WebhookDeliveryStatus {
  return value !== undefined && value in deliveryLabels;
}

/** Deliveries whose outcome may still change: the log keeps asking while any is shown. */
export const isUnsettled = (status: WebhookDeliveryStatus): boolean => status === "pending" || status === "retrying";

/** "HTTP 200", "HTTP 503", or "No response" (a timeout, a refused connection). */
export function responseText(responseStatus: number | null): string {
  return responseStatus === null ? "No response" : `HTTP ${responseStatus}`;
}

/** "35 ms", "1.2 s", "2 min 5 s"; an em dash when the attempt has not happened. */
export function formatDuration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms) || ms < 0) return "—";
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1).replace(/\.0$/, "")} s`;
  const minutes = Math.floor(ms / 60_000);
  const seconds = Math.round((ms % 60_000) / 1000);
  return seconds === 0 ? `${minutes} min` : `${minutes} min ${seconds} s`;
}

/** "3 of 12 attempts": the limit shows how much retrying is left. */
export function attemptsText(attempts: number): string {
  return `${attempts} of ${webhookRules.maxAttempts}`;
}

type EventType = (typeof webhookEventTypes)[number];

/**
 * How the table shows an endpoint's events: all of them as one chip, a few as chips, more
 * as the first two and a "+N more" that lists the rest.
 */
export function eventsSummary(
  events: readonly EventType[],
  all: readonly EventType[],
  shown = 3,
): { kind: "all"; count: number } | { kind: "some"; chips: EventType[]; more: EventType[] } {
  const chosen = all.filter((type) => events.includes(type));
  if (chosen.length === all.length) return { kind: "all", count: all.length };
  if (chosen.length <= shown) return { kind: "some", chips: chosen, more: [] };
  return { kind: "some", chips: chosen.slice(0, shown - 1), more: chosen.slice(shown - 1) };
}

/** A JSON body indented for reading; anything else as it came. */
export function prettyJson(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

/** The host of an endpoint's URL, for toasts and short labels; the URL itself when unparsable. */
export function hostOf(url: string): string {
  try {
    return new URL(url).host || url;
  } catch {
    return url;
  }
}

/** What a test event's toast says once its delivery is known. */
export function testResult(
  delivery: Pick<WebhookDelivery, "status" | "responseStatus" | "durationMs">,
  host: string,
): { tone: "success" | "error" | "info"; message: string } {
  const took = delivery.durationMs === null ? "" : ` in ${formatDuration(delivery.durationMs)}`;
  switch (delivery.status) {
    case "succeeded":
      return {
        tone: "success",
        message: `Test event delivered to ${host}: ${responseText(delivery.responseStatus)}${took}`,
      };
    case "retrying":
      return {
        tone: "error",
        message: `Test event to ${host} failed (${responseText(delivery.responseStatus)}); it will be retried`,
      };
    case "failed":
      return { tone: "error", message: `Test event to ${host} failed: ${responseText(delivery.responseStatus)}` };
    case "cancelled":
      return { tone: "info", message: `The test event to ${host} was cancelled` };
    default:
      return { tone: "info", message: `Test event queued for ${host}; the delivery log shows how it went` };
  }
}

/**
 * Asks for a delivery until its outcome is known (not pending) or `timeoutMs` passes, and
 * answers the last one seen. The test event goes through the queue like any other, so its
 * first answer is usually still pending.
 */
export async function waitForOutcome<D extends { status: WebhookDeliveryStatus }>(
  first: D,
  load: () => Promise<D>,
  options: { intervalMs?: number; timeoutMs?: number; sleep?: (ms: number) => Promise<void> } = {},
): Promise<D> {
  const { intervalMs = 1500, timeoutMs = 20_000 } = options;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  let current = first;
  for (let waited = 0; current.status === "pending" && waited < timeoutMs; waited += intervalMs) {
    await sleep(intervalMs);
    current = await load();
  }
  return current;
}

/** "12 min", "5 h", "3 days": how long ago `iso` was. */
export function durationSince(iso: string, now = new Date()): string {
  const ms = Math.max(0, now.getTime() - new Date(iso).getTime());
  if (!Number.isFinite(ms)) return "a while";
  const hours = Math.floor(ms / 3_600_000);
  if (hours < 1) return `${Math.max(1, Math.floor(ms / 60_000))} min`;
  if (hours < 48) return `${hours} h`;
  return `${Math.floor(hours / 24)} days`;
}
