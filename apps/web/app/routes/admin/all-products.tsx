/**
 * /admin/all-products: every product, published or not: search, filters, sorting and
 * pages kept in the URL; bulk publish, unpublish and delete; CSV export and import.
 */
import type { AdminProductRow } from "@atelier/contract";
import { Download, Plus, Upload } from "lucide-react";
import { useCallback, useState } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import { downloadProductsCsv } from "../../features/admin/products/api.ts";
import { ImportDialog } from "../../features/admin/products/import-dialog.tsx";
import { filterOf } from "../../features/admin/products/list-query.ts";
import { ProductListPanel } from "../../features/admin/products/product-list-panel.tsx";
import { useProductListPage } from "../../features/admin/products/use-product-list-page.ts";
import { errorMessage } from "../../features/admin/query-client.ts";
import { Button, buttonClass } from "../../features/admin/ui/button.tsx";
import { PageHeader } from "../../features/admin/ui/card.tsx";
import { adminPaths } from "../../lib/admin-paths.ts";

export default function AllProducts() {
  const page = useProductListPage();
  const { query } = page;
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
      <ProductListPanel
        page={page}
        caption="All products"
        action={editLink}
        empty={{ title: "No products match", text: "Try another search, or clear the filters." }}
      />
      <ImportDialog open={importing} onOpenChange={setImporting} />
    </>
  );
}

export { AdminRouteError as ErrorBoundary } from "../../features/admin/layout/admin-route-error.tsx";
