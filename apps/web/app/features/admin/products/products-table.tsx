/**
 * The products table: the current server page (search, filters, sort and paging are the
 * server's), row selection for the bulk bar, and sortable headers that announce their order.
 */
import type { AdminProductRow } from "@atelier/contract";
import { type RowSelectionState, useTable } from "@tanstack/react-table";
import { ArrowDown, ArrowUp, ArrowUpDown, PackageSearch } from "lucide-react";
import { type ReactNode, useMemo } from "react";
import { EmptyState } from "../ui/states.tsx";
import { headerCellClass, tableHeadClass } from "../ui/table.tsx";
import type { ProductListQuery } from "./list-query.ts";
import { ascendingSorts, columnSorts, productColumns, productTableFeatures } from "./products-columns.tsx";

const noRows: AdminProductRow[] = [];
/** Secondary columns give way below 1024 px, so name, price, stock and status fit beside the menu. */
const wideOnly: Partial<Record<string, string>> = {
  skuCount: "hidden lg:table-cell",
  updatedAt: "hidden lg:table-cell",
};

export function ProductsTable(props: {
  caption: string;
  rows: readonly AdminProductRow[] | undefined;
  sort: ProductListQuery["sort"];
  onSort: (sort: ProductListQuery["sort"]) => void;
  selection: RowSelectionState;
  onSelectionChange: (selection: RowSelectionState) => void;
  action: (row: AdminProductRow) => ReactNode;
  loading: boolean;
  empty: { title: string; text: string };
}) {
  const { action, selection, onSelectionChange } = props;
  const columns = useMemo(() => productColumns(action), [action]);
  const table = useTable({
    features: productTableFeatures,
    columns,
    data: props.rows ? [...props.rows] : noRows,
    getRowId: (row) => String(row.id),
    enableRowSelection: true,
    state: { rowSelection: selection },
    onRowSelectionChange: (updater) => onSelectionChange(typeof updater === "function" ? updater(selection) : updater),
  });

  return (
    <div className="relative overflow-x-auto">
      <table className={`w-full text-left text-sm ${props.loading ? "opacity-60" : ""}`} aria-busy={props.loading}>
        <caption className="sr-only">{props.caption}</caption>
        <thead className={tableHeadClass}>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => {
                const sorts = columnSorts[header.column.id];
                const active = sorts?.indexOf(props.sort) ?? -1;
                const direction = ascendingSorts.includes(props.sort) ? "ascending" : "descending";
                const Icon = active < 0 ? ArrowUpDown : direction === "ascending" ? ArrowUp : ArrowDown;
                return (
                  <th
                    key={header.id}
                    scope="col"
                    aria-sort={sorts && active >= 0 ? direction : undefined}
                    className={`${headerCellClass} ${wideOnly[header.column.id] ?? ""}`}
                  >
                    {sorts ? (
                      <button
                        type="button"
                        className="-mx-1 inline-flex items-center gap-1 rounded px-1 hover:text-ink"
                        onClick={() => props.onSort(sorts[(active + 1) % sorts.length] ?? "updated")}
                      >
                        <table.FlexRender header={header} />
                        <Icon aria-hidden className={`size-3.5 ${active < 0 ? "opacity-50" : "text-ink"}`} />
                      </button>
                    ) : (
                      <table.FlexRender header={header} />
                    )}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody className="divide-y divide-line">
          {table.getRowModel().rows.map((row) => (
            <tr
              key={row.id}
              data-testid={`product-row-${row.original.id}`}
              className={row.getIsSelected() ? "bg-stone-50" : "hover:bg-stone-50/60"}
            >
              {row.getAllCells().map((cell) => (
                <td key={cell.id} className={`px-4 py-2.5 align-middle ${wideOnly[cell.column.id] ?? ""}`}>
                  <table.FlexRender cell={cell} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {props.rows && props.rows.length === 0 ? (
        <EmptyState icon={PackageSearch} title={props.empty.title}>
          {props.empty.text}
        </EmptyState>
      ) : null}
    </div>
  );
}
