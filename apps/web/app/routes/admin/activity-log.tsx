/**
 * /admin/Manage/activity-log (issue 20, permission Role Management): who did what and when
 * in the admin, newest first, with each change's fields before and after. Filters and the
 * page live in the URL; the CSV download takes the same filters.
 */
import type { ActivityEntry } from "@atelier/contract";
import { activityActions, activityGroups } from "@atelier/contract/constants";
import { ChevronDown, ChevronRight, History } from "lucide-react";
import { Fragment, useState } from "react";
import { Link } from "react-router";
import { activityEndpoints, type LogQuery, useActivityLog } from "../../features/admin/activity-log/api.ts";
import { Changes } from "../../features/admin/activity-log/changes.tsx";
import { formatDateTime } from "../../features/admin/format.ts";
import { ExportCsvButton, FilterActions, FilterField, ListStates } from "../../features/admin/list/list-parts.tsx";
import { useListState } from "../../features/admin/list/use-list-state.ts";
import { Button } from "../../features/admin/ui/button.tsx";
import { Card, PageHeader } from "../../features/admin/ui/card.tsx";
import { Select, TextInput } from "../../features/admin/ui/fields.tsx";
import { Pill } from "../../features/admin/ui/states.tsx";
import { Table } from "../../features/admin/ui/table.tsx";
import { adminPaths } from "../../lib/admin-paths.ts";

const filterKeys = ["actor", "action", "from", "to", "search", "subjectType", "subjectId"] as const;
const pageSize = 25;

export function meta() {
  return [{ title: "Activity Log" }];
}

/** Where the subject of an entry lives in the admin, when it still has a page. */
function subjectHref(entry: ActivityEntry): string | undefined {
  const { type, id } = entry.subject;
  if (entry.action.endsWith(".delete")) return undefined;
  if (type === "product" && /^\d+$/.test(id)) return adminPaths.editProduct(Number(id));
  if (type === "order" && /^\d+$/.test(id)) return `${adminPaths.orders()}/${id}`;
  if (type === "user") return adminPaths.userDetails(id);
  if (type === "role") return adminPaths.roles();
  if (type === "api-token") return adminPaths.apiTokens();
  if (type === "webhook") return adminPaths.webhooks();
  if (type === "delivery-zone") return adminPaths.deliveryZones();
  if (type === "tax-rate") return adminPaths.taxRates();
  if (type === "settings" && id === "checkout") return adminPaths.paymentSettings();
  if (type === "settings" && id === "navbar") return adminPaths.rearrangeNavbar();
  return undefined;
}

const actionTone = (action: string) =>
  action.endsWith(".delete") || action.endsWith(".revoke") || action === "user.ban" || action === "order.refund"
    ? "red"
    : action.endsWith(".create") || action.endsWith(".publish")
      ? "green"
      : "neutral";

const actionsByGroup = Object.keys(activityGroups).map((group) => ({
  group,
  actions: Object.entries(activityActions).filter(([key]) => key.startsWith(`${group}.`)),
}));

