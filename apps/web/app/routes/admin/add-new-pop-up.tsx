/** /admin/add/add-new-pop-up: a new storefront pop-up, with a preview as shoppers will see it. */
import { useNavigate } from "react-router";
import { PopupForm } from "../../features/admin/promotions/popup-form.tsx";
import { PageHeader } from "../../features/admin/ui/card.tsx";
import { adminPaths } from "../../lib/admin-paths.ts";

export function meta() {
  return [{ title: "Add New Pop-up" }];
}

export default function AddNewPopUp() {
  const navigate = useNavigate();
  return (
    <>
      <PageHeader
        title="New pop-up"
        description="A message shown over the storefront once it has loaded: for an audience, on some pages, for a period."
      />
      <PopupForm popup={null} onSaved={() => navigate(adminPaths.updatePopUp())} />
    </>
  );
}

export { AdminRouteError as ErrorBoundary } from "../../features/admin/layout/admin-route-error.tsx";
