/**
 * The admin's data tables: one look for every list of rows, a caption for screen readers,
 * and column headers that name themselves even when they show nothing (an actions column).
 */
import type { ReactNode } from "react";

export const tableHeadClass = "border-line border-b bg-stone-50 text-muted text-xs";
export const headerCellClass = "whitespace-nowrap px-4 py-2 font-medium";

export interface Column {
  label: string;
  /** Numbers and buttons line up on the right. */
  align?: "end";
  /** Named for screen readers only (e.g. "Actions"). */
  hidden?: boolean;
  /** Extra classes of the header cell, e.g. a column shown only on wide screens. */
  className?: string;
}

export function Table(props: {
  caption: string;
  columns: readonly Column[];
  children: ReactNode;
  className?: string;
  /** A wide table that scrolls sideways: keyboard users can focus and scroll it (axe). */
  scrollable?: boolean;
}) {
  return (
    <div
      className={`relative overflow-x-auto ${props.className ?? ""}`}
      {...(props.scrollable ? { tabIndex: 0, role: "region", "aria-label": props.caption } : {})}
    >
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{props.caption}</caption>
        <thead className={tableHeadClass}>
          <tr>
            {props.columns.map((column) => (
              <th
                key={column.label}
                scope="col"
                className={`${headerCellClass} ${column.align === "end" ? "text-right" : ""} ${column.className ?? ""}`}
              >
                {column.hidden ? <span className="sr-only">{column.label}</span> : column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-line">{props.children}</tbody>
      </table>
    </div>
  );
}
