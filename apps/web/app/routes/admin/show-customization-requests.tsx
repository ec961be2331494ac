/** /admin/show/show-customization-requests: shoppers' customization requests (issue 7). */
import { CustomizationRequestsPanel } from "../../features/admin/requests/customization-requests.tsx";
import { PageHeader } from "../../features/admin/ui/card.tsx";

export default function CustomizationRequestsPage() {
  return (
    <>
      <PageHeader
        title="Customization requests"
        description="Unchecked first, then newest. Open one to check it, quote a price and delivery time, or reject it."
      />
      <CustomizationRequestsPanel />
    </>
  );
}

export { AdminRouteError as ErrorBoundary } from "../../features/admin/layout/admin-route-error.tsx";
