/** The admin home's counters: the catalogue and its stock, and the people of the shop, each linking to its page. */
import type { AdminDashboard } from "@atelier/contract";
import { adminPaths } from "../../../lib/admin-paths.ts";
import { type Stat, StatGroup } from "../ui/stat-group.tsx";

type Counts = AdminDashboard["counts"];

const groups = {
  catalogue: {
    title: "Catalogue",
    columns: "grid-cols-2 sm:grid-cols-3 lg:grid-cols-6",
    stats: (counts?: Counts): Stat[] => [
      { label: "Products", value: counts?.products, href: adminPaths.allProducts() },
      { label: "Published", value: counts?.publishedProducts },
      { label: "Unpublished", value: counts?.unpublishedProducts, href: adminPaths.unpublishedProducts() },
      {
        label: "Out-of-stock variants",
        value: counts?.outOfStockVariants,
        href: adminPaths.stockStatus(),
        alert: true,
      },
      { label: "Categories", value: counts?.categories, href: adminPaths.allCategories() },
      { label: "Series", value: counts?.series, href: adminPaths.allSeries() },
    ],
  },
  people: {
    title: "People",
    columns: "grid-cols-3",
    stats: (counts?: Counts): Stat[] => [
      { label: "Customers", value: counts?.customers, href: adminPaths.users() },
      { label: "Staff", value: counts?.staff, href: adminPaths.roles() },
      { label: "Sign-ups, last 7 days", value: counts?.signUps7d, href: adminPaths.userInsights() },
    ],
  },
} as const;

/** One row of counters; each shows a placeholder until the counts arrive. */
export function CountCards({ group, counts }: { group: keyof typeof groups; counts: Counts | undefined }) {
  const { title, columns, stats } = groups[group];
  return <StatGroup title={title} columns={columns} stats={stats(counts)} />;
}
