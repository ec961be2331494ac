/** The ⌘K palette's lookups (GET /api/admin/search): orders, products and customers by the viewer's areas. */
import { adminSearchEndpoints } from "@atelier/contract";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { browserApi } from "../../../lib/api.ts";

export function useAdminSearch(text: string) {
  const q = text.trim();
  return useQuery({
    queryKey: ["admin-search", q],
    queryFn: () => browserApi.get(adminSearchEndpoints.search, { query: { q } }),
    enabled: q.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}
