/** /admin/settings/payments: What checkout offers: cash on delivery, manual transfer, card; the return window and the card hold. */
import { PaymentSettingsPanel } from "../../features/admin/checkout-settings/payments.tsx";
import { PageHeader } from "../../features/admin/ui/card.tsx";

export default function PaymentSettingsPage() {
  return (
    <>
      <PageHeader
        title="Payments"
        description="What checkout offers: cash on delivery, manual transfer, card; the return window and the card hold."
      />
      <PaymentSettingsPanel />
    </>
  );
}

export { AdminRouteError as ErrorBoundary } from "../../features/admin/layout/admin-route-error.tsx";
