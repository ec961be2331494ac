/**
 * /admin/inventory/stock-status/:id (issue 14, permission Inventory): one variant's levels
 * per warehouse, a chart of its stock over time, and every ledger row behind it.
 */
import { stockLedgerKindLabels } from "@atelier/contract";
import { History } from "lucide-react";
import { Link, useParams } from "react-router";
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { formatDateTime } from "../../features/admin/format.ts";
import { useHistory } from "../../features/admin/inventory/api.ts";
import { Card, CardHeader, PageHeader } from "../../features/admin/ui/card.tsx";
import { EmptyState, QueryError, SkeletonRows } from "../../features/admin/ui/states.tsx";
import { Table } from "../../features/admin/ui/table.tsx";
import { adminPaths } from "../../lib/admin-paths.ts";

export function meta() {
  return [{ title: "Stock history" }];
}

const tick = { fontSize: 11, fill: "#57534e" };

export default function StockHistory() {
  const id = Number(useParams().id);
  const history = useHistory(id);
  const data = history.data;
  if (history.isError && !data) return <QueryError error={history.error} onRetry={() => void history.refetch()} />;
  if (!data) return <SkeletonRows rows={6} label="Loading the stock history" />;
  const last = data.series.at(-1);
  // Changes within one day are told apart by the time, longer histories by the day.
  const oneDay = (data.series[0]?.at ?? "").slice(0, 10) === (last?.at ?? "").slice(0, 10);
  const tickOf = (at: string) => (oneDay ? at.slice(11, 16) : at.slice(5, 10));
  return (
    <>
      <PageHeader
        title={`${data.productName} · ${data.sizeName} / ${data.colorName}`}
        description={`SKU ${data.sku}. Every change of its stock, newest first.`}
        eyebrow={
          <Link to={adminPaths.stockStatus()} className="underline">
            Stock Status
          </Link>
        }
      />
      <div className="space-y-4">
        <Card labelledBy="levels-title">
          <CardHeader id="levels-title" title="Per warehouse" />
          <Table
            caption="Levels per warehouse"
            columns={[
              { label: "Warehouse" },
              { label: "On hand", align: "end" },
              { label: "Held", align: "end" },
              { label: "Available", align: "end" },
              { label: "Incoming", align: "end" },
            ]}
          >
            {data.levels.map((level) => (
              <tr key={level.warehouseId}>
                <td className="px-4 py-2">{level.warehouseName}</td>
                <td className="px-4 py-2 text-right">{level.onHand}</td>
                <td className="px-4 py-2 text-right">{level.reserved}</td>
                <td className="px-4 py-2 text-right">{level.available}</td>
                <td className="px-4 py-2 text-right">
                  {level.incoming || "—"}
                  {level.incomingExpectedOn ? ` (by ${level.incomingExpectedOn})` : ""}
                </td>
              </tr>
            ))}
          </Table>
        </Card>
        <Card labelledBy="chart-title">
          <CardHeader id="chart-title" title="Stock over time" />
          <figure className="p-4" data-testid="stock-chart">
            <figcaption className="sr-only">
              {last
                ? `Units on hand over ${data.series.length} changes; now ${last.onHand} on hand, ${last.available} available.`
                : "No changes yet."}
            </figcaption>
            <div aria-hidden className="h-64">
              <ResponsiveContainer width="100%" height="100%">
                <LineChart
                  data={data.series}
                  margin={{ top: 8, right: 8, bottom: 0, left: -16 }}
                  accessibilityLayer={false}
                >
                  <CartesianGrid vertical={false} stroke="#e7e5e4" />
                  <XAxis dataKey="at" tickFormatter={tickOf} tick={tick} minTickGap={24} />
                  <YAxis allowDecimals={false} tick={tick} />
                  <Tooltip labelFormatter={(at) => formatDateTime(String(at))} />
                  <Line
                    type="stepAfter"
                    dataKey="onHand"
                    name="On hand"
                    stroke="#9a3412"
                    strokeWidth={2}
                    dot={false}
                    isAnimationActive={false}
                  />
                  <Line
                    type="stepAfter"
                    dataKey="available"
                    name="Available"
                    stroke="#57534e"
                    strokeDasharray="4 3"
                    dot={false}
                    isAnimationActive={false}
                  />
                  <Legend iconType="plainline" wrapperStyle={{ fontSize: 12 }} />
                </LineChart>
              </ResponsiveContainer>
            </div>
          </figure>
        </Card>
        <Card labelledBy="ledger-title">
          <CardHeader id="ledger-title" title="Ledger" />
          {data.entries.length === 0 ? (
            <EmptyState icon={History} title="No changes yet" />
          ) : (
            <Table
              caption="Stock ledger, newest first"
              columns={[
                { label: "When" },
                { label: "What" },
                { label: "Warehouse" },
                { label: "Change", align: "end" },
                { label: "On hand after", align: "end" },
                { label: "By" },
              ]}
            >
              {data.entries.map((entry) => (
                <tr key={entry.id} data-testid="ledger-row">
                  <td className="whitespace-nowrap px-4 py-2 text-sm">{formatDateTime(entry.createdAt)}</td>
                  <td className="px-4 py-2 text-sm">
                    {stockLedgerKindLabels[entry.kind as keyof typeof stockLedgerKindLabels] ?? entry.kind}
                    {entry.orderNumber ? ` ${entry.orderNumber}` : ""}
                    <span className="block text-muted text-xs">{entry.reason}</span>
                  </td>
                  <td className="px-4 py-2 text-sm">{entry.warehouseName}</td>
                  <td className="px-4 py-2 text-right tabular-nums">
                    {entry.quantity > 0 ? `+${entry.quantity}` : entry.quantity}
                    {entry.reservedChange
                      ? ` (held ${entry.reservedChange > 0 ? "+" : ""}${entry.reservedChange})`
                      : ""}
                  </td>
                  <td className="px-4 py-2 text-right tabular-nums">{entry.onHandAfter}</td>
                  <td className="px-4 py-2 text-sm">{entry.actorName}</td>
                </tr>
              ))}
            </Table>
          )}
        </Card>
      </div>
    </>
  );
}

export { AdminRouteError as ErrorBoundary } from "../../features/admin/layout/admin-route-error.tsx";
