/** /admin/show/show-all-categories: the category tree with add, edit, disable and delete at every level. */
import { Link } from "react-router";
import { CategoryTree } from "../../features/admin/taxonomy/categories/category-tree.tsx";
import { buttonClass } from "../../features/admin/ui/button.tsx";
import { PageHeader } from "../../features/admin/ui/card.tsx";
import { adminPaths } from "../../lib/admin-paths.ts";

export default function AllCategories() {
  return (
    <>
      <PageHeader
        title="Categories"
        description="Categories, their sub-categories and sub-sub-categories, as the storefront navigation lists them."
        actions={
          <>
            <Link to={adminPaths.rearrangeNavbar()} className={buttonClass("secondary")}>
              Rearrange navbar
            </Link>
            <Link to={adminPaths.addCategory()} className={buttonClass("primary")}>
              Add category
            </Link>
          </>
        }
      />
      <CategoryTree />
    </>
  );
}

export { AdminRouteError as ErrorBoundary } from "../../features/admin/layout/admin-route-error.tsx";
