/**
 * /admin/promotions/usage-logs: every use of a coupon or automatic discount — who, which
 * order (linked), code, amount, when — filtered by coupon, customer and date, with CSV.
 * Uses of cancelled orders stay listed but no longer count toward the limits.
 */
import type { UsageQuery } from "@atelier/contract";
import { ReceiptText } from "lucide-react";
import { Link } from "react-router";
import { formatDateTime } from "../../features/admin/format.ts";
import { ExportCsvButton, FilterActions, FilterField, ListStates } from "../../features/admin/list/list-parts.tsx";
import { useListState } from "../../features/admin/list/use-list-state.ts";
import { statusLabels } from "../../features/admin/orders/api.ts";
import { couponEndpoints, useCouponList, useUsage } from "../../features/admin/promotions/api.ts";
import { Card, PageHeader } from "../../features/admin/ui/card.tsx";
import { Select, TextInput } from "../../features/admin/ui/fields.tsx";
import { Pill } from "../../features/admin/ui/states.tsx";
import { Table } from "../../features/admin/ui/table.tsx";
import { adminPaths } from "../../lib/admin-paths.ts";
import { formatMoney } from "../../lib/money.ts";

const filterKeys = ["couponId", "q", "from", "to"] as const;

export function meta() {
  return [{ title: "Coupon Usage Logs" }];
}

export default function UsageLogs() {
  const { filter, page, submit, setPage, key } = useListState(filterKeys);
  const usage = useUsage({ ...filter, page, pageSize: 25 } as UsageQuery);
  const coupons = useCouponList({ pageSize: 100, sort: "title" });

  const data = usage.data;
  return (
    <>
      <PageHeader
        title="Coupon usage"
        description={
          data ? `${data.total} use${data.total === 1 ? "" : "s"}` : "Who used which coupon, on which order."
        }
        actions={<ExportCsvButton endpoint={couponEndpoints.usageExport} query={filter} />}
      />
      <div className="space-y-4">
        <Card>
          <form
            key={key}
            onSubmit={submit}
            className="grid gap-3 p-4 sm:grid-cols-2 lg:grid-cols-5"
            aria-label="Filter usage"
          >
            <FilterField id="u-coupon" label="Coupon">
              <Select
                id="u-coupon"
                name="couponId"
                defaultValue={filter.couponId ?? ""}
                className="w-full"
                key={coupons.data ? "ready" : "loading"}
              >
                <option value="">All coupons</option>
                {coupons.data?.items.map((coupon) => (
                  <option key={coupon.id} value={coupon.id}>
                    {coupon.title}
                    {coupon.code ? ` (${coupon.code})` : ""}
                  </option>
                ))}
              </Select>
            </FilterField>
            <FilterField id="u-q" label="Customer, code or order">
              <TextInput id="u-q" name="q" defaultValue={filter.q ?? ""} placeholder="Email, name, code, A10042" />
            </FilterField>
            <FilterField id="u-from" label="From">
              <TextInput id="u-from" type="date" name="from" defaultValue={filter.from ?? ""} />
            </FilterField>
            <FilterField id="u-to" label="To">
              <TextInput id="u-to" type="date" name="to" defaultValue={filter.to ?? ""} />
            </FilterField>
            <FilterActions clearTo={adminPaths.couponUsageLogs()} />
          </form>
        </Card>
        <Card>
          <ListStates
            onPage={setPage}
            query={usage}
            loadingLabel="Loading coupon usage"
            empty={{
              icon: ReceiptText,
              title: "No coupon uses match",
              body: "Uses appear here when orders are placed with a coupon or an automatic discount.",
            }}
          >
            {(data) => (
              <>
                <Table
                  caption="Coupon uses"
                  columns={[
                    { label: "When" },
                    { label: "Customer" },
                    { label: "Order" },
                    { label: "Coupon" },
                    { label: "Discount", align: "end" },
                  ]}
                >
                  {data.items.map((row) => (
                    <tr key={row.id} data-testid="usage-row">
                      <td className="whitespace-nowrap px-4 py-2 text-xs">{formatDateTime(row.createdAt)}</td>
                      <td className="px-4 py-2">
                        {row.customerName}
                        <span className="block text-muted text-xs">
                          {row.email}
                          {row.isGuest ? " · guest" : ""}
                        </span>
                      </td>
                      <td className="whitespace-nowrap px-4 py-2">
                        <Link to={`${adminPaths.orders()}/${row.orderId}`} className="font-medium underline">
                          {row.orderNumber}
                        </Link>
                        <span className="block text-xs">
                          {row.counts ? (
                            <span className="text-muted">{statusLabels[row.orderStatus] ?? row.orderStatus}</span>
                          ) : (
                            <Pill tone="amber">{statusLabels[row.orderStatus] ?? row.orderStatus}: use released</Pill>
                          )}
                        </span>
                      </td>
                      <td className="px-4 py-2">
                        {row.couponTitle}
                        <span className="block font-mono text-xs">{row.code ?? "automatic"}</span>
                      </td>
                      <td className="whitespace-nowrap px-4 py-2 text-right tabular-nums">
                        {row.amount > 0 ? `−${formatMoney(row.amount, row.currency)}` : ""}
                        {row.freeDelivery ? <span className="block text-xs">Free delivery</span> : null}
                      </td>
                    </tr>
                  ))}
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
