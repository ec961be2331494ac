/** /admin/edit/edit-product/:id: one product's editor (Products area; see menu-match.ts). */
import { Link, useParams } from "react-router";
import { toast } from "sonner";
import { useProduct, useProductOptions } from "../../features/admin/products/api.ts";
import { ProductForm } from "../../features/admin/products/form/product-form.tsx";
import { buttonClass } from "../../features/admin/ui/button.tsx";
import { PageHeader } from "../../features/admin/ui/card.tsx";
import { QueryError, SkeletonRows } from "../../features/admin/ui/states.tsx";
import { adminPaths } from "../../lib/admin-paths.ts";

export default function EditProduct() {
  const id = Number(useParams().id);
  const product = useProduct(Number.isSafeInteger(id) && id > 0 ? id : 0);
  const options = useProductOptions();
  const failed = product.error ?? options.error;
  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader
        title={product.data ? product.data.name : "Edit product"}
        description={product.data ? `/${product.data.slug}` : undefined}
        actions={
          <Link to={adminPaths.allProducts()} className={buttonClass("secondary")}>
            All products
          </Link>
        }
      />
      {failed ? (
        <QueryError error={failed} onRetry={() => void Promise.all([product.refetch(), options.refetch()])} />
      ) : !product.data || !options.data ? (
        <SkeletonRows rows={10} label="Loading the product" />
      ) : (
        <ProductForm
          // A reload after a conflict brings a new version: the form starts again from it.
          key={product.data.version}
          product={product.data}
          options={options.data}
          onSaved={(saved) => toast.success(`Saved ${saved.name}`)}
          onReload={() => void product.refetch()}
        />
      )}
    </div>
  );
}

export { AdminRouteError as ErrorBoundary } from "../../features/admin/layout/admin-route-error.tsx";
