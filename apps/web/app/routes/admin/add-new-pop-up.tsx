/** /admin/add/add-new-pop-up: create a pop-up, with a live preview of the modal shoppers will see. */
import { useNavigate } from "react-router";
import { PopupForm } from "../../features/admin/popups/popup-form.tsx";
import { PageHeader } from "../../features/admin/ui/card.tsx";
import { adminPaths } from "../../lib/admin-paths.ts";

export default function AddNewPopUp() {
  const navigate = useNavigate();
  return (
    <>
      <PageHeader
        title="Add new pop-up"
        description="A modal on the shop: an image, a message, a button and an optional coupon code, shown on a schedule to the shoppers you choose."
      />
      <PopupForm onSaved={(popup) => void navigate(`${adminPaths.updatePopUp()}?id=${popup.id}`)} />
    </>
  );
}

export { AdminRouteError as ErrorBoundary } from "../../features/admin/layout/admin-route-error.tsx";
