/** /admin/show/show-requests: customers' cancel and return requests (issue 7). */
import { OrderRequestsPanel } from "../../features/admin/requests/order-requests.tsx";
import { PageHeader } from "../../features/admin/ui/card.tsx";

export default function OrderRequestsPage() {
  return (
    <>
      <PageHeader
        title="Cancel and return requests"
        description="Open requests first. Approve, reject with a reason, and mark returns received to restock and refund."
      />
      <OrderRequestsPanel />
    </>
  );
}

export { AdminRouteError as ErrorBoundary } from "../../features/admin/layout/admin-route-error.tsx";
