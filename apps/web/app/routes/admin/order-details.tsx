/**
 * /admin/show/show-orders/:id: one order for staff. Lines with images, customer, address,
 * payment (verify a manual transfer or cash; card payments come from Stripe), the whole
 * timeline with staff notes; actions: check / undo, next status (shipping asks for the
 * courier and tracking number; cancelling restocks, after a confirmation, into the
 * warehouses the units shipped from or one staff with Inventory choose), refund (the
 * Refunds page's dialog: by amount or by items, never more than paid minus refunded,
 * reviewed before the money moves; for roles holding `refunds`), notes, printable invoice
 * and packing slip. Each action sends the version the page loaded; 409 → "changed since
 * you opened it" with a reload. Each line says which warehouses it ships from (issue 14).
 */
import type { AdminOrder, OrderStatus } from "@atelier/contract";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link, useParams } from "react-router";
import { toast } from "sonner";
import { useViewer } from "../../features/admin/access/viewer.tsx";
import { formatDateTime } from "../../features/admin/format.ts";
import { inventoryEndpoints, inventoryKeys } from "../../features/admin/inventory/api.ts";
import {
  isStale,
  orderActions,
  orderKeys,
  paymentMethodLabels,
  paymentStateLabels,
  statusLabels,
  useOrder,
} from "../../features/admin/orders/api.ts";
import { RefundDialog } from "../../features/admin/payments/refund-dialog.tsx";
import { errorMessage } from "../../features/admin/query-client.ts";
import { Button } from "../../features/admin/ui/button.tsx";
import { Card, CardHeader, PageHeader } from "../../features/admin/ui/card.tsx";
import { ConfirmDialog } from "../../features/admin/ui/confirm-dialog.tsx";
import { Select, TextArea, TextInput } from "../../features/admin/ui/fields.tsx";
import { Pill, QueryError, SkeletonRows } from "../../features/admin/ui/states.tsx";
import { adminPaths } from "../../lib/admin-paths.ts";
import { browserApi } from "../../lib/api.ts";
import { imageUrl } from "../../lib/images.ts";
import { formatMoney } from "../../lib/money.ts";

export function meta() {
  return [{ title: "Order" }];
}

export default function OrderDetails() {
  const id = Number(useParams().id);
  const order = useOrder(id);
  if (order.isError && !order.data) return <QueryError error={order.error} onRetry={() => void order.refetch()} />;
  if (!order.data) return <SkeletonRows rows={8} label="Loading the order" />;
  return <OrderView order={order.data} reload={() => void order.refetch()} />;
}

