/**
 * The one CSV writer of the admin's exports (issue 15): RFC 4180 with CRLF line ends, and
 * spreadsheet formulas neutralised — a cell that starts with =, +, -, @, a tab or a
 * carriage return gets a leading apostrophe (and is quoted), so a customer named
 * `=HYPERLINK(…)` stays text when staff open the file in Excel, LibreOffice or Sheets.
 * Plain negative amounts (`-12.50`) are money, not formulas, and stay as they are.
 */
import type { FastifyReply } from "fastify";
import Papa from "papaparse";

/** What makes a cell a formula to a spreadsheet (a plain negative number does not). */
export const formulaStart = /^(?:[=+@\t\r]|-(?!\d+(?:\.\d+)?$))/;

type Cell = string | number | boolean | null | undefined;

const text = (cell: Cell) => (cell === null || cell === undefined ? "" : String(cell));

/** A CSV of a header row and data rows (every cell written as text, formulas neutralised). */
export function toCsv(fields: readonly string[], data: readonly (readonly Cell[])[]): string {
  return Papa.unparse(
    { fields: [...fields], data: data.map((row) => row.map(text)) },
    { newline: "\r\n", escapeFormulae: formulaStart },
  );
}

/** A CSV of records: the first record's keys are the header. */
export function recordsToCsv(records: readonly Record<string, Cell>[], fields?: readonly string[]): string {
  const header = fields ?? Object.keys(records[0] ?? {});
  return toCsv(
    header,
    records.map((record) => header.map((field) => record[field])),
  );
}

/** Sends a CSV as a download named `<name>-<today>.csv`. */
export function sendCsv(reply: FastifyReply, name: string, csv: string) {
  const day = new Date().toISOString().slice(0, 10);
  return reply
    .type("text/csv; charset=utf-8")
    .header("content-disposition", `attachment; filename="${name}-${day}.csv"`)
    .send(csv);
}
