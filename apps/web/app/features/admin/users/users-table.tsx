/**
 * The users table: rows of the current server page (search, filters, sort and paging are
 * the server's), sortable column headers that say their order to screen readers.
 */
import type { UserSummary } from "@atelier/contract";
import { useTable } from "@tanstack/react-table";
import { ArrowDown, ArrowUp, ArrowUpDown, UsersRound } from "lucide-react";
import { useMemo } from "react";
import { EmptyState } from "../ui/states.tsx";
import { headerCellClass, tableHeadClass } from "../ui/table.tsx";
import type { ListQuery } from "./list-query.ts";
import { type BanTarget, columnSorts, userColumns, userTableFeatures } from "./users-columns.tsx";

const noRows: UserSummary[] = [];

export function UsersTable(props: {
  rows: readonly UserSummary[] | undefined;
  sort: ListQuery["sort"];
  onSort: (sort: ListQuery["sort"]) => void;
  onBan: (target: BanTarget) => void;
  loading: boolean;
}) {
  const { onBan } = props;
  const columns = useMemo(() => userColumns(onBan), [onBan]);
  const table = useTable({
    features: userTableFeatures,
    columns,
    data: props.rows ? [...props.rows] : noRows,
    getRowId: (row) => row.id,
  });

  return (
    <div className="relative overflow-x-auto">
      <table className={`w-full text-left text-sm ${props.loading ? "opacity-60" : ""}`} aria-busy={props.loading}>
        <caption className="sr-only">Users</caption>
        <thead className={tableHeadClass}>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => {
                const sorts = columnSorts[header.column.id];
                const active = sorts?.indexOf(props.sort) ?? -1;
                const direction = props.sort === "oldest" || props.sort === "name" ? "ascending" : "descending";
                const Icon = active < 0 ? ArrowUpDown : direction === "ascending" ? ArrowUp : ArrowDown;
                return (
                  <th
                    key={header.id}
                    scope="col"
                    aria-sort={sorts && active >= 0 ? direction : undefined}
                    className={headerCellClass}
                  >
                    {sorts ? (
                      <button
                        type="button"
                        className="-mx-1 inline-flex items-center gap-1 rounded px-1 hover:text-ink"
                        onClick={() => props.onSort(sorts[(active + 1) % sorts.length] ?? sorts[0] ?? "newest")}
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
            <tr key={row.id} className="hover:bg-stone-50/60">
              {row.getAllCells().map((cell) => (
                <td key={cell.id} className="px-4 py-2.5 align-middle">
                  <table.FlexRender cell={cell} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {props.rows && props.rows.length === 0 ? (
        <EmptyState icon={UsersRound} title="No users match">
          Try another search, or clear the filters.
        </EmptyState>
      ) : null}
    </div>
  );
}
