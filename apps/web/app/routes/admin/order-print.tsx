/**
 * /admin/orders/:id/invoice and /admin/orders/:id/packing-slip: one order laid out for
 * paper. The print stylesheet hides the admin menu and this page's buttons; the invoice
 * shows prices and totals, the packing slip only what goes in the parcel.
 */
import { useLocation, useParams } from "react-router";
import { formatDate } from "../../features/admin/format.ts";
import { useOrder } from "../../features/admin/orders/api.ts";
import { Button } from "../../features/admin/ui/button.tsx";
import { QueryError, SkeletonRows } from "../../features/admin/ui/states.tsx";
import { adminPaths } from "../../lib/admin-paths.ts";
import { formatMoney } from "../../lib/money.ts";

export function meta() {
  return [{ title: "Print order" }];
}

export default function OrderPrint() {
  const id = Number(useParams().id);
  const invoice = useLocation().pathname.endsWith("/invoice");
  const query = useOrder(id);
  const order = query.data;
  if (query.isError && !order) return <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  if (!order) return <SkeletonRows rows={6} label="Loading the order" />;
  const money = (amount: number) => formatMoney(amount, order.currency);
  const address = order.shippingAddress;

  return (
    <article className="mx-auto max-w-3xl bg-white p-6 text-sm print:p-0" data-testid="order-print">
      <div className="mb-6 flex gap-2 print:hidden">
        <Button variant="primary" onClick={() => window.print()}>
          Print
        </Button>
        <a className="rounded-md border border-line px-3 py-2" href={`${adminPaths.orders()}/${order.id}`}>
          Back to the order
        </a>
      </div>
      <header className="mb-6 flex justify-between gap-4">
        <div>
          <h1 className="font-bold text-2xl tracking-[0.2em] uppercase">Atelier</h1>
          <p className="font-semibold text-lg">{invoice ? "Invoice" : "Packing slip"}</p>
        </div>
        <dl className="text-right">
          <dt className="text-muted text-xs">Order</dt>
          <dd className="font-semibold">{order.number}</dd>
          <dt className="text-muted text-xs">Date</dt>
          <dd>{formatDate(order.placedAt)}</dd>
        </dl>
      </header>
      <section className="mb-6">
        <h2 className="font-semibold">Ship to</h2>
        <address className="not-italic">
          {address.fullName}
          <br />
          {address.line1}
          {address.line2 ? `, ${address.line2}` : ""}
          <br />
          {address.city} {address.region} {address.postalCode}, {address.country}
          <br />
          {address.phone}
        </address>
      </section>
      <table className="w-full border-collapse">
        <caption className="sr-only">Items</caption>
        <thead>
          <tr className="border-b text-left">
            <th scope="col" className="py-1">
              Item
            </th>
            <th scope="col" className="py-1">
              SKU
            </th>
            <th scope="col" className="py-1 text-right">
              Qty
            </th>
            {invoice ? (
              <>
                <th scope="col" className="py-1 text-right">
                  Price
                </th>
                <th scope="col" className="py-1 text-right">
                  Total
                </th>
              </>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {order.lines.map((line) => (
            <tr key={line.id} className="border-b">
              <td className="py-1">
                {line.productName} ({line.sizeName}, {line.colorName})
              </td>
              <td className="py-1">{line.sku}</td>
              <td className="py-1 text-right">{line.quantity}</td>
              {invoice ? (
                <>
                  <td className="py-1 text-right">{money(line.unitPrice)}</td>
                  <td className="py-1 text-right">{money(line.totalPrice)}</td>
                </>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
      {invoice ? (
        <dl className="mt-4 ml-auto grid max-w-xs grid-cols-2 gap-1">
          <dt>Subtotal</dt>
          <dd className="text-right">{money(order.subtotal)}</dd>
          {order.discount > 0 ? (
            <>
              <dt>Discount</dt>
              <dd className="text-right">−{money(order.discount)}</dd>
            </>
          ) : null}
          <dt>Delivery</dt>
          <dd className="text-right">{money(order.deliveryFee)}</dd>
          <dt>Tax</dt>
          <dd className="text-right">{money(order.tax)}</dd>
          <dt className="font-semibold">Total</dt>
          <dd className="text-right font-semibold">{money(order.total)}</dd>
          <dt>Paid</dt>
          <dd className="text-right">{money(order.paid - order.refunded)}</dd>
        </dl>
      ) : (
        <p className="mt-6">{order.customerNote ? `Note from the customer: ${order.customerNote}` : ""}</p>
      )}
    </article>
  );
}

export { AdminRouteError as ErrorBoundary } from "../../features/admin/layout/admin-route-error.tsx";
