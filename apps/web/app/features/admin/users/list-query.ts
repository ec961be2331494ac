/**
 * The users list's search, filters, sort and page live in the URL (?q=&kind=&status=&sort=&page=),
 * so a filtered list can be bookmarked, shared and restored with Back. The contract's own
 * schema parses them; anything invalid falls back to its defaults.
 */
import { UserListQuery } from "@atelier/contract";
import type { z } from "zod";

export type ListQuery = z.output<typeof UserListQuery>;
export const defaultListQuery: ListQuery = UserListQuery.parse({});

export function listQueryFrom(params: URLSearchParams): ListQuery {
  const raw = (key: string) => params.get(key) ?? undefined;
  const parsed = UserListQuery.safeParse({
    search: raw("q"),
    kind: raw("kind"),
    status: raw("status"),
    sort: raw("sort"),
    page: raw("page"),
  });
  return parsed.success ? parsed.data : defaultListQuery;
}

/** The URL parameters for a query; defaults are left out to keep links short. */
export function listParamsFor(query: ListQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.search) params.set("q", query.search);
  if (query.kind !== defaultListQuery.kind) params.set("kind", query.kind);
  if (query.status !== defaultListQuery.status) params.set("status", query.status);
  if (query.sort !== defaultListQuery.sort) params.set("sort", query.sort);
  if (query.page !== 1) params.set("page", String(query.page));
  return params;
}
