/** /admin/reports/customers: the Customers report (issue 17) in the reports' shared frame. */
import { ReportPage } from "../../features/admin/reports/report-page.tsx";

export function meta() {
  return [{ title: "Customers report" }];
}

export default function CustomersReport() {
  return (
    <ReportPage
      kind="customers"
      title="Customers report"
      description="New and returning customers, first-order cohorts, lifetime value, top customers, where they live and how they check out."
      defaultMetric="customers"
    />
  );
}

export { AdminRouteError as ErrorBoundary } from "../../features/admin/layout/admin-route-error.tsx";
