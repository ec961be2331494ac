/**
 * /admin/show/show-orders: orders grouped by history id, drafts hidden, unchecked first then
 * checked by most recent checkedDate (the spec's rule, the default sort). Search, filters,
 * sort and page live in the URL; bulk mark checked / change status; CSV export.
 */
import { type AdminOrderListQuery, adminOrderSorts, orderStatusValues } from "@atelier/contract";
import { useQueryClient } from "@tanstack/react-query";
import { PackageOpen } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import { formatDateTime } from "../../features/admin/format.ts";
import { ExportCsvButton, FilterActions, FilterField, ListStates } from "../../features/admin/list/list-parts.tsx";
import { useListState } from "../../features/admin/list/use-list-state.ts";
import {
  orderActions,
  orderEndpoints,
  orderKeys,
  paymentMethodLabels,
  paymentStateLabels,
  statusLabels,
  useOrderList,
} from "../../features/admin/orders/api.ts";
import { errorMessage } from "../../features/admin/query-client.ts";
import { Button } from "../../features/admin/ui/button.tsx";
import { Card, PageHeader } from "../../features/admin/ui/card.tsx";
import { ConfirmDialog } from "../../features/admin/ui/confirm-dialog.tsx";
import { Select, TextInput } from "../../features/admin/ui/fields.tsx";
import { Pill } from "../../features/admin/ui/states.tsx";
import { Table } from "../../features/admin/ui/table.tsx";
import { adminPaths } from "../../lib/admin-paths.ts";
import { formatMoney } from "../../lib/money.ts";

const filterKeys = ["q", "status", "paymentMethod", "paymentState", "from", "to", "zone", "checked", "sort"] as const;
const sortLabels: Record<(typeof adminOrderSorts)[number], string> = {
  spec: "Unchecked first",
  newest: "Newest first",
  oldest: "Oldest first",
  "total-desc": "Highest total",
  "total-asc": "Lowest total",
};

export function meta() {
  return [{ title: "Show Orders" }];
}

