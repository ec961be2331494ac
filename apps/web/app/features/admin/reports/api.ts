/** The reports' calls: a report for the URL's state, its CSV, and today's key figures. */
import { type ReportKind, reportEndpoints } from "@atelier/contract";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { browserApi } from "../../../lib/api.ts";

export const reportKeys = {
  all: ["reports"] as const,
  report: (kind: ReportKind, query: Record<string, string>) => [...reportKeys.all, kind, query] as const,
  today: () => [...reportKeys.all, "today"] as const,
};

export function useReport(kind: ReportKind, query: Record<string, string>) {
  return useQuery({
    queryKey: reportKeys.report(kind, query),
    queryFn: () => browserApi.get(reportEndpoints[kind], { query }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useTodayFigures(enabled: boolean) {
  return useQuery({
    queryKey: reportKeys.today(),
    queryFn: () => browserApi.get(reportEndpoints.today),
    enabled,
  });
}

export const exportEndpoint = (kind: ReportKind) => reportEndpoints[`${kind}Export`];
