/** Search (debounced) and the kind and status filters above the users table. */
import { Search } from "lucide-react";
import { useState } from "react";
import { Select, TextInput } from "../ui/fields.tsx";
import { useDebouncedCallback } from "../use-debounced-value.ts";
import type { ListQuery } from "./list-query.ts";

export function UsersFilters(props: { query: ListQuery; onChange: (changes: Partial<ListQuery>) => void }) {
  const { query, onChange } = props;
  const current = query.search ?? "";
  const [text, setText] = useState(current);
  // Back and Forward change the URL's search: follow it unless it is what is typed already.
  const [seen, setSeen] = useState(current);
  if (current !== seen) {
    setSeen(current);
    if (current !== text.trim()) setText(current);
  }
  const pushSearch = useDebouncedCallback((value: string) => {
    if (value !== current) onChange({ search: value || undefined });
  });

  return (
    <div className="flex flex-wrap items-end gap-3 border-line border-b px-4 py-3">
      <div className="relative min-w-56 flex-1">
        <label htmlFor="users-search" className="sr-only">
          Search users
        </label>
        <Search aria-hidden className="pointer-events-none absolute top-2.5 left-3 size-4 text-stone-500" />
        <TextInput
          id="users-search"
          type="search"
          placeholder="Search by name or email"
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            pushSearch(event.target.value.trim());
          }}
          className="pl-9"
        />
      </div>
      <div className="flex items-center gap-2">
        <label htmlFor="users-kind" className="text-muted text-xs">
          Kind
        </label>
        <Select id="users-kind" value={query.kind} onChange={(event) => onChange({ kind: kindOf(event.target.value) })}>
          <option value="all">Everyone</option>
          <option value="customers">Customers</option>
          <option value="staff">Staff</option>
        </Select>
      </div>
      <div className="flex items-center gap-2">
        <label htmlFor="users-status" className="text-muted text-xs">
          Status
        </label>
        <Select
          id="users-status"
          value={query.status}
          onChange={(event) => onChange({ status: statusOf(event.target.value) })}
        >
          <option value="all">Any</option>
          <option value="active">Active</option>
          <option value="banned">Banned</option>
        </Select>
      </div>
    </div>
  );
}

const kindOf = (value: string): ListQuery["kind"] => (value === "customers" || value === "staff" ? value : "all");
const statusOf = (value: string): ListQuery["status"] => (value === "active" || value === "banned" ? value : "all");
