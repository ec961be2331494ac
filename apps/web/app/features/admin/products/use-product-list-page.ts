/**
 * The state both product lists share: the query from the URL (with fixed values such as
 * "unpublished only"), the page, and the selection, which is cleared whenever the rows change.
 */
import type { RowSelectionState } from "@tanstack/react-table";
import { useCallback, useState } from "react";
import { useSearchParams } from "react-router";
import { useProductList } from "./api.ts";
import { type ProductListQuery, productParamsFor, productQueryFrom } from "./list-query.ts";

export function useProductListPage(fixed: Partial<ProductListQuery> = {}) {
  const [params, setParams] = useSearchParams();
  const query = productQueryFrom(params, fixed);
  const list = useProductList(query);
  const [selection, setSelection] = useState<RowSelectionState>({});
  const key = JSON.stringify(query);
  const [seenKey, setSeenKey] = useState(key);
  if (key !== seenKey) {
    setSeenKey(key);
    setSelection({});
  }

  // Any change but a page turn starts again at page 1; typing replaces the history entry.
  const change = useCallback(
    (changes: Partial<ProductListQuery>) =>
      setParams((current) => productParamsFor({ ...productQueryFrom(current), page: 1, ...changes }), {
        replace: "search" in changes,
      }),
    [setParams],
  );
  const selectedIds = Object.keys(selection)
    .filter((id) => selection[id])
    .map(Number);
  return { query, list, change, selection, setSelection, selectedIds, clearSelection: () => setSelection({}) };
}
