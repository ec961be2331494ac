/**
 * One delivery in full: the request as signed (URL, headers, the JSON body indented) and
 * every attempt's answer (time, response code, duration, the start of the body or why there
 * was none), with Redeliver.
 */
import type { WebhookDelivery, WebhookDeliveryDetail } from "@atelier/contract";
import { RotateCw } from "lucide-react";
import type { ReactNode } from "react";
import { toast } from "sonner";
import { formatDateTime } from "../format.ts";
import { errorMessage } from "../query-client.ts";
import { Button } from "../ui/button.tsx";
import { Dialog, DialogBody, DialogFooter } from "../ui/dialog.tsx";
import { Pill, QueryError, SkeletonRows } from "../ui/states.tsx";
import { useRedeliverWebhook, useWebhookDelivery } from "./api.ts";
import {
  attemptsText,
  deliveryStatusLabel,
  deliveryStatusTone,
  formatDuration,
  prettyJson,
  responseText,
} from "./status.ts";

export function DeliveryDetailDialog(props: { delivery: WebhookDelivery | null; onClose: () => void }) {
  const detail = useWebhookDelivery(props.delivery?.id ?? null);
  const redeliver = useRedeliverWebhook();
  const summary = props.delivery;
  return (
    <Dialog
      open={summary !== null}
      onOpenChange={(open) => {
        if (!open) props.onClose();
      }}
      title={summary ? `Delivery of ${summary.eventType}` : "Delivery"}
      description={summary ? `${summary.resource || "No resource"} · webhook-id ${summary.messageId}` : undefined}
      wide
    >
      <DialogBody>
        {detail.isPending ? (
          <SkeletonRows rows={6} label="Loading the delivery" />
        ) : detail.isError ? (
          <QueryError error={detail.error} onRetry={() => void detail.refetch()} />
        ) : (
          <DeliveryDetail detail={detail.data} />
        )}
      </DialogBody>
      <DialogFooter>
        <Button
          disabled={!summary || redeliver.isPending}
          onClick={() => {
            if (!summary) return;
            redeliver.mutate(summary.id, {
              onSuccess: () => toast.success(`Queued ${summary.eventType} for redelivery (same webhook-id)`),
              onError: (error) => toast.error(errorMessage(error)),
            });
          }}
        >
          <RotateCw aria-hidden className="size-4" />
          Redeliver
        </Button>
        <Button variant="primary" onClick={props.onClose}>
          Close
        </Button>
      </DialogFooter>
    </Dialog>
  );
}

function DeliveryDetail({ detail }: { detail: WebhookDeliveryDetail }) {
  const headers = Object.entries(detail.request.headers).sort(([a], [b]) => a.localeCompare(b));
  return (
    <div className="space-y-6">
      <dl className="grid grid-cols-2 gap-x-4 gap-y-3 text-sm sm:grid-cols-4">
        <Fact term="Status">
          <Pill tone={deliveryStatusTone(detail.status)}>{deliveryStatusLabel(detail.status)}</Pill>
        </Fact>
        <Fact term="Response">
          <span className="font-mono text-xs">{detail.attempts === 0 ? "—" : responseText(detail.responseStatus)}</span>
        </Fact>
        <Fact term="Attempts">{attemptsText(detail.attempts)}</Fact>
        <Fact term="Created">
          <time dateTime={detail.createdAt}>{formatDateTime(detail.createdAt)}</time>
        </Fact>
      </dl>

      <section aria-labelledby="delivery-request-heading" className="space-y-3">
        <h3 id="delivery-request-heading" className="font-semibold text-sm">
          Request
        </h3>
        <p className="break-all font-mono text-xs">
          <span className="font-semibold">POST</span> {detail.request.url}
        </p>
        <div className="overflow-x-auto rounded-lg border border-line">
          <table className="w-full text-left text-xs">
            <caption className="sr-only">Request headers</caption>
            <thead className="bg-stone-50 text-muted">
              <tr>
                <th scope="col" className="px-3 py-1.5 font-medium">
                  Header
                </th>
                <th scope="col" className="px-3 py-1.5 font-medium">
                  Value
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line font-mono">
              {headers.map(([name, value]) => (
                <tr key={name}>
                  <th scope="row" className="whitespace-nowrap px-3 py-1.5 align-top font-medium">
                    {name}
                  </th>
                  <td className="break-all px-3 py-1.5">{value}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <div>
          <p className="mb-1 font-medium text-muted text-xs">Body</p>
          <ScrollBox label="Request body" className="max-h-72 bg-stone-950 text-stone-100">
            <pre className="p-3 font-mono text-xs leading-relaxed" data-testid="webhook-delivery-body">
              {prettyJson(detail.request.body)}
            </pre>
          </ScrollBox>
        </div>
      </section>

      <section aria-labelledby="delivery-attempts-heading" className="space-y-3">
        <h3 id="delivery-attempts-heading" className="font-semibold text-sm">
          Attempts
        </h3>
        {detail.attemptLog.length === 0 ? (
          <p className="text-muted text-sm">Not tried yet: it is waiting in the queue.</p>
        ) : (
          <ol className="space-y-2">
            {detail.attemptLog.map((attempt, index) => {
              const ok = attempt.responseStatus !== null && attempt.responseStatus < 300 && !attempt.error;
              return (
                <li key={attempt.at} className="rounded-lg border border-line p-3">
                  <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs">
                    <span className="font-semibold">#{index + 1}</span>
                    <time dateTime={attempt.at}>{formatDateTime(attempt.at)}</time>
                    <Pill tone={ok ? "green" : "red"}>{responseText(attempt.responseStatus)}</Pill>
                    <span className="text-muted">{formatDuration(attempt.durationMs)}</span>
                  </div>
                  {attempt.error ? <p className="mt-2 text-red-800 text-xs">{attempt.error}</p> : null}
                  {attempt.responseBody ? (
                    <ScrollBox label={`Answer to attempt ${index + 1}`} className="mt-2 max-h-40 bg-stone-50">
                      <pre className="whitespace-pre-wrap break-all p-2 font-mono text-xs">
                        {prettyJson(attempt.responseBody)}
                      </pre>
                    </ScrollBox>
                  ) : null}
                </li>
              );
            })}
          </ol>
        )}
      </section>
    </div>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-muted text-xs">{term}</dt>
      <dd className="mt-0.5">{children}</dd>
    </div>
  );
}

/** A scrolling box a keyboard can focus and scroll (axe: scrollable-region-focusable), named for screen readers. */
function ScrollBox(props: { label: string; className?: string; children: ReactNode }) {
  // As the admin's Table does for a table that scrolls sideways.
  const region = { role: "region", tabIndex: 0, "aria-label": props.label } as const;
  return (
    <div {...region} className={`overflow-auto rounded-lg ${props.className ?? ""}`}>
      {props.children}
    </div>
  );
}
