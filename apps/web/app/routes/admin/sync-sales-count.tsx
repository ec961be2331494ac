/** /admin/sync/sync-sales-count: recomputes every product's sales count from orders. */
import { SalesSync } from "../../features/admin/stats/sales-sync.tsx";
import { PageHeader } from "../../features/admin/ui/card.tsx";

export default function SyncSalesCount() {
  return (
    <>
      <PageHeader
        title="Sync sales count"
        description="Sales counts are kept as orders come in; run this after importing or correcting orders to recompute them all."
      />
      <SalesSync />
    </>
  );
}

export { AdminRouteError as ErrorBoundary } from "../../features/admin/layout/admin-route-error.tsx";
