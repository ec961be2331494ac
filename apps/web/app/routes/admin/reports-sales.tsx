/** /admin/reports/sales: the Sales report (issue 17) in the reports' shared frame. */
import { ReportPage } from "../../features/admin/reports/report-page.tsx";

export function meta() {
  return [{ title: "Sales report" }];
}

export default function SalesReport() {
  return (
    <ReportPage
      kind="sales"
      title="Sales report"
      description="What sold, for how much, with discounts, returns, delivery and tax; by product, variant, category, collab, coupon, payment, zone and warehouse."
      defaultMetric="net"
    />
  );
}

export { AdminRouteError as ErrorBoundary } from "../../features/admin/layout/admin-route-error.tsx";
