/** The activity log (issue 20): the filtered page and the CSV download. */
import { type ActivityLogFilter, activityLogEndpoints as endpoints } from "@atelier/contract";
import { endpointUrl } from "@atelier/contract/constants";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { ApiError, browserApi } from "../../../lib/api.ts";
import { credentialHeaders } from "../../../lib/credentials.ts";

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

export async function downloadActivityCsv(filter: Record<string, string | undefined>): Promise<void> {
  const response = await fetch(endpointUrl(endpoints.exportCsv, {}, filter), { headers: credentialHeaders() });
  if (!response.ok) throw new ApiError(response.status, await response.json().catch(() => undefined));
  const name = /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "")?.[1] ?? "activity-log.csv";
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  link.click();
  URL.revokeObjectURL(url);
}
