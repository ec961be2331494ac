/** /admin/settings/delivery-zones: Where the shop delivers and what each zone costs; checkout offers the active ones. */
import { DeliveryZonesPanel } from "../../features/admin/checkout-settings/zones.tsx";
import { PageHeader } from "../../features/admin/ui/card.tsx";

export default function DeliveryZonesPage() {
  return (
    <>
      <PageHeader
        title="Delivery zones"
        description="Where the shop delivers and what each zone costs; checkout offers the active ones."
      />
      <DeliveryZonesPanel />
    </>
  );
}

export { AdminRouteError as ErrorBoundary } from "../../features/admin/layout/admin-route-error.tsx";
