/**
 * /admin/all-products: every product, published or not: search, filters, sorting and
 * pages kept in the URL; bulk publish, unpublish and delete; CSV export and import.
 */
import type { AdminProductRow } from "@atelier/contract";
import { Download, Plus, Upload } from "lucide-react";
import { useCallback, useState } from "react";
import { Link, Navigate } from "react-router";
import { toast } from "sonner";
import { downloadProductsCsv, useProductOptions } from "../../features/admin/products/api.ts";
import { BulkBar } from "../../features/admin/products/bulk-bar.tsx";
import { ImportDialog } from "../../features/admin/products/import-dialog.tsx";
import { filterOf, productParamsFor } from "../../features/admin/products/list-query.ts";
import { ProductsFilters } from "../../features/admin/products/products-filters.tsx";
import { ProductsTable } from "../../features/admin/products/products-table.tsx";
import { useProductListPage } from "../../features/admin/products/use-product-list-page.ts";
import { errorMessage } from "../../features/admin/query-client.ts";
import { Button, buttonClass } from "../../features/admin/ui/button.tsx";
import { Card, PageHeader } from "../../features/admin/ui/card.tsx";
import { QueryError, SkeletonRows } from "../../features/admin/ui/states.tsx";
import { Pager } from "../../features/admin/users/pager.tsx";
import { adminPaths } from "../../lib/admin-paths.ts";

export default function AllProducts() {
  const page = useProductListPage();
  const { query, list } = page;
  const options = useProductOptions();
  const [importing, setImporting] = useState(false);
  const [exporting, setExporting] = useState(false);
  const editLink = useCallback(
    (row: AdminProductRow) => (
      <Link to={adminPaths.editProduct(row.id)} className={buttonClass("ghost", "sm")}>
        Edit<span className="sr-only"> {row.name}</span>
      </Link>
    ),
    [],
  );

  async function exportCsv() {
    setExporting(true);
    try {
      await downloadProductsCsv(filterOf(query));
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setExporting(false);
    }
  }

  const lastPage = list.isPlaceholderData ? 0 : (list.data?.pageCount ?? 0);
  if (lastPage > 0 && query.page > lastPage) {
    return <Navigate replace to={{ search: productParamsFor({ ...query, page: lastPage }).toString() }} />;
  }

  return (
    <>
      <PageHeader
        title="All products"
        description="Every product, published or not. Select rows to publish, unpublish or delete them together."
        actions={
          <>
            <Button onClick={() => void exportCsv()} disabled={exporting}>
              <Download aria-hidden className="size-4" />
              {exporting ? "Exporting…" : "Export CSV"}
            </Button>
            <Button onClick={() => setImporting(true)}>
              <Upload aria-hidden className="size-4" />
              Import CSV
            </Button>
            <Link to={adminPaths.addProduct()} className={buttonClass("primary")}>
              <Plus aria-hidden className="size-4" />
              Add product
            </Link>
          </>
        }
      />
      <Card>
        <ProductsFilters query={query} options={options.data} onChange={page.change} />
        <BulkBar ids={page.selectedIds} onDone={page.clearSelection} />
        {list.isPending ? (
          <SkeletonRows rows={8} label="Loading products" />
        ) : list.isError && !list.data ? (
          <QueryError error={list.error} onRetry={() => void list.refetch()} />
        ) : (
          <>
            <ProductsTable
              caption="All products"
              rows={list.data?.items}
              sort={query.sort}
              onSort={(sort) => page.change({ sort })}
              selection={page.selection}
              onSelectionChange={page.setSelection}
              action={editLink}
              loading={list.isPlaceholderData}
              empty={{ title: "No products match", text: "Try another search, or clear the filters." }}
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
      <ImportDialog open={importing} onOpenChange={setImporting} />
    </>
  );
}

export { AdminRouteError as ErrorBoundary } from "../../features/admin/layout/admin-route-error.tsx";