export default function ActivityLog() {
  const { filter, page, submit, setPage, key } = useListState(filterKeys);
  const query: LogQuery = { ...filter, page, pageSize };
  const log = useActivityLog(query);
  const [open, setOpen] = useState<Set<number>>(new Set());

  function toggle(id: number) {
    const next = new Set(open);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setOpen(next);
  }

  const data = log.data;
  const filtered = Object.keys(filter).length > 0;

  return (
    <>
      <PageHeader
        title="Activity Log"
        description="Who changed what and when: prices and stock, publishing, orders, refunds, roles, bans and settings."
        actions={<ExportCsvButton endpoint={activityEndpoints.exportCsv} query={filter} label="Download CSV" />}
      />
      <div className="space-y-4">
        <Card>
          {/* key: Back and Forward reset the fields to the URL's filters */}
          <form
            key={key}
            // The subject (a link from an order or product) stays; the form sets the rest.
            onSubmit={(event) => submit(event, ["actor", "action", "from", "to", "search"])}
            className="grid gap-3 p-4 sm:grid-cols-2 lg:grid-cols-4"
            aria-label="Filter the activity log"
          >
            <FilterField id="log-search" label="Search" className="sm:col-span-2 lg:col-span-4">
              <TextInput
                id="log-search"
                name="search"
                type="search"
                maxLength={200}
                defaultValue={filter.search ?? ""}
                placeholder="Product, order number, staff name or email"
              />
            </FilterField>
            <FilterField id="log-actor" label="Staff member">
              <Select id="log-actor" name="actor" defaultValue={filter.actor ?? ""} className="w-full">
                <option value="">Anyone</option>
                {data?.actors.map((actor) => (
                  <option key={actor.id} value={actor.id}>
                    {actor.name || actor.email}
                  </option>
                ))}
                {filter.actor && data && !data.actors.some((actor) => actor.id === filter.actor) ? (
                  <option value={filter.actor}>Selected staff member</option>
                ) : null}
              </Select>
            </FilterField>
            <FilterField id="log-action" label="Action">
              <Select id="log-action" name="action" defaultValue={filter.action ?? ""} className="w-full">
                <option value="">Any action</option>
                {actionsByGroup.map(({ group, actions }) => (
                  <optgroup key={group} label={activityGroups[group]}>
                    <option value={group}>All: {activityGroups[group]?.toLowerCase()}</option>
                    {actions.map(([key, label]) => (
                      <option key={key} value={key}>
                        {label}
                      </option>
                    ))}
                  </optgroup>
                ))}
              </Select>
            </FilterField>
            <FilterField id="log-from" label="From">
              <TextInput id="log-from" type="date" name="from" defaultValue={filter.from ?? ""} />
            </FilterField>
            <FilterField id="log-to" label="To">
              <TextInput id="log-to" type="date" name="to" defaultValue={filter.to ?? ""} />
            </FilterField>
            <FilterActions clearTo={adminPaths.activityLog()} className="sm:col-span-2 lg:col-span-4">
              {filter.subjectType ? (
                <span className="text-muted text-sm">Showing one {filter.subjectType.replace("-", " ")} only.</span>
              ) : null}
            </FilterActions>
          </form>
        </Card>

        <Card>
          <ListStates
            onPage={setPage}
            query={log}
            rows={8}
            loadingLabel="Loading the activity log"
            empty={{
              icon: History,
              title: filtered ? "Nothing matches these filters" : "No staff activity yet",
              body: filtered
                ? "Try other filters, or clear them."
                : "Changes staff make to products, orders, roles and settings appear here.",
            }}
          >
            {(data) => (
              <>
                <Table
                  caption="Staff activity, newest first"
                  columns={[
                    { label: "Action and time" },
                    { label: "Staff member" },
                    { label: "Subject" },
                    { label: "Changes", align: "end" },
                  ]}
                >
                  {data.items.map((entry) => {
                    const expanded = open.has(entry.id);
                    const href = subjectHref(entry);
                    const changesId = `activity-changes-${entry.id}`;
                    return (
                      <Fragment key={entry.id}>
                        <tr data-testid="activity-row" className="align-top">
                          <td className="px-4 py-2">
                            <Pill tone={actionTone(entry.action)}>{entry.actionLabel}</Pill>
                            <time dateTime={entry.at} className="mt-1 block whitespace-nowrap text-muted text-xs">
                              {formatDateTime(entry.at)}
                            </time>
                          </td>
                          <td className="px-4 py-2">
                            {entry.actor.name || "System"}
                            {entry.actor.email ? (
                              <span className="block break-all text-muted text-xs">{entry.actor.email}</span>
                            ) : null}
                          </td>
                          <td className="px-4 py-2">
                            {href ? (
                              <Link to={href} className="font-medium underline">
                                {entry.subject.label || entry.subject.id}
                              </Link>
                            ) : (
                              <span className="font-medium">{entry.subject.label || entry.subject.id}</span>
                            )}
                            <span className="block text-muted text-xs">
                              {entry.subject.type}
                              {entry.subject.id ? ` #${entry.subject.id}` : ""}
                            </span>
                          </td>
                          <td className="px-4 py-2 text-right">
                            <Button
                              size="sm"
                              aria-expanded={expanded}
                              aria-controls={expanded ? changesId : undefined}
                              onClick={() => toggle(entry.id)}
                            >
                              {expanded ? (
                                <ChevronDown aria-hidden className="size-4" />
                              ) : (
                                <ChevronRight aria-hidden className="size-4" />
                              )}
                              {expanded ? "Hide" : "Show"}
                              <span className="sr-only">
                                {" "}
                                changes: {entry.actionLabel}, {entry.subject.label}
                              </span>
                            </Button>
                          </td>
                        </tr>
                        {expanded ? (
                          <tr className="bg-stone-50">
                            <td colSpan={4}>
                              <Changes entry={entry} id={changesId} />
                            </td>
                          </tr>
                        ) : null}
                      </Fragment>
                    );
                  })}
                </Table>
              </>
            )}
          </ListStates>
        </Card>
      </div>
    </>
  );
}

export { AdminRouteError as ErrorBoundary } from "../../features/admin/layout/admin-route-error.tsx";
