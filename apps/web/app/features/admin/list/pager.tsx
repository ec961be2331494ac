/** "21–40 of 48" with previous and next page buttons under a server-paged admin table. */
import { ChevronLeft, ChevronRight } from "lucide-react";
import { formatCount } from "../format.ts";
import { Button } from "../ui/button.tsx";

export function Pager(props: {
  page: number;
  pageSize: number;
  total: number;
  pageCount: number;
  onPage: (page: number) => void;
}) {
  const { page, pageSize, total, pageCount } = props;
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(page * pageSize, total);
  return (
    <nav aria-label="Pagination" className="flex items-center justify-between gap-3 border-line border-t px-4 py-2.5">
      <p className="text-muted text-xs" aria-live="polite">
        {total === 0 ? "No results" : `${formatCount(from)}–${formatCount(to)} of ${formatCount(total)}`}
      </p>
      <div className="flex items-center gap-2">
        <span className="text-muted text-xs">
          Page {page} of {Math.max(pageCount, 1)}
        </span>
        <Button size="icon" aria-label="Previous page" disabled={page <= 1} onClick={() => props.onPage(page - 1)}>
          <ChevronLeft aria-hidden className="size-4" />
        </Button>
        <Button size="icon" aria-label="Next page" disabled={page >= pageCount} onClick={() => props.onPage(page + 1)}>
          <ChevronRight aria-hidden className="size-4" />
        </Button>
      </div>
    </nav>
  );
}
