import { describe, expect, it } from "vitest";
import { TABLE_ROW_LIMIT } from "./frame.ts";
import { limitRows } from "./sales-tables.ts";

describe("a sales table's row limit", () => {
  it("keeps every row, with no note, up to the limit", () => {
    const rows = Array.from({ length: TABLE_ROW_LIMIT }, (_, n) => n);
    expect(limitRows(rows, TABLE_ROW_LIMIT, "variants")).toEqual({ rows, note: null });
  });

  it("keeps the first rows past it (they come sorted by net sales) and says how many there were", () => {
    const rows = Array.from({ length: 118_621 }, (_, n) => n);
    const shown = limitRows(rows, TABLE_ROW_LIMIT, "variants");
    expect(shown.rows).toEqual(rows.slice(0, 500));
    expect(shown.note).toBe(
      "The table shows the 500 variants with the most net sales of 118,621; a category, series or type filter or a shorter range narrows it (the totals and the chart count them all).",
    );
  });
});
