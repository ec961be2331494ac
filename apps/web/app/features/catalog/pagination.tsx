/** Page links that keep the other query parameters (sort, gender). */
import { canonicalPageParams } from "@atelier/contract/constants";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { Link, useLocation } from "react-router";

export function pageWindow(page: number, pageCount: number, width = 2): (number | "gap")[] {
  const pages = new Set<number>([1, pageCount]);
  for (let p = page - width; p <= page + width; p++) if (p >= 1 && p <= pageCount) pages.add(p);
  const sorted = [...pages].sort((a, b) => a - b);
  const out: (number | "gap")[] = [];
  for (const [index, p] of sorted.entries()) {
    const previous = sorted[index - 1];
    // A gap that would hide a single page shows that page instead.
    if (previous !== undefined && p - previous === 2) out.push(previous + 1);
    else if (previous !== undefined && p - previous > 2) out.push("gap");
    out.push(p);
  }
  return out;
}

export function Pagination({ page, pageCount }: { page: number; pageCount: number }) {
  const location = useLocation();
  if (pageCount <= 1) return null;
  const hrefFor = (target: number) => {
    const params = canonicalPageParams(location.search);
    if (target === 1) params.delete("page");
    else params.set("page", String(target));
    const qs = params.toString();
    return `${location.pathname}${qs ? `?${qs}` : ""}`;
  };
  const cell = "inline-flex h-10 min-w-10 items-center justify-center rounded-full px-3 text-sm";
  return (
    <nav aria-label="Pagination" className="mt-10 flex items-center justify-center gap-1">
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} className={`${cell} hover:bg-stone-100`} aria-label="Previous page">
          <ChevronLeft aria-hidden className="size-4" />
        </Link>
      ) : null}
      {pageWindow(page, pageCount).map((entry, index) =>
        entry === "gap" ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: gaps have no identity of their own
          <span key={`gap-${index}`} className={`${cell} text-muted`} aria-hidden>
            …
          </span>
        ) : (
          <Link
            key={entry}
            to={hrefFor(entry)}
            aria-current={entry === page ? "page" : undefined}
            className={`${cell} ${entry === page ? "bg-ink text-white" : "hover:bg-stone-100"}`}
          >
            {entry}
          </Link>
        ),
      )}
      {page < pageCount ? (
        <Link to={hrefFor(page + 1)} className={`${cell} hover:bg-stone-100`} aria-label="Next page">
          <ChevronRight aria-hidden className="size-4" />
        </Link>
      ) : null}
    </nav>
  );
}
