/**
 * /admin/show/show-orders: orders grouped by history id, drafts hidden, unchecked first then
 * checked by most recent checkedDate (the spec's rule, the default sort). Search, filters,
 * sort and page live in the URL; bulk mark checked / change status; CSV export.
 */
import { type AdminOrderListQuery, adminOrderSorts, orderStatusValues } from "@atelier/contract";
import { useQueryClient } from "@tanstack/react-query";
import { Download, PackageOpen } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { toast } from "sonner";
import { formatDateTime } from "../../features/admin/format.ts";
import {
  downloadOrdersCsv,
  orderActions,
  orderKeys,
  paymentMethodLabels,
  paymentStateLabels,
  statusLabels,
  useOrderList,
} from "../../features/admin/orders/api.ts";
import { errorMessage } from "../../features/admin/query-client.ts";
import { Button } from "../../features/admin/ui/button.tsx";
import { Card, PageHeader } from "../../features/admin/ui/card.tsx";
import { Select, TextInput } from "../../features/admin/ui/fields.tsx";
import { EmptyState, Pill, QueryError, SkeletonRows } from "../../features/admin/ui/states.tsx";
import { Table } from "../../features/admin/ui/table.tsx";
import { adminPaths } from "../../lib/admin-paths.ts";
import { formatMoney } from "../../lib/money.ts";

const filterKeys = ["q", "status", "paymentMethod", "paymentState", "from", "to", "zone", "checked", "sort"] as const;
const sortLabels: Record<(typeof adminOrderSorts)[number], string> = {
  spec: "Unchecked first, then recently checked",
  newest: "Newest first",
  oldest: "Oldest first",
  "total-desc": "Highest total",
  "total-asc": "Lowest total",
};

export function meta() {
  return [{ title: "Show Orders" }];
}

