/** /admin/settings/tax-rates: Tax by region, added on top of prices; the most specific active rate for the address applies. */
import { TaxRatesPanel } from "../../features/admin/checkout-settings/tax-rates.tsx";
import { PageHeader } from "../../features/admin/ui/card.tsx";

export default function TaxRatesPage() {
  return (
    <>
      <PageHeader
        title="Tax rates"
        description="Tax by region, added on top of prices; the most specific active rate for the address applies."
      />
      <TaxRatesPanel />
    </>
  );
}

export { AdminRouteError as ErrorBoundary } from "../../features/admin/layout/admin-route-error.tsx";
