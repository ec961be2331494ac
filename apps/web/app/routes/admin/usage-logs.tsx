/**
 * /admin/promotions/usage-logs: every use of a coupon or automatic discount — who, which
 * order (linked), code, amount, when — filtered by coupon, customer and date, with CSV.
 * Uses of cancelled orders stay listed but no longer count toward the limits.
 */
import type { UsageQuery } from "@atelier/contract";
import { Download, ReceiptText } from "lucide-react";
import type { FormEvent } from "react";
import { Link, useSearchParams } from "react-router";
import { toast } from "sonner";
import { formatDateTime } from "../../features/admin/format.ts";
import { statusLabels } from "../../features/admin/orders/api.ts";
import { couponEndpoints, downloadCsv, useCouponList, useUsage } from "../../features/admin/promotions/api.ts";
import { errorMessage } from "../../features/admin/query-client.ts";
import { Button } from "../../features/admin/ui/button.tsx";
import { Card, PageHeader } from "../../features/admin/ui/card.tsx";
import { Select, TextInput } from "../../features/admin/ui/fields.tsx";
import { EmptyState, Pill, QueryError, SkeletonRows } from "../../features/admin/ui/states.tsx";
import { Table } from "../../features/admin/ui/table.tsx";
import { adminPaths } from "../../lib/admin-paths.ts";
import { formatMoney } from "../../lib/money.ts";

const filterKeys = ["couponId", "q", "from", "to"] as const;

export function meta() {
  return [{ title: "Coupon Usage Logs" }];
}

export default function UsageLogs() {
  const [params, setParams] = useSearchParams();
  const filter: Record<string, string> = {};
  for (const key of filterKeys) {
    const value = params.get(key);
    if (value) filter[key] = value;
  }
  const page = Number(params.get("page") ?? "1") || 1;
  const usage = useUsage({ ...filter, page, pageSize: 25 } as UsageQuery);
  const coupons = useCouponList({ pageSize: 100, sort: "title" });

  function apply(next: Record<string, string | undefined>) {
    const search = new URLSearchParams(params);
    for (const [key, value] of Object.entries(next)) {
      if (value) search.set(key, value);
      else search.delete(key);
    }
    if (!("page" in next)) search.delete("page");
    setParams(search, { preventScrollReset: true });
  }

  function onSearch(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    apply(Object.fromEntries(filterKeys.map((key) => [key, String(form.get(key) ?? "") || undefined])));
  }

  const data = usage.data;
  return (
    <>
      <PageHeader
        title="Coupon usage"
        description={
          data ? `${data.total} use${data.total === 1 ? "" : "s"}` : "Who used which coupon, on which order."
        }
        actions={
          <Button
            onClick={() =>
              downloadCsv(couponEndpoints.usageExport, {}, filter).catch((error: unknown) =>
                toast.error(errorMessage(error)),
              )
            }
          >
            <Download aria-hidden className="size-4" /> Export CSV
          </Button>
        }
      />
      <div className="space-y-4">
        <Card>
          <form onSubmit={onSearch} className="grid gap-3 p-4 sm:grid-cols-2 lg:grid-cols-5" aria-label="Filter usage">
            <div className="space-y-1 text-sm">
              <label htmlFor="u-coupon" className="block font-medium">
                Coupon
              </label>
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
            </div>
            <div className="space-y-1 text-sm">
              <label htmlFor="u-q" className="block font-medium">
                Customer, code or order
              </label>
              <TextInput id="u-q" name="q" defaultValue={filter.q ?? ""} placeholder="Email, name, code, A10042" />
            </div>
            <div className="space-y-1 text-sm">
              <label htmlFor="u-from" className="block font-medium">
                From
              </label>
              <TextInput id="u-from" type="date" name="from" defaultValue={filter.from ?? ""} />
            </div>
            <div className="space-y-1 text-sm">
              <label htmlFor="u-to" className="block font-medium">
                To
              </label>
              <TextInput id="u-to" type="date" name="to" defaultValue={filter.to ?? ""} />
            </div>
            <div className="flex items-end gap-2">
              <Button type="submit" variant="primary">
                Apply
              </Button>
              <Link to={adminPaths.couponUsageLogs()} className="px-2 py-2 text-sm underline">
                Clear
              </Link>
            </div>
          </form>
        </Card>
        <Card>
          {usage.isError && !data ? (
            <QueryError error={usage.error} onRetry={() => void usage.refetch()} />
          ) : !data ? (
            <SkeletonRows rows={6} label="Loading coupon usage" />
          ) : data.items.length === 0 ? (
            <EmptyState icon={ReceiptText} title="No coupon uses match">
              Uses appear here when orders are placed with a coupon or an automatic discount.
            </EmptyState>
          ) : (
            <div className={usage.isPlaceholderData ? "opacity-60" : ""} aria-busy={usage.isFetching}>
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
              <nav aria-label="Pages" className="flex items-center justify-end gap-2 border-line border-t p-3 text-sm">
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
          )}
        </Card>
      </div>
    </>
  );
}

export { AdminRouteError as ErrorBoundary } from "../../features/admin/layout/admin-route-error.tsx";
