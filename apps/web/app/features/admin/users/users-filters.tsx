/** Search (debounced) and the kind and status filters above the users table. */
import { useState } from "react";
import { Select } from "../ui/fields.tsx";
import { SearchInput } from "../ui/search-input.tsx";
import { useDebouncedCallback } from "../use-debounced-value.ts";
import { type ListQuery, searchMaxLength } from "./list-query.ts";

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
      <div className="min-w-56 flex-1">
        <SearchInput
          id="users-search"
          label="Search users"
          placeholder="Search by name or email"
          maxLength={searchMaxLength}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            pushSearch(event.target.value.trim());
          }}
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
