/** One cell or figure of a report as people read it: money, counts, percentages, days, dates. */
import { type CellFormat, formatPercentCell } from "@atelier/contract";
import { formatMoney } from "../../../lib/money.ts";
import { formatCount, formatDate } from "../format.ts";

export function formatCell(value: number | string | null | undefined, format: CellFormat, currency: string): string {
  if (value === null || value === undefined || value === "") return "—";
  if (typeof value === "string") return format === "date" ? formatDate(value) : value;
  switch (format) {
    case "money":
      return formatMoney(value, currency);
    case "percent":
      return formatPercentCell(value);
    case "days":
      return `${value.toLocaleString("en", { maximumFractionDigits: 1 })} d`;
    default:
      return formatCount(value);
  }
}

/** "+12.5%" / "−3.0%"; null when there is nothing to compare with. */
export function formatDelta(delta: number | null): string | null {
  if (delta === null) return null;
  const percent = (Math.abs(delta) * 100).toFixed(1);
  return `${delta >= 0 ? "+" : "−"}${percent}%`;
}
