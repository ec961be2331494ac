/** The activity log (issue 20): the filtered page (its CSV is the shared ExportCsvButton's). */
import { type ActivityLogFilter, activityLogEndpoints as endpoints } from "@atelier/contract";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { browserApi } from "../../../lib/api.ts";

export { endpoints as activityEndpoints };

export type LogQuery = ActivityLogFilter & { page: number; pageSize: number };

export const activityKeys = {
  all: ["activity-log"] as const,
  list: (query: LogQuery) => [...activityKeys.all, "list", query] as const,
};

export function useActivityLog(query: LogQuery) {
  return useQuery({
    queryKey: activityKeys.list(query),
    queryFn: () => browserApi.get(endpoints.list, { query }),
    placeholderData: keepPreviousData,
  });
}
