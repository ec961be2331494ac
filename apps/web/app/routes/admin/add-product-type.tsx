/** /admin/add/add-product-type: add a product type beside the types that exist. */
import { ProductTypeList } from "../../features/admin/taxonomy/attributes/attribute-lists.tsx";
import { ProductTypeForm } from "../../features/admin/taxonomy/attributes/product-type-form.tsx";
import { AddLayout, FormCard } from "../../features/admin/taxonomy/managed-list.tsx";
import { PageHeader } from "../../features/admin/ui/card.tsx";

export default function AddProductType() {
  return (
    <>
      <PageHeader title="Add product type" description="The kind of product: T-shirt, Hoodie, Tote bag…" />
      <AddLayout
        form={
          <FormCard title="New product type">
            <ProductTypeForm />
          </FormCard>
        }
        list={<ProductTypeList />}
      />
    </>
  );
}

export { AdminRouteError as ErrorBoundary } from "../../features/admin/layout/admin-route-error.tsx";
