/** /admin/publish-product (Unpublished Products): staff review what shoppers cannot see yet and publish it. */
import type { AdminProductRow } from "@atelier/contract";
import { useCallback } from "react";
import { toast } from "sonner";
import { useBulkProducts } from "../../features/admin/products/api.ts";
import { ProductListPanel } from "../../features/admin/products/product-list-panel.tsx";
import { useProductListPage } from "../../features/admin/products/use-product-list-page.ts";
import { errorMessage } from "../../features/admin/query-client.ts";
import { Button } from "../../features/admin/ui/button.tsx";
import { PageHeader } from "../../features/admin/ui/card.tsx";

const unpublished = { published: "false" } as const;

export default function UnpublishedProducts() {
  const page = useProductListPage(unpublished);
  const bulk = useBulkProducts();
  const publishOne = useCallback(
    (row: AdminProductRow) => (
      <Button
        size="sm"
        variant="primary"
        disabled={bulk.isPending}
        onClick={() =>
          bulk.mutate(
            { action: "publish", ids: [row.id] },
            {
              onSuccess: () => toast.success(`Published ${row.name}`),
              onError: (error) => toast.error(errorMessage(error)),
            },
          )
        }
      >
        Publish<span className="sr-only"> {row.name}</span>
      </Button>
    ),
    [bulk],
  );

  return (
    <>
      <PageHeader
        title="Unpublished Products"
        description="Products shoppers cannot see yet. Publish them one by one or select several."
      />
      <ProductListPanel
        page={page}
        caption="Unpublished products"
        action={publishOne}
        bulkActions={["publish", "delete"]}
        showPublished={false}
        empty={{ title: "Everything is published", text: "New products start unpublished and wait here." }}
      />
    </>
  );
}

export { AdminRouteError as ErrorBoundary } from "../../features/admin/layout/admin-route-error.tsx";
