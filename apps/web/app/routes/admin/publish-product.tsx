/** /admin/publish-product (Unpublished Products): staff review what shoppers cannot see yet and publish it. */
import type { AdminProductRow } from "@atelier/contract";
import { useCallback } from "react";
import { toast } from "sonner";
import { useBulkProducts, useProductOptions } from "../../features/admin/products/api.ts";
import { BulkBar } from "../../features/admin/products/bulk-bar.tsx";
import { ProductsFilters } from "../../features/admin/products/products-filters.tsx";
import { ProductsTable } from "../../features/admin/products/products-table.tsx";
import { useProductListPage } from "../../features/admin/products/use-product-list-page.ts";
import { errorMessage } from "../../features/admin/query-client.ts";
import { Button } from "../../features/admin/ui/button.tsx";
import { Card, PageHeader } from "../../features/admin/ui/card.tsx";
import { QueryError, SkeletonRows } from "../../features/admin/ui/states.tsx";
import { Pager } from "../../features/admin/users/pager.tsx";

const unpublished = { published: "false" } as const;

export default function UnpublishedProducts() {
  const page = useProductListPage(unpublished);
  const { query, list } = page;
  const options = useProductOptions();
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
      <Card>
        <ProductsFilters query={query} options={options.data} onChange={page.change} showPublished={false} />
        <BulkBar ids={page.selectedIds} onDone={page.clearSelection} actions={["publish", "delete"]} />
        {list.isPending ? (
          <SkeletonRows rows={8} label="Loading unpublished products" />
        ) : list.isError && !list.data ? (
          <QueryError error={list.error} onRetry={() => void list.refetch()} />
        ) : (
          <>
            <ProductsTable
              caption="Unpublished products"
              rows={list.data?.items}
              sort={query.sort}
              onSort={(sort) => page.change({ sort })}
              selection={page.selection}
              onSelectionChange={page.setSelection}
              action={publishOne}
              loading={list.isPlaceholderData}
              empty={{ title: "Everything is published", text: "New products start unpublished and wait here." }}
            />
            {list.data ? (
              <Pager
                page={list.data.page}
                pageSize={list.data.pageSize}
                total={list.data.total}
                pageCount={list.data.pageCount}
                onPage={(p) => page.change({ page: p })}
              />
            ) : null}
          </>
        )}
      </Card>
    </>
  );
}

export { AdminRouteError as ErrorBoundary } from "../../features/admin/layout/admin-route-error.tsx";
