/**
 * The webhook endpoints: address and description, the events they get, whether they are on
 * (or failing, or turned off and why), the last delivery, and each row's actions. "Deliveries"
 * opens the endpoint's log under the table; the menu holds the rest.
 */
import type { WebhookEndpoint } from "@atelier/contract";
import { webhookEventLabels, webhookEventTypes } from "@atelier/contract/constants";
import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import * as Tooltip from "@radix-ui/react-tooltip";
import { Ellipsis, History, KeyRound, Pencil, Power, PowerOff, Send, Trash2, Webhook } from "lucide-react";
import { useRef } from "react";
import { formatDateTime, formatRelative } from "../format.ts";
import { Button, buttonClass } from "../ui/button.tsx";
import { EmptyState, Pill } from "../ui/states.tsx";
import { type Column, Table } from "../ui/table.tsx";
import { deliveryStatusLabel, deliveryStatusTone, endpointStatus, eventsSummary, responseText } from "./status.ts";

export type EndpointAction = "edit" | "toggle" | "rotate" | "test" | "delete";

/** Below 1280 px the events move under the address, and the actions stay in view while the rest scrolls. */
const wideOnly = "hidden xl:table-cell";
const stickyEnd = "sticky right-0 max-xl:shadow-[-6px_0_6px_-6px_rgb(0_0_0/0.15)]";

const columns: readonly Column[] = [
  { label: "Endpoint" },
  { label: "Events", className: wideOnly },
  { label: "Status" },
  { label: "Last delivery" },
  { label: "Actions", align: "end", hidden: true, className: `${stickyEnd} bg-stone-50` },
];

export function EndpointsTable(props: {
  endpoints: readonly WebhookEndpoint[];
  selectedId: number | null;
  onSelect: (endpoint: WebhookEndpoint | null) => void;
  onAction: (action: EndpointAction, endpoint: WebhookEndpoint, opener: HTMLElement | null) => void;
}) {
  if (props.endpoints.length === 0) {
    return (
      <EmptyState icon={Webhook} title="No webhook endpoints yet">
        Add an endpoint to have the shop tell another system (an ERP, a warehouse, a chat channel) the moment an order,
        product or stock level changes.
      </EmptyState>
    );
  }
  return (
    <Table caption="Webhook endpoints" columns={columns} scrollable>
      {props.endpoints.map((endpoint) => {
        const selected = endpoint.id === props.selectedId;
        return (
          <tr
            key={endpoint.id}
            data-testid={`webhook-endpoint-${endpoint.id}`}
            className={`align-top ${selected ? "bg-brand-soft" : "bg-white hover:bg-stone-50"}`}
          >
            <EndpointCell endpoint={endpoint} />
            <td className={`min-w-44 px-4 py-3 ${wideOnly}`}>
              <EventChips endpoint={endpoint} />
            </td>
            <td className="min-w-32 px-4 py-3">
              <StatusCell endpoint={endpoint} />
            </td>
            <td className="min-w-32 px-4 py-3">
              <LastDelivery endpoint={endpoint} />
            </td>
            <td className={`bg-inherit px-4 py-3 ${stickyEnd}`}>
              <div className="flex items-center justify-end gap-1">
                <Button
                  size="sm"
                  variant={selected ? "primary" : "secondary"}
                  aria-pressed={selected}
                  aria-label={`Deliveries to ${endpoint.url}`}
                  onClick={() => props.onSelect(selected ? null : endpoint)}
                >
                  <History aria-hidden className="size-3.5" />
                  Deliveries
                </Button>
                <RowActions endpoint={endpoint} onAction={props.onAction} />
              </div>
            </td>
          </tr>
        );
      })}
    </Table>
  );
}

function EndpointCell({ endpoint }: { endpoint: WebhookEndpoint }) {
  const overlap =
    endpoint.previousSecretExpiresAt && new Date(endpoint.previousSecretExpiresAt).getTime() > Date.now()
      ? endpoint.previousSecretExpiresAt
      : null;
  return (
    <td className="min-w-52 max-w-md px-4 py-3">
      <p className="break-all font-medium font-mono text-[13px]">{endpoint.url}</p>
      {endpoint.description ? <p className="mt-0.5 text-sm">{endpoint.description}</p> : null}
      <div className="mt-2 xl:hidden">
        <EventChips endpoint={endpoint} />
      </div>
      <p className="mt-1 text-muted text-xs">
        Secret <span className="font-mono">{endpoint.secretPrefix}…</span>
        {overlap ? (
          <>
            {" · "}
            <span>
              the previous one also signs until{" "}
              <time dateTime={overlap} title={formatDateTime(overlap)}>
                {formatDateTime(overlap)}
              </time>
            </span>
          </>
        ) : null}
      </p>
    </td>
  );
}

