/** One order as its customer sees it: status timeline, lines, totals, payment, delivery, requests. */
import type { CustomerOrder } from "@atelier/contract";
import { Link } from "react-router";
import { StoredImage } from "../../components/stored-image.tsx";
import { formatMoney } from "../../lib/money.ts";
import { paths } from "../../lib/paths.ts";
import type { useCreateRequest } from "./api.ts";
import {
  formatDate,
  formatDateTime,
  paymentMethodLabels,
  paymentStateLabels,
  requestKindLabels,
  requestStatusLabels,
  statusLabels,
  statusTone,
} from "./labels.ts";
import { CancelRequest, ReturnRequest } from "./request-dialogs.tsx";
import { StatusTimeline } from "./status-timeline.tsx";

export function OrderDetail({
  order,
  mutation,
}: {
  order: CustomerOrder;
  mutation: ReturnType<typeof useCreateRequest>;
}) {
  const money = (minor: number) => formatMoney(minor, order.currency);
  return (
    <div className="grid gap-6">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="font-semibold text-2xl">Order {order.number}</h1>
          <p className="text-muted text-sm">Placed {formatDate(order.placedAt)}</p>
        </div>
        <span className={`rounded-full px-3 py-1 font-medium text-sm ${statusTone(order.status)}`}>
          {statusLabels[order.status]}
        </span>
      </header>

      <StatusTimeline order={order} />

      {order.canRequestCancel || order.canRequestReturn ? (
        <div className="flex flex-wrap gap-3">
          {order.canRequestCancel ? <CancelRequest order={order} mutation={mutation} /> : null}
          {order.canRequestReturn ? <ReturnRequest order={order} mutation={mutation} /> : null}
        </div>
      ) : null}

      {order.requests.length > 0 ? (
        <section aria-labelledby="requests-heading" className="rounded-xl border border-line bg-white p-4">
          <h2 id="requests-heading" className="mb-3 font-semibold">
            Your requests
          </h2>
          <ul className="grid gap-3">
            {order.requests.map((request) => (
              <li key={request.id} className="rounded-lg bg-stone-50 p-3 text-sm">
                <p className="font-medium">
                  {requestKindLabels[request.kind]}: {requestStatusLabels[request.status]}
                </p>
                <p className="text-muted">
                  Sent {formatDateTime(request.createdAt)} · “{request.reason}”
                </p>
                {request.resolutionNote ? <p className="mt-1">{request.resolutionNote}</p> : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section aria-labelledby="items-heading" className="rounded-xl border border-line bg-white p-4">
        <h2 id="items-heading" className="mb-3 font-semibold">
          Items
        </h2>
        <ul className="divide-y divide-line">
          {order.lines.map((line) => (
            <li key={line.id} className="flex gap-3 py-3">
              {line.filename ? (
                <StoredImage
                  filename={line.filename}
                  srcWidth={240}
                  alt=""
                  sizes="64px"
                  className="size-16 shrink-0 rounded-lg object-cover"
                  loading="lazy"
                />
              ) : (
                <span className="size-16 shrink-0 rounded-lg bg-stone-100" />
              )}
              <div className="min-w-0 flex-1 text-sm">
                {line.productId ? (
                  <Link to={paths.productDetails(line.productId)} className="font-medium hover:underline">
                    {line.productName}
                  </Link>
                ) : (
                  <span className="font-medium">{line.productName}</span>
                )}
                <p className="text-muted">
                  {line.sizeName} · {line.colorName} · {line.quantity} × {money(line.unitPrice)}
                </p>
                {line.returnedQuantity > 0 ? <p className="text-muted">{line.returnedQuantity} returned</p> : null}
              </div>
              <p className="font-medium text-sm">{money(line.totalPrice)}</p>
            </li>
          ))}
        </ul>
        <dl className="mt-3 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 border-line border-t pt-3 text-sm">
          <dt>Subtotal</dt>
          <dd className="text-right">{money(order.subtotal)}</dd>
          {order.discount > 0 ? (
            <>
              <dt>Discount{order.couponCode ? ` (${order.couponCode})` : ""}</dt>
              <dd className="text-right">−{money(order.discount)}</dd>
            </>
          ) : null}
          <dt>Delivery ({order.deliveryZoneName})</dt>
          <dd className="text-right">{money(order.deliveryFee)}</dd>
          <dt>Tax</dt>
          <dd className="text-right">{money(order.tax)}</dd>
          <dt className="font-semibold">Total</dt>
          <dd className="text-right font-semibold">{money(order.total)}</dd>
        </dl>
      </section>

      <section className="grid gap-4 rounded-xl border border-line bg-white p-4 text-sm min-[600px]:grid-cols-2">
        <div>
          <h2 className="mb-1 font-semibold text-base">Delivery</h2>
          <p>
            {order.shippingAddress.fullName}
            <br />
            {order.shippingAddress.line1}
            {order.shippingAddress.line2 ? `, ${order.shippingAddress.line2}` : ""}
            <br />
            {order.shippingAddress.city} {order.shippingAddress.region} {order.shippingAddress.postalCode},{" "}
            {order.shippingAddress.country}
          </p>
          {order.courier ? (
            <p className="mt-2">
              Courier: {order.courier}
              <br />
              Tracking number: <span className="font-mono">{order.trackingNumber}</span>
            </p>
          ) : null}
        </div>
        <div>
          <h2 className="mb-1 font-semibold text-base">Payment</h2>
          <p>{paymentMethodLabels[order.paymentMethod]}</p>
          <p className="text-muted">{paymentStateLabels[order.paymentState]}</p>
          {order.transferReference ? <p className="mt-1">Transaction id: {order.transferReference}</p> : null}
        </div>
      </section>
    </div>
  );
}
