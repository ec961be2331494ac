/** The admin home's data: counts, sign-ups and recent activity (GET /api/admin/dashboard). */
import { dashboardEndpoints } from "@atelier/contract";
import { useQuery } from "@tanstack/react-query";
import { browserApi } from "../../../lib/api.ts";

export const dashboardKeys = {
  all: ["dashboard"] as const,
  summary: () => [...dashboardKeys.all, "summary"] as const,
};

export function useDashboard() {
  return useQuery({
    queryKey: dashboardKeys.summary(),
    queryFn: () => browserApi.get(dashboardEndpoints.dashboard),
  });
}