export default function ShowOrders() {
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const filter: Record<string, string> = {};
  for (const key of filterKeys) {
    const value = params.get(key);
    if (value) filter[key] = value;
  }
  const page = Number(params.get("page") ?? "1") || 1;
  const query = { ...filter, page, pageSize: 20 } as AdminOrderListQuery;
  const list = useOrderList(query);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [bulkStatus, setBulkStatus] = useState("");
  const [busy, setBusy] = useState(false);

  function apply(next: Record<string, string | undefined>) {
    const search = new URLSearchParams(params);
    for (const [key, value] of Object.entries(next)) {
      if (value) search.set(key, value);
      else search.delete(key);
    }
    if (!("page" in next)) search.delete("page");
    setParams(search, { preventScrollReset: true });
    setSelected(new Set());
  }

  function onSearch(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    apply(Object.fromEntries(filterKeys.map((key) => [key, String(form.get(key) ?? "") || undefined])));
  }

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
        actions={
          <Button onClick={() => downloadOrdersCsv(filter).catch((error: unknown) => toast.error(errorMessage(error)))}>
            <Download className="size-4" aria-hidden /> Export CSV
          </Button>
        }
      />
      <div className="space-y-4">
        <Card>
          <form onSubmit={onSearch} className="grid gap-3 p-4 sm:grid-cols-2 lg:grid-cols-4" aria-label="Find orders">
            <div className="space-y-1 text-sm sm:col-span-2">
              <label htmlFor="f-search" className="block font-medium">
                Search
              </label>
              <TextInput
                id="f-search"
                name="q"
                defaultValue={filter.q ?? ""}
                placeholder="Order number, name, email or phone"
              />
            </div>
            <div className="space-y-1 text-sm">
              <label htmlFor="f-status" className="block font-medium">
                Status
              </label>
              <Select id="f-status" name="status" defaultValue={filter.status ?? ""} className="w-full">
                <option value="">Any status</option>
                {orderStatusValues.map((status) => (
                  <option key={status} value={status}>
                    {statusLabels[status]}
                  </option>
                ))}
              </Select>
            </div>
            <div className="space-y-1 text-sm">
              <label htmlFor="f-checked" className="block font-medium">
                Checked
              </label>
              <Select id="f-checked" name="checked" defaultValue={filter.checked ?? ""} className="w-full">
                <option value="">Checked or not</option>
                <option value="no">Unchecked</option>
                <option value="yes">Checked</option>
              </Select>
            </div>
            <div className="space-y-1 text-sm">
              <label htmlFor="f-paymentMethod" className="block font-medium">
                Payment method
              </label>
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
            </div>
            <div className="space-y-1 text-sm">
              <label htmlFor="f-paymentState" className="block font-medium">
                Payment state
              </label>
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
            </div>
            <div className="space-y-1 text-sm">
              <label htmlFor="f-placed-from" className="block font-medium">
                Placed from
              </label>
              <TextInput id="f-placed-from" type="date" name="from" defaultValue={filter.from ?? ""} />
            </div>
            <div className="space-y-1 text-sm">
              <label htmlFor="f-placed-to" className="block font-medium">
                Placed to
              </label>
              <TextInput id="f-placed-to" type="date" name="to" defaultValue={filter.to ?? ""} />
            </div>
            <div className="space-y-1 text-sm">
              <label htmlFor="f-delivery-zone" className="block font-medium">
                Delivery zone
              </label>
              <TextInput id="f-delivery-zone" name="zone" defaultValue={filter.zone ?? ""} placeholder="Zone name" />
            </div>
            <div className="space-y-1 text-sm">
              <label htmlFor="f-sort" className="block font-medium">
                Sort
              </label>
              <Select id="f-sort" name="sort" defaultValue={filter.sort ?? "spec"} className="w-full">
                {adminOrderSorts.map((sort) => (
                  <option key={sort} value={sort}>
                    {sortLabels[sort]}
                  </option>
                ))}
              </Select>
            </div>
            <div className="flex items-end gap-2">
              <Button type="submit" variant="primary">
                Apply
              </Button>
              <Link to={adminPaths.orders()} className="px-2 py-2 text-sm underline">
                Clear
              </Link>
            </div>
          </form>
        </Card>

        <Card>
          <div className="flex flex-wrap items-center gap-2 border-line border-b p-3 text-sm">
            <span className="text-muted">{selected.size} selected</span>
            <Button size="sm" disabled={busy || selected.size === 0} onClick={() => void bulk("check")}>
              Mark checked
            </Button>
            <Select
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
              onClick={() => void bulk("status")}
            >
              Apply status
            </Button>
          </div>
          {list.isError && !data ? (
            <QueryError error={list.error} onRetry={() => void list.refetch()} />
          ) : !data ? (
            <SkeletonRows rows={6} label="Loading orders" />
          ) : data.items.length === 0 ? (
            <EmptyState icon={PackageOpen} title="No orders match">
              Try other filters, or clear them.
            </EmptyState>
          ) : (
            <div className={list.isPlaceholderData ? "opacity-60" : ""} aria-busy={list.isFetching}>
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
              <div className="flex items-center justify-between gap-2 border-line border-t p-3 text-sm">
                <label className="flex items-center gap-2">
                  <input
                    type="checkbox"
                    checked={allSelected}
                    onChange={(event) => setSelected(event.target.checked ? new Set(allOnPage) : new Set())}
                  />
                  Select this page
                </label>
                <nav aria-label="Pages" className="flex items-center gap-2">
                  <Button size="sm" disabled={page <= 1} onClick={() => apply({ page: String(page - 1) })}>
                    Previous
                  </Button>
                  <span>
                    Page {data.page} of {Math.max(1, data.pageCount)}
                  </span>
                  <Button size="sm" disabled={page >= data.pageCount} onClick={() => apply({ page: String(page + 1) })}>
                    Next
                  </Button>
                </nav>
              </div>
            </div>
          )}
        </Card>
      </div>
    </>
  );
}

export { AdminRouteError as ErrorBoundary } from "../../features/admin/layout/admin-route-error.tsx";
