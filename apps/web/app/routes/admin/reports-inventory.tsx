/** /admin/reports/inventory: the Inventory report (issue 17) in the reports' shared frame. */
import { ReportPage } from "../../features/admin/reports/report-page.tsx";

export function meta() {
  return [{ title: "Inventory report" }];
}

export default function InventoryReport() {
  return (
    <ReportPage
      kind="inventory"
      title="Inventory report"
      description="Stock on hand and its value, sell-through, days of cover, dead stock, the sizes that sell out first and low-stock history."
      defaultMetric="units"
    />
  );
}

export { AdminRouteError as ErrorBoundary } from "../../features/admin/layout/admin-route-error.tsx";
