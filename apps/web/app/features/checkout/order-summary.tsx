/** The lines and totals of a quote or an order, money formatted in the store currency. */
import type { AppliedDiscount, Totals } from "@atelier/contract";
import { formatMoney } from "../../lib/money.ts";

interface SummaryLine {
  productName: string;
  sizeName: string;
  colorName: string;
  quantity: number;
  totalPrice: number;
  note?: string | undefined;
}

export function OrderSummary(props: {
  currency: string;
  lines: readonly SummaryLine[];
  totals: Omit<Totals, "deliveryKnown"> & { deliveryKnown?: boolean };
  /** The coupon and automatic discounts applied (one row each); without them one Discount row. */
  discounts?: readonly AppliedDiscount[];
}) {
  const money = (value: number) => formatMoney(value, props.currency);
  const { totals } = props;
  const percent = (totals.taxRateBasisPoints / 100).toLocaleString("en-US", { maximumFractionDigits: 2 });
  return (
    <div>
      <ul className="divide-y divide-stone-200">
        {props.lines.map((line) => (
          <li
            key={`${line.productName}-${line.sizeName}-${line.colorName}`}
            className="flex justify-between gap-3 py-2"
          >
            <div>
              <p className="font-medium">{line.productName}</p>
              <p className="text-muted text-sm">
                {line.sizeName} · {line.colorName} · Qty {line.quantity}
              </p>
              {line.note ? <p className="text-red-700 text-sm">{line.note}</p> : null}
            </div>
            <p className="whitespace-nowrap">{money(line.totalPrice)}</p>
          </li>
        ))}
      </ul>
      <dl className="mt-3 grid grid-cols-[1fr_auto] gap-y-1 border-stone-200 border-t pt-3 text-sm">
        <dt>Subtotal</dt>
        <dd className="text-right">{money(totals.subtotal)}</dd>
        {props.discounts && props.discounts.length > 0 ? (
          props.discounts.map((discount) => (
            <div key={`${discount.code ?? ""}-${discount.title}`} className="contents text-green-800">
              <dt>{discount.code ? `Coupon ${discount.code}` : discount.title}</dt>
              <dd className="text-right" data-testid="discount-amount">
                {discount.amount > 0 ? `−${money(discount.amount)}` : discount.freeDelivery ? "Free delivery" : ""}
              </dd>
            </div>
          ))
        ) : totals.discount > 0 ? (
          <>
            <dt>Discount</dt>
            <dd className="text-right">−{money(totals.discount)}</dd>
          </>
        ) : null}
        <dt>Delivery</dt>
        <dd className="text-right">
          {totals.deliveryKnown === false
            ? "Choose a zone"
            : totals.deliveryFee === 0
              ? "Free"
              : money(totals.deliveryFee)}
        </dd>
        <dt>Tax{totals.taxRateBasisPoints > 0 ? ` (${percent} %)` : ""}</dt>
        <dd className="text-right">{money(totals.tax)}</dd>
        <dt className="pt-2 font-semibold text-base">Total</dt>
        <dd className="pt-2 text-right font-semibold text-base" data-testid="order-total">
          {money(totals.total)}
        </dd>
      </dl>
    </div>
  );
}
