/**
 * The body both product lists share (All products, Unpublished products): filters, the
 * bulk bar, the table with its loading, error and empty states, and the pager. A page
 * beyond the last (after a bulk delete, say) moves back to the last one.
 */
import type { AdminProductRow } from "@atelier/contract";
import type { ReactNode } from "react";
import { Navigate } from "react-router";
import { Pager } from "../list/pager.tsx";
import { Card } from "../ui/card.tsx";
import { QueryError, SkeletonRows } from "../ui/states.tsx";
import { useProductOptions } from "./api.ts";
import { type BulkAction, BulkBar } from "./bulk-bar.tsx";
import { productParamsFor } from "./list-query.ts";
import { ProductsFilters } from "./products-filters.tsx";
import { ProductsTable } from "./products-table.tsx";
import type { useProductListPage } from "./use-product-list-page.ts";

export function ProductListPanel(props: {
  page: ReturnType<typeof useProductListPage>;
  caption: string;
  /** The button or link at the end of each row. */
  action: (row: AdminProductRow) => ReactNode;
  empty: { title: string; text: string };
  bulkActions?: readonly BulkAction[];
  showPublished?: boolean;
}) {
  const { page } = props;
  const { query, list } = page;
  const options = useProductOptions();

  const lastPage = list.isPlaceholderData ? 0 : (list.data?.pageCount ?? 0);
  if (lastPage > 0 && query.page > lastPage) {
    return <Navigate replace to={{ search: productParamsFor({ ...query, page: lastPage }).toString() }} />;
  }

  return (
    <Card>
      <ProductsFilters
        query={query}
        options={options.data}
        onChange={page.change}
        showPublished={props.showPublished ?? true}
      />
      <BulkBar
        ids={page.selectedIds}
        onDone={page.clearSelection}
        {...(props.bulkActions ? { actions: props.bulkActions } : {})}
      />
      {list.isPending ? (
        <SkeletonRows rows={8} label={`Loading ${props.caption.toLowerCase()}`} />
      ) : list.isError && !list.data ? (
        <QueryError error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <>
          <ProductsTable
            caption={props.caption}
            rows={list.data?.items}
            sort={query.sort}
            onSort={(sort) => page.change({ sort })}
            selection={page.selection}
            onSelectionChange={page.setSelection}
            action={props.action}
            loading={list.isPlaceholderData}
            empty={props.empty}
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
  );
}
