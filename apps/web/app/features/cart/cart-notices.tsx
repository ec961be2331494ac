/** What changed since the shopper filled the cart: new prices (accept them), sold-out or withdrawn lines, short stock. */
import type { Cart } from "@atelier/contract";
import { AlertTriangle } from "lucide-react";

const plural = (n: number, one: string, many: string) => (n === 1 ? one : many);

export function CartNotices({ cart, busy, onAcceptPrices }: { cart: Cart; busy: boolean; onAcceptPrices: () => void }) {
  const { priceChanges, soldOut, unavailable, overStock } = cart.notices;
  const gone = soldOut + unavailable;
  if (priceChanges + gone + overStock === 0) return null;
  return (
    <div
      role="status"
      className="space-y-3 rounded-2xl border border-amber-300 bg-amber-50 p-4 text-sm"
      data-testid="cart-notices"
    >
      {priceChanges > 0 && (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="flex items-start gap-2">
            <AlertTriangle aria-hidden className="mt-0.5 size-4 shrink-0 text-amber-800" />
            {plural(
              priceChanges,
              "The price of an item changed since you added it.",
              `The prices of ${priceChanges} items changed since you added them.`,
            )}{" "}
            You pay the new price: check it below.
          </p>
          <button
            type="button"
            onClick={onAcceptPrices}
            disabled={busy}
            className="h-10 rounded-full bg-ink px-4 font-semibold text-white hover:bg-stone-700 disabled:opacity-60"
          >
            Accept new prices
          </button>
        </div>
      )}
      {gone > 0 && (
        <p className="flex items-start gap-2">
          <AlertTriangle aria-hidden className="mt-0.5 size-4 shrink-0 text-amber-800" />
          {plural(gone, "An item is", `${gone} items are`)} sold out or no longer available and{" "}
          {plural(gone, "is", "are")} not counted. Remove {plural(gone, "it", "them")} or save for later to check out.
        </p>
      )}
      {overStock > 0 && (
        <p className="flex items-start gap-2">
          <AlertTriangle aria-hidden className="mt-0.5 size-4 shrink-0 text-amber-800" />
          {plural(overStock, "An item has", `${overStock} items have`)} fewer left than you asked for: lower the
          quantity to check out.
        </p>
      )}
    </div>
  );
}
