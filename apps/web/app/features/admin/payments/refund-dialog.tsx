/**
 * Issue a refund (issue 15), on the Refunds page and on an order's page: find the order (or
 * start from the one given), refund an amount or chosen lines, say why, give the cash /
 * transfer reference if the money was already handed back; then a review step that says
 * exactly what moves before anything does. Each refund carries a key made when the form
 * opens, so sending it again (a retry after a lost answer, a double click) is the same
 * refund; a changed order (409) reloads its figures and says so.
 */
import type { OrderMoney } from "@atelier/contract";
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useState } from "react";
import { toast } from "sonner";
import { ApiError } from "../../../lib/api.ts";
import { formatMoney } from "../../../lib/money.ts";
import { errorMessage } from "../query-client.ts";
import { Button } from "../ui/button.tsx";
import { Dialog, DialogBody, DialogFooter } from "../ui/dialog.tsx";
import { Field, TextArea, TextInput } from "../ui/fields.tsx";
import { fetchOrderMoney, methodLabels, parseAmount, paymentActions, paymentKeys } from "./api.ts";

/** 32 hex digits from the browser's random source (works outside secure contexts too). */
function newRefundKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

export function RefundDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Refund this order (an order's page): no look-up step, no "another order". */
  orderNumber?: string;
  /** After a refund, and when the order changed under the form (409). */
  onChanged?: () => void;
}) {
  const queryClient = useQueryClient();
  const fixed = props.orderNumber;
  const [number, setNumber] = useState(fixed ?? "");
  const [order, setOrder] = useState<OrderMoney | null>(null);
  const [key, setKey] = useState(newRefundKey);
  const [mode, setMode] = useState<"amount" | "lines">("amount");
  const [amountText, setAmountText] = useState("");
  const [quantities, setQuantities] = useState<Record<number, number>>({});
  const [reason, setReason] = useState("");
  const [reference, setReference] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [review, setReview] = useState(false);
  const [busy, setBusy] = useState(false);

  function reset() {
    setOrder(null);
    setKey(newRefundKey());
    setAmountText("");
    setQuantities({});
    setReason("");
    setReference("");
    setErrors({});
    setReview(false);
  }

  async function find(event: FormEvent) {
    event.preventDefault();
    setErrors({});
    try {
      setOrder(await fetchOrderMoney(number.trim()));
    } catch (error) {
      setErrors({ number: errorMessage(error) });
    }
  }

  // On an order's page the dialog opens on that order, with its figures as they are now.
  useEffect(() => {
    if (!props.open || !fixed) return;
    let live = true;
    setErrors({});
    fetchOrderMoney(fixed).then(
      (money) => live && setOrder(money),
      (error: unknown) => live && setErrors({ number: errorMessage(error) }),
    );
    return () => {
      live = false;
    };
  }, [props.open, fixed]);

  const amount = !order
    ? 0
    : mode === "amount"
      ? parseAmount(amountText, order.currency)
      : order.lines.reduce(
          (sum, line) => sum + Math.round((line.paid * (quantities[line.id] ?? 0)) / line.quantity),
          0,
        );

  function toReview(event: FormEvent) {
    event.preventDefault();
    if (!order) return;
    const next: Record<string, string> = {};
    if (!Number.isFinite(amount) || amount <= 0) next.amount = "Enter an amount above zero.";
    else if (amount > order.refundable)
      next.amount = `At most ${formatMoney(order.refundable, order.currency)} can be refunded.`;
    if (!reason.trim()) next.reason = "Say why the money goes back.";
    setErrors(next);
    if (Object.keys(next).length === 0) setReview(true);
  }

  async function confirm() {
    if (!order) return;
    setBusy(true);
    try {
      const lines = Object.entries(quantities)
        .filter(([, quantity]) => quantity > 0)
        .map(([id, quantity]) => ({ orderLineId: Number(id), quantity }));
      const result = await paymentActions.refund({
        orderId: order.id,
        version: order.version,
        ...(mode === "lines" ? { lines } : { amount }),
        reason: reason.trim(),
        ...(reference.trim() ? { reference: reference.trim() } : {}),
        idempotencyKey: key,
      });
      toast.success(
        result.status === "pending"
          ? `Refund of ${formatMoney(result.amount, order.currency)} on ${order.number} issued; it waits for confirmation.`
          : `Refunded ${formatMoney(result.amount, order.currency)} on ${order.number}.`,
      );
      await queryClient.invalidateQueries({ queryKey: paymentKeys.all });
      props.onChanged?.();
      reset();
      props.onOpenChange(false);
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        toast.error(errorMessage(error), {
          description: "The order's figures were reloaded: check them and try again.",
        });
        setOrder(await fetchOrderMoney(order.number).catch(() => order));
        setKey(newRefundKey());
        setReview(false);
        props.onChanged?.();
      } else if (error instanceof ApiError && error.body?.error.fields) {
        setErrors(error.body.error.fields);
        setReview(false);
      } else toast.error(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open={props.open}
      onOpenChange={(open) => {
        if (!open) reset();
        props.onOpenChange(open);
      }}
      title={review ? "Confirm the refund" : "Issue a refund"}
      wide
    >
      {!order && fixed ? (
        <DialogBody>
          {errors.number ? (
            <p role="alert" className="text-red-700 text-sm">
              {errors.number}
            </p>
          ) : (
            <p className="text-muted text-sm" aria-busy="true">
              Loading what {fixed} was paid…
            </p>
          )}
        </DialogBody>
      ) : !order ? (
        <form onSubmit={find}>
          <DialogBody>
            <Field id="refund-order" label="Order number" error={errors.number}>
              {(control) => (
                <TextInput
                  {...control}
                  value={number}
                  onChange={(event) => setNumber(event.target.value)}
                  placeholder="A10042"
                  autoComplete="off"
                />
              )}
            </Field>
          </DialogBody>
          <DialogFooter>
            <Button type="submit" variant="primary">
              Find order
            </Button>
          </DialogFooter>
        </form>
      ) : review ? (
        <>
          <DialogBody>
            <p className="text-sm" data-testid="refund-review">
              Refund <strong>{formatMoney(amount, order.currency)}</strong> of order <strong>{order.number}</strong> (
              {order.customerName}) by {methodLabels[order.paymentMethod]}.
            </p>
            <p className="mt-2 text-muted text-sm">
              {order.paymentMethod === "card"
                ? "Stripe sends the money back to the card; the refund is confirmed when Stripe says so."
                : reference.trim()
                  ? `Recorded as handed back with reference ${reference.trim()}.`
                  : "It waits in the pending queue until someone hands the money back and records the reference."}
            </p>
            <p className="mt-2 text-muted text-sm">Reason: {reason}</p>
          </DialogBody>
          <DialogFooter>
            <Button onClick={() => setReview(false)} disabled={busy}>
              Back
            </Button>
            <Button variant="danger" onClick={() => void confirm()} disabled={busy}>
              {busy ? "Refunding…" : `Refund ${formatMoney(amount, order.currency)}`}
            </Button>
          </DialogFooter>
        </>
      ) : (
        <form onSubmit={toReview} noValidate>
          <DialogBody>
            <dl className="mb-4 grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
              <div>
                <dt className="text-muted text-xs">Order</dt>
                <dd className="font-medium">{order.number}</dd>
              </div>
              <div>
                <dt className="text-muted text-xs">Paid</dt>
                <dd className="tabular-nums">{formatMoney(order.paid, order.currency)}</dd>
              </div>
              <div>
                <dt className="text-muted text-xs">Refunded</dt>
                <dd className="tabular-nums">{formatMoney(order.refunded, order.currency)}</dd>
              </div>
              <div>
                <dt className="text-muted text-xs">Refundable</dt>
                <dd className="font-medium tabular-nums">{formatMoney(order.refundable, order.currency)}</dd>
              </div>
            </dl>
            <fieldset className="mb-3 flex gap-4 text-sm">
              <legend className="sr-only">Refund by</legend>
              <label className="flex items-center gap-2">
                <input type="radio" name="mode" checked={mode === "amount"} onChange={() => setMode("amount")} /> An
                amount
              </label>
              <label className="flex items-center gap-2">
                <input type="radio" name="mode" checked={mode === "lines"} onChange={() => setMode("lines")} /> Items
              </label>
            </fieldset>
            <div className="space-y-3">
              {mode === "amount" ? (
                <Field id="refund-amount" label={`Amount (${order.currency})`} error={errors.amount}>
                  {(control) => (
                    <TextInput
                      {...control}
                      inputMode="decimal"
                      value={amountText}
                      onChange={(event) => setAmountText(event.target.value)}
                      placeholder="12.50"
                    />
                  )}
                </Field>
              ) : (
                <fieldset className="space-y-2">
                  <legend className="font-medium text-sm">Items to refund</legend>
                  {order.lines.map((line) => (
                    <div key={line.id} className="flex items-center justify-between gap-3 text-sm">
                      <label htmlFor={`refund-line-${line.id}`}>
                        {line.productName} · {line.sizeName} · {line.colorName}
                        <span className="block text-muted text-xs">
                          {line.quantity} × {formatMoney(Math.round(line.paid / line.quantity), order.currency)} paid
                        </span>
                      </label>
                      <TextInput
                        id={`refund-line-${line.id}`}
                        type="number"
                        min={0}
                        max={line.quantity}
                        className="w-20"
                        value={quantities[line.id] ?? 0}
                        onChange={(event) =>
                          setQuantities({
                            ...quantities,
                            [line.id]: Math.max(0, Math.min(line.quantity, Number(event.target.value) || 0)),
                          })
                        }
                      />
                    </div>
                  ))}
                  <p className="text-sm">
                    Refund: <strong>{formatMoney(Number.isFinite(amount) ? amount : 0, order.currency)}</strong>
                  </p>
                  {errors.amount || errors.lines ? (
                    <p className="text-red-700 text-xs" role="alert">
                      {errors.amount ?? errors.lines}
                    </p>
                  ) : null}
                </fieldset>
              )}
              <Field id="refund-reason" label="Reason" error={errors.reason}>
                {(control) => (
                  <TextArea {...control} rows={2} value={reason} onChange={(event) => setReason(event.target.value)} />
                )}
              </Field>
              {order.paymentMethod !== "card" ? (
                <Field
                  id="refund-reference"
                  label="Reference (optional)"
                  hint="The receipt or transaction id of the money handed back. Without it the refund waits in the pending queue."
                  error={errors.reference}
                >
                  {(control) => (
                    <TextInput {...control} value={reference} onChange={(event) => setReference(event.target.value)} />
                  )}
                </Field>
              ) : null}
            </div>
          </DialogBody>
          <DialogFooter>
            {fixed ? null : <Button onClick={reset}>Another order</Button>}
            <Button type="submit" variant="primary" disabled={order.refundable === 0}>
              Review refund
            </Button>
          </DialogFooter>
        </form>
      )}
    </Dialog>
  );
}
