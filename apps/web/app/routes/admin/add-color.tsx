/** /admin/add/add-color: add a color beside the colors that exist (edit and delete there). */
import { ColorList } from "../../features/admin/taxonomy/attributes/attribute-lists.tsx";
import { ColorForm } from "../../features/admin/taxonomy/attributes/color-form.tsx";
import { AddLayout, FormCard } from "../../features/admin/taxonomy/managed-list.tsx";
import { PageHeader } from "../../features/admin/ui/card.tsx";

export default function AddColor() {
  return (
    <>
      <PageHeader title="Add color" description="Colors products come in, each with a swatch shown on product cards." />
      <AddLayout
        form={
          <FormCard title="New color">
            <ColorForm />
          </FormCard>
        }
        list={<ColorList />}
      />
    </>
  );
}

export { AdminRouteError as ErrorBoundary } from "../../features/admin/layout/admin-route-error.tsx";
