/**
 * A page that shows a drop changes at the drop's launch (countdown → on sale, hidden →
 * listed) and at its end (closed). The full-page cache keeps such a page only until the
 * next of those moments: the loader names it in `X-Page-Expires` (epoch ms), which the
 * web host reads and removes (apps/server/src/http/web.ts, ADR 0015).
 */
import type { DropInfo } from "@atelier/contract";

export const PAGE_EXPIRES_HEADER = "X-Page-Expires";

/** The page's expiry header for these drops: their next launch or end still ahead, if any. */
export function dropExpiryHeaders(
  drops: readonly Pick<DropInfo, "launchAt" | "endsAt">[],
  now = Date.now(),
): Record<string, string> {
  let next = Number.POSITIVE_INFINITY;
  for (const drop of drops) {
    for (const moment of [drop.launchAt, drop.endsAt]) {
      const at = moment ? Date.parse(moment) : Number.NaN;
      if (at > now && at < next) next = at;
    }
  }
  return Number.isFinite(next) ? { [PAGE_EXPIRES_HEADER]: String(next) } : {};
}
