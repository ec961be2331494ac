/**
 * Statistics / Views and Sync Sales Count (Dashboard group): the views report of a date
 * range, and one batch of the sales count sync (the page drives the batches).
 */
import { productStatsEndpoints, type SalesCountBatchBody } from "@atelier/contract";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { browserApi } from "../../../lib/api.ts";
import type { DateRange } from "./date-range.ts";

export const statsKeys = {
  all: ["stats"] as const,
  views: (range: DateRange) => [...statsKeys.all, "views", range.from, range.to] as const,
};

export function useProductViews(range: DateRange) {
  return useQuery({
    queryKey: statsKeys.views(range),
    queryFn: () => browserApi.get(productStatsEndpoints.views, { query: { from: range.from, to: range.to } }),
    placeholderData: keepPreviousData,
  });
}

export const syncSalesCountBatch = (body: SalesCountBatchBody) =>
  browserApi.send(productStatsEndpoints.syncSalesCount, { body });
