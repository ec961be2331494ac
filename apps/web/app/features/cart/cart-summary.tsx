/** The totals block: delivery zone choice, subtotal, delivery estimate, tax, total, and the way to checkout. */
import type { Cart } from "@atelier/contract";
import { useState } from "react";
import { Link } from "react-router";
import { formatMoney } from "../../lib/money.ts";
import { paths } from "../../lib/paths.ts";
import { useCartDiscounts } from "../promotions/cart-discounts.ts";
import { CouponField } from "../promotions/coupon-field.tsx";
import { storeCoupon, storedCoupon } from "../promotions/coupon-store.ts";

const percent = new Intl.NumberFormat("en-US", { style: "percent", maximumFractionDigits: 2 });

export function CartSummary({ cart, onZone }: { cart: Cart; onZone: (zoneId: number) => void }) {
  const money = (amount: number) => formatMoney(amount, cart.currency);
  const { totals, delivery } = cart;
  const zone = delivery.zones.find((candidate) => candidate.id === delivery.zoneId);
  // Coupons and automatic discounts come from checkout's quote: the cart shows what checkout will charge.
  const [coupon, setCouponState] = useState<string | null>(() => storedCoupon());
  const setCoupon = (code: string | null) => {
    setCouponState(code);
    storeCoupon(code);
  };
  const discounts = useCartDiscounts({
    zoneId: delivery.zoneId ?? null,
    coupon,
    cartKey: cart.lines.map((line) => `${line.variantId}x${line.quantity}@${line.unitPrice}`).join(","),
  });
  const priced = cart.readyForCheckout && discounts.data ? discounts.data : null;
  const shown = priced && priced.discounts.length > 0 ? priced : null;
  return (
    <section
      aria-labelledby="summary-title"
      className="space-y-4 rounded-2xl border border-line bg-white p-5 lg:sticky lg:top-24"
      data-testid="cart-summary"
    >
      <h2 id="summary-title" className="font-semibold text-lg">
        Order summary
      </h2>
      {delivery.zones.length > 1 && (
        <div>
          <label htmlFor="delivery-zone" className="mb-1 block font-medium text-sm">
            Delivery
          </label>
          <select
            id="delivery-zone"
            value={delivery.zoneId ?? ""}
            onChange={(event) => onZone(Number(event.target.value))}
            className="h-11 w-full rounded-lg border border-line bg-white px-3 text-sm"
          >
            {delivery.zones.map((option) => (
              <option key={option.id} value={option.id}>
                {option.name} — {money(option.fee)}
              </option>
            ))}
          </select>
        </div>
      )}
      <dl className="space-y-2 text-sm">
        <Row label="Subtotal" value={money(totals.subtotal)} testId="subtotal" />
        {shown?.discounts.map((discount) => (
          <Row
            key={`${discount.code ?? ""}-${discount.title}`}
            label={discount.code ? `Coupon ${discount.code}` : discount.title}
            value={discount.amount > 0 ? `−${money(discount.amount)}` : "Free delivery"}
            testId="discount"
          />
        ))}
        <Row
          label={zone ? `Delivery (${zone.name})` : "Delivery"}
          value={
            !totals.deliveryKnown
              ? "At checkout"
              : (shown?.totals.deliveryFee ?? totals.deliveryFee) === 0
                ? "Free"
                : money(shown?.totals.deliveryFee ?? totals.deliveryFee)
          }
          hint={
            [
              zone?.estimate,
              zone?.freeOver != null && totals.deliveryFee > 0 ? `Free delivery from ${money(zone.freeOver)}.` : "",
            ]
              .filter(Boolean)
              .join(" · ") || undefined
          }
          testId="delivery"
        />
        <Row
          label={cart.tax ? `${cart.tax.name} (${percent.format(cart.tax.rateBasisPoints / 10_000)})` : "Tax"}
          value={money(shown?.totals.tax ?? totals.tax)}
          testId="tax"
        />
        <div className="flex justify-between border-line border-t pt-3 font-semibold text-base">
          <dt>Estimated total</dt>
          <dd data-testid="total">{money(shown?.totals.total ?? totals.total)}</dd>
        </div>
      </dl>
      <CouponField
        applied={coupon}
        answer={discounts.data?.coupon ?? null}
        pending={discounts.isFetching}
        onApply={setCoupon}
        onRemove={() => setCoupon(null)}
      />
      <p className="text-muted text-xs">Delivery and tax are estimates; checkout works them out for your address.</p>
      {cart.readyForCheckout ? (
        <Link
          to={paths.checkout()}
          className="flex h-12 w-full items-center justify-center rounded-full bg-ink font-semibold text-white hover:bg-stone-700"
        >
          Checkout
        </Link>
      ) : (
        <>
          <button
            type="button"
            disabled
            aria-describedby="checkout-hint"
            className="flex h-12 w-full cursor-not-allowed items-center justify-center rounded-full bg-stone-300 font-semibold text-stone-700"
          >
            Checkout
          </button>
          <p id="checkout-hint" className="text-brand text-sm">
            Settle the notes above to check out.
          </p>
        </>
      )}
      <Link to={paths.home()} className="block text-center font-medium text-sm underline underline-offset-4">
        Continue shopping
      </Link>
    </section>
  );
}

function Row({
  label,
  value,
  hint,
  testId,
}: {
  label: string;
  value: string;
  hint?: string | undefined;
  testId: string;
}) {
  return (
    <div className="flex justify-between gap-4">
      <dt>
        {label}
        {hint && <span className="block text-muted text-xs">{hint}</span>}
      </dt>
      <dd data-testid={testId} className="text-right">
        {value}
      </dd>
    </div>
  );
}
