/**
 * The pieces every admin list page repeats (issue 15 clean-up): a filter field with its
 * label, the filter form's Apply and Clear, the CSV export button that takes the list's
 * filter, and the list's loading / failed / empty / loaded states (the table dims while
 * the next page loads) with the pager under it. The URL state is `useListState`.
 */
import type { UseQueryResult } from "@tanstack/react-query";
import { Download, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import { errorMessage } from "../query-client.ts";
import { Button } from "../ui/button.tsx";
import { EmptyState, QueryError, SkeletonRows } from "../ui/states.tsx";
import { downloadCsv } from "./csv.ts";
import { Pager } from "./pager.tsx";

/** A labelled control of a filter form. */
export function FilterField(props: { id: string; label: string; className?: string; children: ReactNode }) {
  return (
    <div className={`space-y-1 text-sm ${props.className ?? ""}`}>
      <label htmlFor={props.id} className="block font-medium">
        {props.label}
      </label>
      {props.children}
    </div>
  );
}

/** Apply (submits the filter form) and Clear (the list's bare address). */
export function FilterActions(props: { clearTo: string; className?: string; children?: ReactNode }) {
  return (
    <div className={`flex items-end gap-2 ${props.className ?? ""}`}>
      <Button type="submit" variant="primary">
        Apply
      </Button>
      <Link to={props.clearTo} className="px-2 py-2 text-sm underline">
        Clear
      </Link>
      {props.children}
    </div>
  );
}

/** Downloads the list as CSV with the filter on screen; a failure is a toast. */
export function ExportCsvButton(props: {
  endpoint: { path: string };
  query: Record<string, string | number | undefined>;
  params?: Record<string, string | number>;
  label?: string;
}) {
  return (
    <Button
      onClick={() =>
        downloadCsv(props.endpoint, props.params ?? {}, props.query).catch((error: unknown) =>
          toast.error(errorMessage(error)),
        )
      }
    >
      <Download aria-hidden className="size-4" /> {props.label ?? "Export CSV"}
    </Button>
  );
}

interface Paged {
  items: readonly unknown[];
  page: number;
  pageSize: number;
  total: number;
  pageCount: number;
}

/**
 * A server-paged list's states: the error (with a retry) when nothing loaded, grey rows while
 * loading, the empty state when nothing matches, else `children` with the data and the pager
 * under it — dimmed and marked busy while the next page or filter loads over the previous one.
 */
export function ListStates<T extends Paged>(props: {
  query: UseQueryResult<T>;
  loadingLabel: string;
  rows?: number;
  empty: { icon: LucideIcon; title: string; body?: ReactNode };
  onPage: (page: number) => void;
  children: (data: T) => ReactNode;
}) {
  const { query } = props;
  const data = query.data;
  if (query.isError && !data) return <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  if (!data) return <SkeletonRows rows={props.rows ?? 6} label={props.loadingLabel} />;
  if (data.items.length === 0) {
    return (
      <EmptyState icon={props.empty.icon} title={props.empty.title}>
        {props.empty.body}
      </EmptyState>
    );
  }
  return (
    <div className={query.isPlaceholderData ? "opacity-60" : ""} aria-busy={query.isFetching}>
      {props.children(data)}
      <Pager
        page={data.page}
        pageSize={data.pageSize}
        total={data.total}
        pageCount={data.pageCount}
        onPage={props.onPage}
      />
    </div>
  );
}