function OrderView({ order, reload }: { order: AdminOrder; reload: () => void }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [shipping, setShipping] = useState(false);
  const [courier, setCourier] = useState("");
  const [tracking, setTracking] = useState("");
  const [refunding, setRefunding] = useState(false);
  const viewer = useViewer();
  const [note, setNote] = useState("");
  // Inventory (issue 14): staff who may see the warehouses choose where a cancellation restocks.
  const warehouses = useQuery({
    queryKey: inventoryKeys.warehouses(),
    queryFn: () => browserApi.get(inventoryEndpoints.warehouses),
    enabled: confirmCancel && viewer.can("inventory"),
  });
  const [restockInto, setRestockInto] = useState("");
  const money = (amount: number) => formatMoney(amount, order.currency);
  const refundable = order.paid - order.refunded;

  async function act(run: () => Promise<unknown>, done: string) {
    setBusy(true);
    try {
      await run();
      toast.success(done);
      await queryClient.invalidateQueries({ queryKey: orderKeys.all });
      await queryClient.invalidateQueries({ queryKey: ["admin", "badges"] });
      return true;
    } catch (error) {
      if (isStale(error)) {
        toast.error("This order changed since you opened it.", { action: { label: "Reload", onClick: reload } });
      } else toast.error(errorMessage(error));
      return false;
    } finally {
      setBusy(false);
    }
  }

  const move = (to: OrderStatus) => {
    if (to === "shipped") return setShipping(true);
    if (to === "cancelled") return setConfirmCancel(true);
    void act(() => orderActions.status(order.id, { to, version: order.version }), `Order is now ${statusLabels[to]}.`);
  };

  return (
    <>
      <PageHeader
        eyebrow={
          <Link to={adminPaths.orders()} className="text-sm underline">
            Back to orders
          </Link>
        }
        title={`Order ${order.number}`}
        description={`Placed ${formatDateTime(order.placedAt)} · ${statusLabels[order.status]} · ${paymentStateLabels[order.paymentState]}`}
        actions={
          <div className="flex flex-wrap gap-2">
            <a className="rounded-md border border-line px-3 py-2 text-sm" href={`/admin/orders/${order.id}/invoice`}>
              Invoice
            </a>
            <a
              className="rounded-md border border-line px-3 py-2 text-sm"
              href={`/admin/orders/${order.id}/packing-slip`}
            >
              Packing slip
            </a>
          </div>
        }
      />
      <div className="grid gap-4 lg:grid-cols-3">
        <div className="space-y-4 lg:col-span-2">
          <Card labelledBy="order-actions">
            <CardHeader id="order-actions" title="Actions" />
            <div className="flex flex-wrap items-center gap-2 p-4">
              {order.isChecked ? (
                <Button
                  disabled={busy}
                  onClick={() =>
                    void act(() => orderActions.check(order.id, false, order.version), "Marked unchecked.")
                  }
                >
                  Undo checked
                </Button>
              ) : (
                <Button
                  variant="primary"
                  disabled={busy}
                  onClick={() => void act(() => orderActions.check(order.id, true, order.version), "Marked checked.")}
                >
                  Mark checked
                </Button>
              )}
              {order.nextStatuses.map((to) => (
                <Button
                  key={to}
                  variant={to === "cancelled" ? "dangerOutline" : "secondary"}
                  disabled={busy}
                  onClick={() => move(to)}
                >
                  {to === "cancelled" ? "Cancel order" : `Mark ${statusLabels[to]?.toLowerCase()}`}
                </Button>
              ))}
              {(order.paymentState === "unpaid" || order.paymentState === "awaiting_verification") &&
              order.paymentMethod !== "card" &&
              order.status !== "cancelled" ? (
                <Button
                  disabled={busy}
                  onClick={() =>
                    void act(
                      () => orderActions.verifyPayment(order.id, order.version),
                      order.paymentMethod === "manual_transfer" ? "Transfer verified: paid." : "Cash received: paid.",
                    )
                  }
                >
                  {order.paymentMethod === "manual_transfer" ? "Verify transfer" : "Cash received"}
                </Button>
              ) : null}
            </div>
            {shipping ? (
              <form
                className="grid gap-3 border-line border-t p-4 sm:grid-cols-3"
                onSubmit={(event) => {
                  event.preventDefault();
                  void act(
                    () =>
                      orderActions.status(order.id, {
                        to: "shipped",
                        version: order.version,
                        courier,
                        trackingNumber: tracking,
                      }),
                    "Order shipped.",
                  ).then((ok) => ok && setShipping(false));
                }}
              >
                <div className="space-y-1 text-sm">
                  <label htmlFor="f-courier" className="block font-medium">
                    Courier
                  </label>
                  <TextInput
                    id="f-courier"
                    required
                    value={courier}
                    onChange={(event) => setCourier(event.target.value)}
                  />
                </div>
                <div className="space-y-1 text-sm">
                  <label htmlFor="f-tracking-number" className="block font-medium">
                    Tracking number
                  </label>
                  <TextInput
                    id="f-tracking-number"
                    required
                    value={tracking}
                    onChange={(event) => setTracking(event.target.value)}
                  />
                </div>
                <div className="flex items-end gap-2">
                  <Button type="submit" variant="primary" disabled={busy}>
                    Ship
                  </Button>
                  <Button onClick={() => setShipping(false)}>Close</Button>
                </div>
              </form>
            ) : null}
          </Card>

          <Card labelledBy="order-lines">
            <CardHeader id="order-lines" title="Items" />
            <ul className="divide-y divide-line">
              {order.lines.map((line) => (
                <li key={line.id} className="flex items-center gap-3 p-4 text-sm">
                  {line.filename ? (
                    <img
                      src={imageUrl(line.filename, 160)}
                      alt=""
                      className="size-14 rounded object-cover"
                      loading="lazy"
                    />
                  ) : (
                    <span className="size-14 rounded bg-stone-100" aria-hidden />
                  )}
                  <span className="flex-1">
                    <span className="block font-medium">{line.productName}</span>
                    <span className="text-muted text-xs">
                      {line.sizeName} · {line.colorName} · {line.sku} · {line.quantity} × {money(line.unitPrice)}
                      {line.returnedQuantity > 0 ? ` · ${line.returnedQuantity} returned` : ""}
                    </span>
                    {line.shipsFrom.length > 0 ? (
                      <span className="block text-muted text-xs" data-testid="ships-from">
                        Ships from {line.shipsFrom.map((from) => `${from.warehouse} (${from.quantity})`).join(", ")}
                      </span>
                    ) : null}
                  </span>
                  <span className="tabular-nums">{money(line.totalPrice)}</span>
                </li>
              ))}
            </ul>
            <dl className="grid grid-cols-2 gap-1 border-line border-t p-4 text-sm">
              <dt>Subtotal</dt>
              <dd className="text-right tabular-nums">{money(order.subtotal)}</dd>
              {order.discount > 0 ? (
                <>
                  <dt>Discount {order.couponCode ?? ""}</dt>
                  <dd className="text-right tabular-nums">−{money(order.discount)}</dd>
                </>
              ) : null}
              <dt>Delivery ({order.deliveryZoneName})</dt>
              <dd className="text-right tabular-nums">{money(order.deliveryFee)}</dd>
              <dt>Tax</dt>
              <dd className="text-right tabular-nums">{money(order.tax)}</dd>
              <dt className="font-semibold">Total</dt>
              <dd className="text-right font-semibold tabular-nums">{money(order.total)}</dd>
            </dl>
          </Card>

          <Card labelledBy="order-timeline">
            <CardHeader id="order-timeline" title="Timeline" />
            <ol className="space-y-3 p-4 text-sm">
              {order.timeline.map((event) => (
                <li key={`${event.at}-${event.kind}-${event.message}`} className="border-line border-l-2 pl-3">
                  <span className="block text-muted text-xs">
                    {formatDateTime(event.at)} · {event.actorName}
                    {event.isPublic ? "" : " · staff only"}
                  </span>
                  {event.toStatus ? `${statusLabels[event.toStatus]}. ` : ""}
                  {event.message}
                </li>
              ))}
            </ol>
            <form
              className="space-y-2 border-line border-t p-4"
              onSubmit={(event) => {
                event.preventDefault();
                void act(() => orderActions.note(order.id, note), "Note added.").then((ok) => ok && setNote(""));
              }}
            >
              <div className="block space-y-1 text-sm">
                <label htmlFor="f-staff-note" className="block font-medium">
                  Staff note
                </label>
                <TextArea
                  id="f-staff-note"
                  required
                  rows={2}
                  value={note}
                  onChange={(event) => setNote(event.target.value)}
                />
              </div>
              <Button type="submit" disabled={busy || note.trim() === ""}>
                Add note
              </Button>
            </form>
          </Card>
        </div>

        <div className="space-y-4">
          <Card labelledBy="order-customer">
            <CardHeader id="order-customer" title="Customer" />
            <div className="space-y-1 p-4 text-sm">
              <p className="font-medium">
                {order.customerName} {order.isGuest ? <Pill>Guest</Pill> : null}
              </p>
              <p>{order.email}</p>
              <p>{order.phone}</p>
              <address className="pt-2 not-italic">
                {order.shippingAddress.fullName}
                <br />
                {order.shippingAddress.line1}
                {order.shippingAddress.line2 ? (
                  <>
                    <br />
                    {order.shippingAddress.line2}
                  </>
                ) : null}
                <br />
                {order.shippingAddress.city} {order.shippingAddress.region} {order.shippingAddress.postalCode}
                <br />
                {order.shippingAddress.country}
              </address>
              {order.customerNote ? <p className="pt-2 text-muted">“{order.customerNote}”</p> : null}
              {order.courier ? (
                <p className="pt-2" data-testid="tracking">
                  {order.courier}: {order.trackingNumber}
                </p>
              ) : null}
            </div>
          </Card>

          <Card labelledBy="order-payment">
            <CardHeader id="order-payment" title="Payment" />
            <div className="space-y-2 p-4 text-sm">
              <p>
                {paymentMethodLabels[order.paymentMethod]} · {paymentStateLabels[order.paymentState]}
              </p>
              {order.transferReference ? <p>Transfer reference: {order.transferReference}</p> : null}
              <p>
                Paid {money(order.paid)} · refunded {money(order.refunded)}
              </p>
              <ul className="space-y-1 text-xs">
                {order.payments.map((payment) => (
                  <li key={payment.id}>
                    {formatDateTime(payment.createdAt)}: {payment.kind === "refund" ? "Refund" : "Payment"}{" "}
                    {money(payment.amount)} {payment.reference ? `(${payment.reference})` : ""} by{" "}
                    {payment.recordedByName}
                  </li>
                ))}
              </ul>
              {refundable > 0 && viewer.can("refunds") ? (
                <div className="border-line border-t pt-3">
                  <Button variant="dangerOutline" disabled={busy} onClick={() => setRefunding(true)}>
                    Refund…
                  </Button>
                  <p className="mt-1 text-muted text-xs">At most {money(refundable)}, by amount or by items.</p>
                </div>
              ) : null}
            </div>
          </Card>
        </div>
      </div>

      <ConfirmDialog
        open={confirmCancel}
        onOpenChange={setConfirmCancel}
        title={`Cancel order ${order.number}?`}
        description="The items go back into stock and the customer is told by email. This cannot be undone."
        confirmLabel="Cancel order"
        pending={busy}
        onConfirm={() =>
          void act(
            () =>
              orderActions.status(order.id, {
                to: "cancelled",
                version: order.version,
                ...(restockInto ? { restockWarehouseId: Number(restockInto) } : {}),
              }),
            "Order cancelled; stock restored.",
          ).then(() => setConfirmCancel(false))
        }
      >
        {warehouses.data ? (
          <div className="text-sm">
            <label htmlFor="restock-into" className="block font-medium">
              Restock into
            </label>
            <Select id="restock-into" value={restockInto} onChange={(event) => setRestockInto(event.target.value)}>
              <option value="">The warehouses the items came from</option>
              {warehouses.data.warehouses
                .filter((warehouse) => warehouse.isActive)
                .map((warehouse) => (
                  <option key={warehouse.id} value={warehouse.id}>
                    {warehouse.name}
                  </option>
                ))}
            </Select>
          </div>
        ) : null}
      </ConfirmDialog>
      <RefundDialog
        open={refunding}
        onOpenChange={setRefunding}
        orderNumber={order.number}
        onChanged={() => {
          void queryClient.invalidateQueries({ queryKey: orderKeys.all });
          void queryClient.invalidateQueries({ queryKey: ["admin", "badges"] });
        }}
      />
    </>
  );
}

export { AdminRouteError as ErrorBoundary } from "../../features/admin/layout/admin-route-error.tsx";
