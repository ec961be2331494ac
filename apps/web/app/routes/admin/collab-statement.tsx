/** /admin/promotions/collabs/statements/:id: a statement styled for printing (or saving as PDF). */
import { collabEndpoints, formatMinor, minorDigits } from "@atelier/contract";
import { useQuery } from "@tanstack/react-query";
import { useParams } from "react-router";
import { Button } from "../../features/admin/ui/button.tsx";
import { QueryError, SkeletonRows } from "../../features/admin/ui/states.tsx";
import { browserApi } from "../../lib/api.ts";

export default function CollabStatementPrint() {
  const { id } = useParams();
  const statement = useQuery({
    queryKey: ["collabs", "statement", id],
    queryFn: () => browserApi.get(collabEndpoints.statement, { params: { id: Number(id) } }),
  });
  if (statement.isPending) return <SkeletonRows label="Loading the statement" />;
  if (statement.error) return <QueryError error={statement.error} onRetry={() => void statement.refetch()} />;
  const data = statement.data;
  const money = (amount: number) => `${data.currency} ${formatMinor(amount, minorDigits(data.currency))}`;
  return (
    <article className="mx-auto max-w-3xl bg-white p-8 text-sm print:p-0">
      <div className="mb-6 flex items-start justify-between gap-4">
        <div>
          <h1 className="font-bold text-2xl">Royalty statement #{data.id}</h1>
          <p className="mt-1">{data.collaboratorName}</p>
          <p className="text-muted">
            {data.periodStart.slice(0, 10)} to {data.periodEnd.slice(0, 10)} (end exclusive) · {data.rate}
          </p>
        </div>
        <Button className="print:hidden" onClick={() => window.print()}>
          Print
        </Button>
      </div>
      <dl className="mb-6 grid grid-cols-3 gap-4">
        <div>
          <dt className="text-muted">Units</dt>
          <dd className="font-semibold text-lg">{data.units}</dd>
        </div>
        <div>
          <dt className="text-muted">Net sales</dt>
          <dd className="font-semibold text-lg">{money(data.netSales)}</dd>
        </div>
        <div>
          <dt className="text-muted">Due</dt>
          <dd className="font-semibold text-lg">{money(data.due)}</dd>
        </div>
      </dl>
      <table className="w-full border-collapse text-left">
        <caption className="sr-only">Orders in this statement</caption>
        <thead>
          <tr className="border-b">
            <th scope="col" className="py-1">
              Order
            </th>
            <th scope="col" className="py-1">
              Date
            </th>
            <th scope="col" className="py-1">
              Kind
            </th>
            <th scope="col" className="py-1 text-right">
              Units
            </th>
            <th scope="col" className="py-1 text-right">
              Net
            </th>
            <th scope="col" className="py-1 text-right">
              Due
            </th>
          </tr>
        </thead>
        <tbody>
          {data.lines.map((line) => (
            <tr key={`${line.kind}-${line.orderId}-${line.placedAt}`} className="border-b border-stone-200">
              <td className="py-1">{line.orderNumber}</td>
              <td className="py-1">{line.placedAt.slice(0, 10)}</td>
              <td className="py-1">{line.kind}</td>
              <td className="py-1 text-right">{line.units}</td>
              <td className="py-1 text-right">{money(line.net)}</td>
              <td className="py-1 text-right">{money(line.due)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="mt-6">
        {data.paidAt
          ? `Paid on ${data.paidAt.slice(0, 10)} by ${data.paidByName}, reference ${data.paidReference}.`
          : "Not paid yet."}
      </p>
    </article>
  );
}

export { AdminRouteError as ErrorBoundary } from "../../features/admin/layout/admin-route-error.tsx";
