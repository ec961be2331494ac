/**
 * The admin home: counts, sign-ups over the last 14 days and a short activity feed.
 * Any staff member sees it; what a feed item reveals (a customer's email, a link to
 * their details) follows the viewer's own permissions.
 */
import type { ActivityItem, AdminDashboard } from "@atelier/contract";
import type { Permission } from "@atelier/contract/constants";
import type { InsightsRepository } from "../users/index.ts";
import { periodStart, zeroFilled } from "../users/index.ts";
import type { DashboardRepository } from "./repository.ts";

const CHART_DAYS = 14;
/** Five of each kind, newest first: the feed shows both kinds even when one is busier. */
const RECENT_PER_KIND = 5;

/**
 * Admin pages an item may link to. They mirror apps/web/app/lib/admin-paths.ts; a kind
 * whose admin page does not exist yet (products) links nowhere.
 */
const adminHref = {
  user: (userId: string) => `/admin/show/user-details?id=${encodeURIComponent(userId)}`,
};

export function dashboardService(deps: { repo: DashboardRepository; insights: InsightsRepository; now?: () => Date }) {
  const { repo, insights } = deps;
  const now = deps.now ?? (() => new Date());

  return {
    async dashboard(viewer: { permissions: readonly Permission[] }): Promise<AdminDashboard> {
      const at = now();
      const [counts, signUpRows, signUps, products] = await Promise.all([
        repo.counts(),
        insights.signUpsByDay(periodStart(CHART_DAYS, at)),
        repo.latestSignUps(RECENT_PER_KIND),
        repo.latestProductUpdates(RECENT_PER_KIND),
      ]);
      const perDay = zeroFilled(CHART_DAYS, at, signUpRows);
      const mayOpenUsers = viewer.permissions.includes("users");

      const recent: (ActivityItem & { time: number })[] = [
        ...signUps.map((user) => ({
          kind: "sign-up" as const,
          time: user.at.getTime(),
          at: user.at.toISOString(),
          title: user.name,
          detail: mayOpenUsers ? `Signed up as ${user.email}` : "Signed up",
          href: mayOpenUsers ? adminHref.user(user.id) : null,
        })),
        ...products.map((product) => ({
          kind: "product-updated" as const,
          time: product.at.getTime(),
          at: product.at.toISOString(),
          title: product.name,
          detail: product.isPublished ? "Product updated (published)" : "Product updated (not published)",
          href: null,
        })),
      ];

      return {
        counts: { ...counts, signUps7d: perDay.slice(-7).reduce((sum, day) => sum + day.count, 0) },
        signUps: perDay,
        recent: recent.sort((a, b) => b.time - a.time).map(({ time: _time, ...item }) => item),
      };
    },
  };
}

export type DashboardService = ReturnType<typeof dashboardService>;
