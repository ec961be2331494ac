/** Finds a customer or staff member by name or email and hands the chosen one back. */
import type { UserSummary } from "@atelier/contract";
import { UserRoundSearch } from "lucide-react";
import { useId, useState } from "react";
import { SearchInput } from "../ui/search-input.tsx";
import { EmptyState, Pill, QueryError, SkeletonRows } from "../ui/states.tsx";
import { UserAvatar } from "../ui/user-avatar.tsx";
import { useDebouncedValue } from "../use-debounced-value.ts";
import { useUserList } from "./api.ts";
import { defaultListQuery, searchMaxLength } from "./list-query.ts";

export function UserPicker(props: { label: string; onPick: (user: UserSummary) => void; selectedId?: string }) {
  const id = useId();
  const [text, setText] = useState("");
  const search = useDebouncedValue(text.trim());
  const users = useUserList({ ...defaultListQuery, search, pageSize: 8, sort: "name" }, { enabled: search.length > 0 });

  return (
    <div>
      <SearchInput
        id={id}
        label={props.label}
        visibleLabel
        placeholder="Name or email"
        maxLength={searchMaxLength}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <p className="sr-only" aria-live="polite">
        {search && users.data ? `${users.data.total} ${users.data.total === 1 ? "person" : "people"} found` : ""}
      </p>
      <div className="mt-2">
        {search.length === 0 ? null : users.isPending ? (
          <SkeletonRows rows={3} label="Searching" />
        ) : users.isError ? (
          <QueryError error={users.error} onRetry={() => void users.refetch()} />
        ) : users.data.items.length === 0 ? (
          <EmptyState icon={UserRoundSearch} title={`Nobody matches "${search}"`} />
        ) : (
          <ul className="divide-y divide-line overflow-hidden rounded-lg border border-line">
            {users.data.items.map((user) => (
              <li key={user.id}>
                <button
                  type="button"
                  onClick={() => props.onPick(user)}
                  aria-pressed={props.selectedId === user.id}
                  className="flex w-full items-center gap-3 px-3 py-2 text-left hover:bg-stone-50 aria-pressed:bg-brand-soft"
                >
                  <UserAvatar name={user.name} />
                  <span className="min-w-0 flex-1">
                    <span className="block truncate font-medium text-sm">{user.name}</span>
                    <span className="block truncate text-muted text-xs">{user.email}</span>
                  </span>
                  <span className="flex shrink-0 flex-wrap justify-end gap-1">
                    {user.roles.length === 0 ? (
                      <Pill>Customer</Pill>
                    ) : (
                      user.roles.map((role) => <Pill key={role}>{role}</Pill>)
                    )}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
