/**
 * The products table's columns (TanStack Table): selection, product (image, name, slug),
 * SKUs, price, stock, status, last change, and a row action (edit, or publish).
 */
import type { AdminProductRow } from "@atelier/contract";
import { productLowStock } from "@atelier/contract/constants";
import { createColumnHelper, rowSelectionFeature, tableFeatures } from "@tanstack/react-table";
import { ImageOff } from "lucide-react";
import { Link } from "react-router";
import { adminPaths } from "../../../lib/admin-paths.ts";
import { imageUrl } from "../../../lib/images.ts";
import { formatMoney } from "../../../lib/money.ts";
import { formatDate } from "../format.ts";
import { Pill } from "../ui/states.tsx";
import type { ProductListQuery } from "./list-query.ts";

export const productTableFeatures = tableFeatures({ rowSelectionFeature });
const helper = createColumnHelper<typeof productTableFeatures, AdminProductRow>();

type Sort = ProductListQuery["sort"];
/** Which server-side sorts each sortable column cycles through, first click first. */
export const columnSorts: Partial<Record<string, readonly Sort[]>> = {
  name: ["name"],
  price: ["price-asc", "price-desc"],
  stockTotal: ["stock-asc", "stock-desc"],
  updatedAt: ["updated"],
};
export const ascendingSorts: readonly Sort[] = ["name", "price-asc", "stock-asc"];

function StockCell({ total }: { total: number }) {
  if (total === 0) return <Pill tone="red">Out of stock</Pill>;
  if (total <= productLowStock) return <Pill tone="amber">{total} left</Pill>;
  return <span className="tabular-nums">{total}</span>;
}

export function productColumns(action: (row: AdminProductRow) => React.ReactNode) {
  return helper.columns([
    helper.display({
      id: "select",
      header: ({ table }) => (
        <input
          type="checkbox"
          aria-label="Select all products on this page"
          className="size-4 accent-ink"
          checked={table.getIsAllRowsSelected()}
          ref={(input) => {
            if (input) input.indeterminate = table.getIsSomeRowsSelected();
          }}
          onChange={(event) => table.toggleAllRowsSelected(event.target.checked)}
        />
      ),
      cell: ({ row }) => (
        <input
          type="checkbox"
          aria-label={`Select ${row.original.name}`}
          className="size-4 accent-ink"
          checked={row.getIsSelected()}
          onChange={(event) => row.toggleSelected(event.target.checked)}
        />
      ),
    }),
    helper.accessor("name", {
      header: "Product",
      cell: ({ row }) => (
        // Capped below 1536 px so long names truncate instead of pushing status and Edit off the page.
        <div className="flex min-w-48 max-w-64 items-center gap-3 2xl:max-w-none">
          {row.original.filename ? (
            <img
              src={imageUrl(row.original.filename, 240)}
              alt=""
              width={40}
              height={40}
              className="size-10 shrink-0 rounded-md bg-stone-100 object-cover"
            />
          ) : (
            <span className="grid size-10 shrink-0 place-items-center rounded-md bg-stone-100 text-stone-500">
              <ImageOff aria-hidden className="size-4" />
            </span>
          )}
          <div className="min-w-0">
            <Link
              to={adminPaths.editProduct(row.original.id)}
              title={row.original.name}
              className="block truncate font-medium hover:underline"
            >
              {row.original.name}
            </Link>
            <p className="truncate text-muted text-xs">
              {row.original.categoryName} · {row.original.productTypeName}
              {row.original.seriesName ? ` · ${row.original.seriesName}` : ""}
            </p>
          </div>
        </div>
      ),
    }),
    helper.accessor("skuCount", {
      header: "SKUs",
      cell: ({ getValue }) => <span className="tabular-nums">{getValue()}</span>,
    }),
    helper.accessor("price", {
      header: "Price",
      cell: ({ row }) => (
        <span className="whitespace-nowrap tabular-nums">{formatMoney(row.original.price, row.original.currency)}</span>
      ),
    }),
    helper.accessor("stockTotal", { header: "Stock", cell: ({ getValue }) => <StockCell total={getValue()} /> }),
    helper.accessor("isPublished", {
      header: "Status",
      cell: ({ getValue }) => (getValue() ? <Pill tone="green">Published</Pill> : <Pill>Unpublished</Pill>),
    }),
    helper.accessor("updatedAt", {
      header: "Updated",
      cell: ({ getValue }) => <span className="whitespace-nowrap tabular-nums">{formatDate(getValue())}</span>,
    }),
    helper.display({
      id: "actions",
      header: () => <span className="sr-only">Actions</span>,
      cell: ({ row }) => <div className="flex justify-end">{action(row.original)}</div>,
    }),
  ]);
}
