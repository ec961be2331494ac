/**
 * The slot for the spec's two Orders badges (unchecked orders; unchecked customization
 * requests divided by two), capped at 99. The orders issue supplies the counts through
 * `menuBadgeCounts`; until then there are none, and no badge is drawn rather than a made-up number.
 */
import type { MenuBadgeKey } from "./menu.ts";

export const BADGE_CAP = 99;

export type MenuBadgeCounts = Partial<Record<MenuBadgeKey, number>>;

/** Spec section 9: the customization badge shows the unchecked requests divided by two. */
export function menuBadgeCounts(unchecked: { orders: number; customizationRequests: number }): MenuBadgeCounts {
  return { uncheckedOrders: unchecked.orders, uncheckedCustomizationRequests: unchecked.customizationRequests / 2 };
}

/** Spec section 9: badges cap at 99; zero or an unknown count shows no badge at all. */
export function badgeText(count: number | undefined): string | null {
  if (count === undefined || count < 1) return null;
  return String(Math.min(Math.floor(count), BADGE_CAP));
}

export function useMenuBadgeCounts(): MenuBadgeCounts {
  return {};
}

export function MenuBadge({ count }: { count: number | undefined }) {
  const text = badgeText(count);
  if (text === null) return null;
  return (
    <span className="ml-auto inline-flex min-w-5 items-center justify-center rounded-full bg-brand px-1.5 font-semibold text-[0.6875rem] text-white leading-5">
      <span className="sr-only">(</span>
      {text}
      <span className="sr-only"> unchecked)</span>
    </span>
  );
}
