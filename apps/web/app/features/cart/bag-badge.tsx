/** A count on the cart and wishlist icons (spec section 9: badges cap at 99; none at zero). */
import { cartBadgeText } from "./badge-text.ts";

export function BagBadge({ count }: { count: number }) {
  const text = cartBadgeText(count);
  if (text === null) return null;
  return (
    <span
      aria-hidden
      data-testid="bag-badge"
      className="absolute -top-0.5 -right-0.5 inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-brand px-1 font-semibold text-[0.6875rem] text-white leading-none"
    >
      {text}
    </span>
  );
}
