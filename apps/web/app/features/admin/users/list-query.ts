/**
 * The users list's search, filters, sort and page live in the URL (?q=&kind=&status=&sort=&page=),
 * so a filtered list can be bookmarked, shared and restored with Back. The contract's own
 * schema parses them; each invalid value falls back to its default.
 */
import { UserListQuery } from "@atelier/contract";
import type { z } from "zod";

export type ListQuery = z.output<typeof UserListQuery>;
export const defaultListQuery: ListQuery = UserListQuery.parse({});

/** The longest search the server takes; the search boxes stop there. */
export const searchMaxLength = UserListQuery.shape.search.unwrap().maxLength ?? undefined;

/** Each parameter on its own: one bad value (a hand-edited page) does not throw away the search. */
export function listQueryFrom(params: URLSearchParams): ListQuery {
  const { shape } = UserListQuery;
  const read = <T>(schema: z.ZodType<T>, key: string, fallback: T): T => {
    const parsed = schema.safeParse(params.get(key) ?? undefined);
    return parsed.success ? parsed.data : fallback;
  };
  return {
    search: read(shape.search, "q", undefined) || undefined,
    kind: read(shape.kind, "kind", defaultListQuery.kind),
    status: read(shape.status, "status", defaultListQuery.status),
    sort: read(shape.sort, "sort", defaultListQuery.sort),
    page: read(shape.page, "page", defaultListQuery.page),
    pageSize: defaultListQuery.pageSize,
  };
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
