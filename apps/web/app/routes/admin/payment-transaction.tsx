/** /admin/payments/transactions/:id (issue 15): one ledger event, its order, provider data and the order's events. */
import { ledgerEventLabels } from "@atelier/contract";
import { Link, useParams } from "react-router";
import { formatDateTime } from "../../features/admin/format.ts";
import { feeText, methodLabels, useTransaction } from "../../features/admin/payments/api.ts";
import { Card, CardHeader, PageHeader } from "../../features/admin/ui/card.tsx";
import { Pill, QueryError, SkeletonRows } from "../../features/admin/ui/states.tsx";
import { Table } from "../../features/admin/ui/table.tsx";
import { adminPaths } from "../../lib/admin-paths.ts";
import { formatMoney } from "../../lib/money.ts";
import { statusTone } from "./payment-transactions.tsx";

export function meta() {
  return [{ title: "Transaction" }];
}

export default function PaymentTransaction() {
  const id = Number(useParams().id);
  const query = useTransaction(id);
  const data = query.data;
  if (query.isError && !data) return <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  if (!data) return <SkeletonRows rows={8} label="Loading the transaction" />;
  const { transaction: tx, order, events } = data;
  const providerEntries = Object.entries(tx.providerData);
  return (
    <>
      <PageHeader
        eyebrow={
          <Link to={adminPaths.transactions()} className="underline">
            Transactions
          </Link>
        }
        title={`${ledgerEventLabels[tx.event]} · ${formatMoney(tx.amount, tx.currency)}`}
        description={`${methodLabels[tx.method]} · ${formatDateTime(tx.createdAt)} · by ${tx.actorName}`}
      />
      <div className="grid gap-4 lg:grid-cols-2">
        <Card>
          <CardHeader title="This transaction" />
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 p-4 text-sm">
            <dt className="text-muted">Status</dt>
            <dd>
              <Pill tone={statusTone(tx.status)}>{tx.status}</Pill>
            </dd>
            {feeText(tx) ? (
              <>
                <dt className="text-muted">Provider fee</dt>
                <dd>
                  {tx.feePending
                    ? "Not reported by Stripe yet"
                    : `${formatMoney(tx.fee, tx.currency)} · net ${formatMoney(tx.amount - tx.fee, tx.currency)}`}
                </dd>
              </>
            ) : null}
            <dt className="text-muted">Provider reference</dt>
            <dd className="break-all font-mono text-xs">{tx.providerReference ?? "—"}</dd>
            {tx.reason ? (
              <>
                <dt className="text-muted">Reason</dt>
                <dd>{tx.reason}</dd>
              </>
            ) : null}
            {order.transferReference ? (
              <>
                <dt className="text-muted">Shopper's transfer id</dt>
                <dd className="font-mono text-xs">{order.transferReference}</dd>
              </>
            ) : null}
            {providerEntries.map(([key, value]) => (
              <div key={key} className="contents">
                <dt className="text-muted">{key}</dt>
                <dd className="break-all font-mono text-xs">
                  {typeof value === "string" ? value : JSON.stringify(value)}
                </dd>
              </div>
            ))}
          </dl>
        </Card>
        <Card>
          <CardHeader title={`Order ${order.number}`} />
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 p-4 text-sm">
            <dt className="text-muted">Customer</dt>
            <dd>
              {order.customerName} <span className="text-muted">({order.email})</span>
            </dd>
            <dt className="text-muted">Payment</dt>
            <dd>
              {methodLabels[order.paymentMethod]} · {order.paymentState.replaceAll("_", " ")}
            </dd>
            <dt className="text-muted">Total</dt>
            <dd className="tabular-nums">{formatMoney(order.total, order.currency)}</dd>
            <dt className="text-muted">Paid</dt>
            <dd className="tabular-nums">{formatMoney(order.paid, order.currency)}</dd>
            <dt className="text-muted">Refunded</dt>
            <dd className="tabular-nums">{formatMoney(order.refunded, order.currency)}</dd>
          </dl>
          <p className="px-4 pb-4 text-sm">
            <Link to={`${adminPaths.orders()}/${order.id}`} className="underline">
              Open the order
            </Link>
          </p>
        </Card>
      </div>
      <div className="mt-4">
        <Card>
          <Table
            caption={`Every money event of ${order.number}`}
            columns={[
              { label: "When" },
              { label: "Event" },
              { label: "Reference" },
              { label: "By" },
              { label: "Amount", align: "end" },
            ]}
          >
            {events.map((row) => (
              <tr key={row.id} className={row.id === tx.id ? "bg-stone-50" : ""}>
                <td className="whitespace-nowrap px-4 py-2 text-xs">
                  <Link to={`${adminPaths.transactions()}/${row.id}`} className="underline">
                    {formatDateTime(row.createdAt)}
                  </Link>
                </td>
                <td className="px-4 py-2">
                  {ledgerEventLabels[row.event]}{" "}
                  {row.status !== "succeeded" ? <Pill tone={statusTone(row.status)}>{row.status}</Pill> : null}
                </td>
                <td className="px-4 py-2 font-mono text-xs">{row.providerReference ?? "—"}</td>
                <td className="px-4 py-2 text-sm">{row.actorName}</td>
                <td className="whitespace-nowrap px-4 py-2 text-right tabular-nums">
                  {row.direction < 0 ? "−" : row.direction > 0 ? "+" : ""}
                  {formatMoney(row.amount, row.currency)}
                </td>
              </tr>
            ))}
          </Table>
        </Card>
      </div>
    </>
  );
}

export { AdminRouteError as ErrorBoundary } from "../../features/admin/layout/admin-route-error.tsx";
