/** /admin/settings/rearrange-navbar: the order of the storefront's category navigation. */
import { RearrangeNavbar } from "../../features/admin/taxonomy/navbar/rearrange-navbar.tsx";
import { PageHeader } from "../../features/admin/ui/card.tsx";

export default function RearrangeNavbarPage() {
  return (
    <>
      <PageHeader
        title="Rearrange navbar"
        description="The order of the categories in the storefront's navigation. Gender-varied categories keep this order under Men and Women."
      />
      <RearrangeNavbar />
    </>
  );
}

export { AdminRouteError as ErrorBoundary } from "../../features/admin/layout/admin-route-error.tsx";
