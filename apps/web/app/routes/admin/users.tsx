/** /admin/show/show-users: every customer and staff member, searchable and filterable. */
import { useCallback, useState } from "react";
import { Navigate, useSearchParams } from "react-router";
import { Pager } from "../../features/admin/list/pager.tsx";
import { Card, PageHeader } from "../../features/admin/ui/card.tsx";
import { QueryError, SkeletonRows } from "../../features/admin/ui/states.tsx";
import { useUserList } from "../../features/admin/users/api.ts";
import { BanDialog } from "../../features/admin/users/ban-dialog.tsx";
import { type ListQuery, listParamsFor, listQueryFrom } from "../../features/admin/users/list-query.ts";
import type { BanTarget } from "../../features/admin/users/users-columns.tsx";
import { UsersFilters } from "../../features/admin/users/users-filters.tsx";
import { UsersTable } from "../../features/admin/users/users-table.tsx";

export default function UserList() {
  const [params, setParams] = useSearchParams();
  const query = listQueryFrom(params);
  const users = useUserList(query);
  const [banning, setBanning] = useState<BanTarget | null>(null);

  // Any change but a page turn starts again at page 1; typing replaces the history entry.
  const change = useCallback(
    (changes: Partial<ListQuery>) =>
      setParams(
        (current) => {
          const base = listQueryFrom(current);
          return listParamsFor({ ...base, page: 1, ...changes });
        },
        { replace: "search" in changes },
      ),
    [setParams],
  );

  // A page past the last one (an old link, rows deleted since) shows the last page instead.
  const lastPage = users.isPlaceholderData ? 0 : (users.data?.pageCount ?? 0);
  if (lastPage > 0 && query.page > lastPage) {
    return <Navigate replace to={{ search: listParamsFor({ ...query, page: lastPage }).toString() }} />;
  }

  return (
    <>
      <PageHeader
        title="Users"
        description="Customers and staff: find someone, see their details, ban or help them sign in."
      />
      <Card>
        <UsersFilters query={query} onChange={change} />
        {users.isPending ? (
          <SkeletonRows rows={8} label="Loading users" />
        ) : users.isError && !users.data ? (
          <QueryError error={users.error} onRetry={() => void users.refetch()} />
        ) : (
          <>
            <UsersTable
              rows={users.data?.items}
              sort={query.sort}
              onSort={(sort) => change({ sort })}
              onBan={setBanning}
              loading={users.isPlaceholderData}
            />
            {users.data ? (
              <Pager
                page={users.data.page}
                pageSize={users.data.pageSize}
                total={users.data.total}
                pageCount={users.data.pageCount}
                onPage={(page) => change({ page })}
              />
            ) : null}
          </>
        )}
      </Card>
      <BanDialog user={banning?.user ?? null} returnFocusTo={() => banning?.opener} onClose={() => setBanning(null)} />
    </>
  );
}

export { AdminRouteError as ErrorBoundary } from "../../features/admin/layout/admin-route-error.tsx";
