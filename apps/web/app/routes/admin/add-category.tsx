/** /admin/add/add-category: add a category beside the whole tree, where its sub-categories are added. */
import { CategoryForm } from "../../features/admin/taxonomy/categories/category-form.tsx";
import { CategoryTree } from "../../features/admin/taxonomy/categories/category-tree.tsx";
import { AddLayout, FormCard } from "../../features/admin/taxonomy/managed-list.tsx";
import { PageHeader } from "../../features/admin/ui/card.tsx";

export default function AddCategory() {
  return (
    <>
      <PageHeader
        title="Add category"
        description="New categories go last in the navigation. Add their sub-categories in the tree."
      />
      <AddLayout
        form={
          <FormCard title="New category">
            <CategoryForm />
          </FormCard>
        }
        list={<CategoryTree />}
      />
    </>
  );
}

export { AdminRouteError as ErrorBoundary } from "../../features/admin/layout/admin-route-error.tsx";
