/** /admin/reports/tax: the Tax report (issue 17) in the reports' shared frame. */
import { ReportPage } from "../../features/admin/reports/report-page.tsx";

export function meta() {
  return [{ title: "Tax report" }];
}

export default function TaxReport() {
  return (
    <ReportPage
      kind="tax"
      title="Tax report"
      description="Tax collected by rate and region, on sales and refunds separately: ready for a filing."
      defaultMetric="taxOnSales"
      printable
    />
  );
}

export { AdminRouteError as ErrorBoundary } from "../../features/admin/layout/admin-route-error.tsx";
