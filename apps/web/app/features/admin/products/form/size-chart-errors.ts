/**
 * Size chart problems as sentences beside the chart. The chart is one form value edited
 * as a table, so its errors (from the browser's check or the server's 422, paths like
 * `sizeChart.rows.1.values.0`) arrive nested under `sizeChart` with no input registered
 * for them: this flattens them and names each cell the way its input's label does.
 */
import type { SizeChart } from "@atelier/contract";

export interface ChartProblem {
  /** Path inside the chart ("rows.1.size"; "" for the chart itself). */
  path: string;
  text: string;
}

type ErrorNode = { message?: unknown; [key: string]: unknown } | undefined;

/** react-hook-form's nested errors → { "rows.1.size": "needs a size" }. */
export function flattenErrors(node: unknown, prefix = ""): Record<string, string> {
  if (!node || typeof node !== "object") return {};
  const out: Record<string, string> = {};
  const { message } = node as NonNullable<ErrorNode>;
  if (typeof message === "string" && message) out[prefix] = message;
  for (const [key, child] of Object.entries(node)) {
    // "ref", "type" and "types" are react-hook-form's bookkeeping, not paths.
    if (key === "message" || key === "ref" || key === "type" || key === "types") continue;
    Object.assign(out, flattenErrors(child, prefix ? `${prefix}.${key}` : key));
  }
  return out;
}

/** What a cell is called: the same words as its input's label. */
export function cellLabel(chart: SizeChart, path: string): string {
  const parts = path.split(".");
  const [area, first, second, third] = parts;
  const row = Number(first);
  if (area === "columns" && first !== undefined) return `Heading of column ${row + 1}`;
  if (area === "rows" && first !== undefined) {
    if (second === "size") return `Size of row ${row + 1}`;
    if (second === "values" && third !== undefined) {
      const column = Number(third);
      const rowName = chart.rows[row]?.size || `row ${row + 1}`;
      return `${chart.columns[column] || `Column ${column + 1}`} for ${rowName}`;
    }
    return `Row ${row + 1}`;
  }
  return "Size chart";
}

export function sizeChartProblems(errors: unknown, chart: SizeChart): ChartProblem[] {
  return Object.entries(flattenErrors(errors)).map(([path, message]) => ({
    path,
    text: `${cellLabel(chart, path)} ${message}`,
  }));
}
