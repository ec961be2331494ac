/** /admin/add/add-fabric: add a fabric beside the fabrics that exist (edit and delete there). */
import { FabricList } from "../../features/admin/taxonomy/attributes/attribute-lists.tsx";
import { FabricForm } from "../../features/admin/taxonomy/attributes/fabric-form.tsx";
import { AddLayout, FormCard } from "../../features/admin/taxonomy/managed-list.tsx";
import { PageHeader } from "../../features/admin/ui/card.tsx";

export default function AddFabric() {
  return (
    <>
      <PageHeader title="Add fabric" description="What products are made of, with composition and care." />
      <AddLayout
        form={
          <FormCard title="New fabric">
            <FabricForm />
          </FormCard>
        }
        list={<FabricList />}
      />
    </>
  );
}

export { AdminRouteError as ErrorBoundary } from "../../features/admin/layout/admin-route-error.tsx";
