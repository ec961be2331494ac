/**
 * Any admin path without a page yet (most menu links until their issues land): a real 404
 * answer, shown as the admin's own not-found page inside the admin layout.
 */
import { data } from "react-router";

export function loader() {
  throw data(null, { status: 404 });
}

export default function AdminNotFound() {
  return null;
}

export { AdminRouteError as ErrorBoundary } from "../../features/admin/layout/admin-route-error.tsx";