export default function ShowOrders() {
  const queryClient = useQueryClient();
  const [selected, setSelected] = useState<Set<number>>(new Set());
  // A new filter or page is a new set of rows: the selection does not carry over.
  const { filter, page, submit, setPage, key } = useListState(filterKeys, { onChange: () => setSelected(new Set()) });
  const query = { ...filter, page, pageSize: 20 } as AdminOrderListQuery;
  const list = useOrderList(query);
  const [bulkStatus, setBulkStatus] = useState("");
  const [busy, setBusy] = useState(false);
  const [confirmCancel, setConfirmCancel] = useState(false);

  async function bulk(action: "check" | "status") {
    if (selected.size === 0) return;
    setBusy(true);
    try {
      const ids = [...selected];
      const result = await orderActions.bulk(
        action === "check" ? { action, ids } : { action, ids, to: bulkStatus as (typeof orderStatusValues)[number] },
      );
      if (result.updated > 0) toast.success(`${result.updated} order${result.updated === 1 ? "" : "s"} updated.`);
      for (const failure of result.failed) toast.error(`${failure.number}: ${failure.message}`);
      setSelected(new Set());
      await queryClient.invalidateQueries({ queryKey: orderKeys.all });
      await queryClient.invalidateQueries({ queryKey: ["admin", "badges"] });
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  const data = list.data;
  const allOnPage = data?.items.map((row) => row.id) ?? [];
  const allSelected = allOnPage.length > 0 && allOnPage.every((id) => selected.has(id));

  return (
    <>
      <PageHeader
        title="Show Orders"
        description={
          data
            ? `${data.total} order${data.total === 1 ? "" : "s"}, ${data.unchecked} unchecked`
            : "Orders, newest unchecked first."
        }
        actions={<ExportCsvButton endpoint={orderEndpoints.exportCsv} query={filter} />}
      />
      <div className="space-y-4">
        <Card>
          <form
            key={key}
            onSubmit={submit}
            className="grid gap-3 p-4 sm:grid-cols-2 lg:grid-cols-4"
            aria-label="Find orders"
          >
            <FilterField id="f-search" label="Search" className="sm:col-span-2">
              <TextInput
                id="f-search"
                name="q"
                defaultValue={filter.q ?? ""}
                placeholder="Order number, name, email or phone"
              />
            </FilterField>
            <FilterField id="f-status" label="Status">
              <Select id="f-status" name="status" defaultValue={filter.status ?? ""} className="w-full">
                <option value="">Any status</option>
                {orderStatusValues.map((status) => (
                  <option key={status} value={status}>
                    {statusLabels[status]}
                  </option>
                ))}
              </Select>
            </FilterField>
            <FilterField id="f-checked" label="Checked">
              <Select id="f-checked" name="checked" defaultValue={filter.checked ?? ""} className="w-full">
                <option value="">Checked or not</option>
                <option value="no">Unchecked</option>
                <option value="yes">Checked</option>
              </Select>
            </FilterField>
            <FilterField id="f-paymentMethod" label="Payment method">
              <Select
                id="f-paymentMethod"
                name="paymentMethod"
                defaultValue={filter.paymentMethod ?? ""}
                className="w-full"
              >
                <option value="">Any method</option>
                {Object.entries(paymentMethodLabels).map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </Select>
            </FilterField>
            <FilterField id="f-paymentState" label="Payment state">
              <Select
                id="f-paymentState"
                name="paymentState"
                defaultValue={filter.paymentState ?? ""}
                className="w-full"
              >
                <option value="">Any state</option>
                {Object.entries(paymentStateLabels).map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </Select>
            </FilterField>
            <FilterField id="f-placed-from" label="Placed from">
              <TextInput id="f-placed-from" type="date" name="from" defaultValue={filter.from ?? ""} />
            </FilterField>
            <FilterField id="f-placed-to" label="Placed to">
              <TextInput id="f-placed-to" type="date" name="to" defaultValue={filter.to ?? ""} />
            </FilterField>
            <FilterField id="f-delivery-zone" label="Delivery zone">
              <TextInput id="f-delivery-zone" name="zone" defaultValue={filter.zone ?? ""} placeholder="Zone name" />
            </FilterField>
            <FilterField id="f-sort" label="Sort">
              <Select id="f-sort" name="sort" defaultValue={filter.sort ?? "spec"} className="w-full">
                {adminOrderSorts.map((sort) => (
                  <option key={sort} value={sort}>
                    {sortLabels[sort]}
                  </option>
                ))}
              </Select>
            </FilterField>
            <FilterActions clearTo={adminPaths.orders()} />
          </form>
        </Card>

        <Card>
          <div className="flex flex-wrap items-center gap-2 border-line border-b p-3 text-sm">
            <span className="text-muted">{selected.size} selected</span>
            <Button size="sm" disabled={busy || selected.size === 0} onClick={() => void bulk("check")}>
              Mark checked
            </Button>
            <Select
              className="max-w-56"
              aria-label="New status for the selected orders"
              value={bulkStatus}
              onChange={(event) => setBulkStatus(event.target.value)}
            >
              <option value="">Change status to…</option>
              {orderStatusValues.map((status) => (
                <option key={status} value={status}>
                  {statusLabels[status]}
                </option>
              ))}
            </Select>
            <Button
              size="sm"
              disabled={busy || selected.size === 0 || bulkStatus === ""}
              onClick={() => (bulkStatus === "cancelled" ? setConfirmCancel(true) : void bulk("status"))}
            >
              Apply status
            </Button>
          </div>
          <ListStates
            onPage={setPage}
            query={list}
            loadingLabel="Loading orders"
            empty={{ icon: PackageOpen, title: "No orders match", body: "Try other filters, or clear them." }}
          >
            {(data) => (
              <>
                <Table
                  caption="Orders"
                  columns={[
                    { label: "Select", hidden: true },
                    { label: "Order" },
                    { label: "Customer" },
                    { label: "Status" },
                    { label: "Payment" },
                    { label: "Checked" },
                    { label: "Total", align: "end" },
                  ]}
                >
                  {data.items.map((row) => (
                    <tr key={row.id} className="border-line border-b last:border-0" data-testid="order-row">
                      <td className="px-4 py-2">
                        <input
                          type="checkbox"
                          aria-label={`Select order ${row.number}`}
                          checked={selected.has(row.id)}
                          onChange={(event) => {
                            const next = new Set(selected);
                            if (event.target.checked) next.add(row.id);
                            else next.delete(row.id);
                            setSelected(next);
                          }}
                        />
                      </td>
                      <td className="whitespace-nowrap px-4 py-2">
                        <Link to={`${adminPaths.orders()}/${row.id}`} className="font-medium underline">
                          {row.number}
                        </Link>
                        <span className="block text-muted text-xs">{formatDateTime(row.placedAt)}</span>
                      </td>
                      <td className="px-4 py-2">
                        {row.customerName}
                        <span className="block text-muted text-xs">{row.email}</span>
                      </td>
                      <td className="px-4 py-2">
                        <Pill
                          tone={row.status === "cancelled" ? "red" : row.status === "delivered" ? "green" : "neutral"}
                        >
                          {statusLabels[row.status]}
                        </Pill>
                      </td>
                      <td className="px-4 py-2 text-xs">
                        {paymentMethodLabels[row.paymentMethod]}
                        <span className="block text-muted">{paymentStateLabels[row.paymentState]}</span>
                      </td>
                      <td className="px-4 py-2">
                        {row.isChecked ? (
                          <span className="text-xs">{formatDateTime(row.checkedDate)}</span>
                        ) : (
                          <Pill tone="amber">Unchecked</Pill>
                        )}
                      </td>
                      <td className="px-4 py-2 text-right tabular-nums">{formatMoney(row.total, row.currency)}</td>
                    </tr>
                  ))}
                </Table>
                <label className="flex items-center gap-2 border-line border-t px-4 py-2.5 text-sm">
                  <input
                    type="checkbox"
                    checked={allSelected}
                    onChange={(event) => setSelected(event.target.checked ? new Set(allOnPage) : new Set())}
                  />
                  Select this page
                </label>
              </>
            )}
          </ListStates>
        </Card>
      </div>
      <ConfirmDialog
        open={confirmCancel}
        onOpenChange={setConfirmCancel}
        title={`Cancel ${selected.size} order${selected.size === 1 ? "" : "s"}?`}
        description="Their items go back into stock and each customer is told by email. This cannot be undone."
        confirmLabel="Cancel orders"
        pending={busy}
        onConfirm={() => void bulk("status").then(() => setConfirmCancel(false))}
      />
    </>
  );
}

export { AdminRouteError as ErrorBoundary } from "../../features/admin/layout/admin-route-error.tsx";
