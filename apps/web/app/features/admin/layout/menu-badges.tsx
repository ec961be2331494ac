/**
 * The spec's two Orders badges (unchecked orders; unchecked customization requests divided
 * by two, rounded down), capped at 99. The server does the arithmetic (GET /api/admin/badges,
 * contract `ordersBadge` / `customizationBadge`); the menu asks again every 10 s and when the
 * window regains focus, so a new order raises the badge without a reload. Staff without the
 * `orders` permission never ask, and see no badge.
 */
import { type AdminBadges, adminOrderEndpoints, BADGE_CAP, BADGE_POLL_MS } from "@atelier/contract";
import { useQuery } from "@tanstack/react-query";
import { browserApi } from "../../../lib/api.ts";
import { useViewer } from "../access/viewer.tsx";
import type { MenuBadgeKey } from "./menu.ts";

export { BADGE_CAP };

export type MenuBadgeCounts = Partial<Record<MenuBadgeKey, number>>;

/** The server's badge numbers (already capped and divided) on the menu's two links. */
export function menuBadgeCounts(badges: AdminBadges): MenuBadgeCounts {
  return { uncheckedOrders: badges.orders, uncheckedCustomizationRequests: badges.customizationRequests };
}

export const badgeQueryKey = ["admin", "badges"] as const;

/** Spec section 9: badges cap at 99; zero or an unknown count shows no badge at all. */
export function badgeText(count: number | undefined): string | null {
  if (count === undefined || count < 1) return null;
  return String(Math.min(Math.floor(count), BADGE_CAP));
}

export function useMenuBadgeCounts(): MenuBadgeCounts {
  const viewer = useViewer();
  const query = useQuery({
    queryKey: badgeQueryKey,
    queryFn: () => browserApi.get(adminOrderEndpoints.badges),
    enabled: viewer.can("orders"),
    refetchInterval: BADGE_POLL_MS,
    refetchOnWindowFocus: true,
  });
  return query.data ? menuBadgeCounts(query.data) : {};
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
