/** /admin/add/add-size: add a size beside the sizes that exist (edit and delete there). */
import { SizeList } from "../../features/admin/taxonomy/attributes/attribute-lists.tsx";
import { SizeForm } from "../../features/admin/taxonomy/attributes/size-form.tsx";
import { AddLayout, FormCard } from "../../features/admin/taxonomy/managed-list.tsx";
import { PageHeader } from "../../features/admin/ui/card.tsx";

export default function AddSize() {
  return (
    <>
      <PageHeader
        title="Add size"
        description="Sizes in the order shoppers expect; change a size's order number to move it."
      />
      <AddLayout
        form={
          <FormCard title="New size">
            <SizeForm />
          </FormCard>
        }
        list={<SizeList />}
      />
    </>
  );
}

export { AdminRouteError as ErrorBoundary } from "../../features/admin/layout/admin-route-error.tsx";
