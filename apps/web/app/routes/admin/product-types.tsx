/** /admin/show/product-type: every product type with its product count; rename and delete. */
import { Link } from "react-router";
import { ProductTypeList } from "../../features/admin/taxonomy/attributes/attribute-lists.tsx";
import { buttonClass } from "../../features/admin/ui/button.tsx";
import { PageHeader } from "../../features/admin/ui/card.tsx";
import { adminPaths } from "../../lib/admin-paths.ts";

export default function ProductTypes() {
  return (
    <>
      <PageHeader
        title="Product types"
        description="A type that products have cannot be deleted."
        actions={
          <Link to={adminPaths.addProductType()} className={buttonClass("primary")}>
            Add product type
          </Link>
        }
      />
      <ProductTypeList />
    </>
  );
}

export { AdminRouteError as ErrorBoundary } from "../../features/admin/layout/admin-route-error.tsx";