function EventChips({ endpoint }: { endpoint: WebhookEndpoint }) {
  const summary = eventsSummary(endpoint.events, webhookEventTypes);
  if (summary.kind === "all") return <Pill tone="brand">All events ({summary.count})</Pill>;
  return (
    <ul className="flex max-w-xs flex-wrap gap-1" aria-label={`${endpoint.events.length} events`}>
      {summary.chips.map((type) => (
        <li key={type}>
          <span title={webhookEventLabels[type]}>
            <Pill>
              <span className="font-mono">{type}</span>
            </Pill>
          </span>
        </li>
      ))}
      {summary.more.length > 0 ? (
        <li>
          <Tooltip.Root>
            <Tooltip.Trigger asChild>
              <button
                type="button"
                className="inline-flex items-center rounded-md bg-stone-100 px-1.5 py-0.5 font-medium text-stone-700 text-xs ring-1 ring-stone-200 ring-inset hover:bg-stone-200"
                aria-label={`${summary.more.length} more: ${summary.more.join(", ")}`}
              >
                +{summary.more.length} more
              </button>
            </Tooltip.Trigger>
            <Tooltip.Portal>
              <Tooltip.Content
                side="bottom"
                sideOffset={6}
                className="z-50 max-w-xs rounded-md bg-ink px-2.5 py-2 text-white text-xs shadow-md"
              >
                <ul className="space-y-0.5">
                  {summary.more.map((type) => (
                    <li key={type}>
                      <span className="font-mono">{type}</span>{" "}
                      <span className="text-stone-300">{webhookEventLabels[type]}</span>
                    </li>
                  ))}
                </ul>
              </Tooltip.Content>
            </Tooltip.Portal>
          </Tooltip.Root>
        </li>
      ) : null}
    </ul>
  );
}

function StatusCell({ endpoint }: { endpoint: WebhookEndpoint }) {
  const status = endpointStatus(endpoint);
  return (
    <>
      <Pill tone={status.tone}>{status.label}</Pill>
      {status.detail ? <p className="mt-1 max-w-56 text-muted text-xs">{status.detail}</p> : null}
    </>
  );
}

function LastDelivery({ endpoint }: { endpoint: WebhookEndpoint }) {
  const last = endpoint.lastDelivery;
  if (!last) return <span className="text-muted text-sm">None yet</span>;
  return (
    <>
      <div className="flex flex-wrap items-center gap-1.5">
        <Pill tone={deliveryStatusTone(last.status)}>{deliveryStatusLabel(last.status)}</Pill>
        <span className="whitespace-nowrap font-mono text-xs">{responseText(last.responseStatus)}</span>
      </div>
      <time dateTime={last.at} title={formatDateTime(last.at)} className="mt-1 block text-muted text-xs">
        {formatRelative(last.at)}
      </time>
    </>
  );
}

const item =
  "flex cursor-pointer items-center gap-2 rounded-md px-2.5 py-1.5 text-sm outline-none data-[highlighted]:bg-stone-100";

/** The row's menu; dialogs it opens hand the focus back to its button (the item is gone by then). */
function RowActions(props: {
  endpoint: WebhookEndpoint;
  onAction: (action: EndpointAction, endpoint: WebhookEndpoint, opener: HTMLElement | null) => void;
}) {
  const trigger = useRef<HTMLButtonElement>(null);
  const { endpoint } = props;
  const run = (action: EndpointAction) => props.onAction(action, endpoint, trigger.current);
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        ref={trigger}
        className={buttonClass("ghost", "icon")}
        aria-label={`Actions for ${endpoint.url}`}
      >
        <Ellipsis aria-hidden className="size-4" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={4}
          className="z-50 min-w-52 rounded-lg border border-line bg-white p-1 shadow-lg"
        >
          <DropdownMenu.Item className={item} onSelect={() => run("test")}>
            <Send aria-hidden className="size-4 text-stone-500" /> Send test event
          </DropdownMenu.Item>
          <DropdownMenu.Item className={item} onSelect={() => run("edit")}>
            <Pencil aria-hidden className="size-4 text-stone-500" /> Edit…
          </DropdownMenu.Item>
          <DropdownMenu.Item className={item} onSelect={() => run("toggle")}>
            {endpoint.enabled ? (
              <>
                <PowerOff aria-hidden className="size-4 text-stone-500" /> Disable
              </>
            ) : (
              <>
                <Power aria-hidden className="size-4 text-stone-500" /> Enable
              </>
            )}
          </DropdownMenu.Item>
          <DropdownMenu.Item className={item} onSelect={() => run("rotate")}>
            <KeyRound aria-hidden className="size-4 text-stone-500" /> Rotate secret…
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="my-1 h-px bg-line" />
          <DropdownMenu.Item className={`${item} text-red-700`} onSelect={() => run("delete")}>
            <Trash2 aria-hidden className="size-4" /> Delete…
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
