/** /admin/add/add-product: a new product (it starts unpublished unless ticked). */
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { useProductOptions } from "../../features/admin/products/api.ts";
import { ProductForm } from "../../features/admin/products/form/product-form.tsx";
import { PageHeader } from "../../features/admin/ui/card.tsx";
import { QueryError, SkeletonRows } from "../../features/admin/ui/states.tsx";
import { adminPaths } from "../../lib/admin-paths.ts";

export default function AddProduct() {
  const options = useProductOptions();
  const navigate = useNavigate();
  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader
        title="Add product"
        description="Name, price, where it belongs, its sizes and colors, images and how search engines show it."
      />
      {options.isPending ? (
        <SkeletonRows rows={10} label="Loading the product form" />
      ) : options.isError ? (
        <QueryError error={options.error} onRetry={() => void options.refetch()} />
      ) : (
        <ProductForm
          options={options.data}
          onSaved={(product) => {
            toast.success(`Created ${product.name}`);
            void navigate(adminPaths.editProduct(product.id));
          }}
        />
      )}
    </div>
  );
}

export { AdminRouteError as ErrorBoundary } from "../../features/admin/layout/admin-route-error.tsx";
