/** The admin home's counters: the catalogue and its stock, and the people of the shop. */
import type { AdminDashboard } from "@atelier/contract";
import { adminPaths } from "../../../lib/admin-paths.ts";
import { StatGroup } from "../ui/stat-group.tsx";

type Counts = AdminDashboard["counts"] | undefined;

export function CatalogueCounts({ counts }: { counts: Counts }) {
  return (
    <StatGroup
      title="Catalogue"
      columns="grid-cols-2 sm:grid-cols-3 lg:grid-cols-6"
      stats={[
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
      ]}
    />
  );
}

export function PeopleCounts({ counts }: { counts: Counts }) {
  return (
    <StatGroup
      title="People"
      columns="grid-cols-3"
      stats={[
        { label: "Customers", value: counts?.customers, href: adminPaths.users() },
        { label: "Staff", value: counts?.staff, href: adminPaths.roles() },
        { label: "Sign-ups, last 7 days", value: counts?.signUps7d, href: adminPaths.userInsights() },
      ]}
    />
  );
}
