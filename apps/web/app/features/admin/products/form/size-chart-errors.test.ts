import { describe, expect, it } from "vitest";
import { sizeChartProblems } from "./size-chart-errors.ts";

const chart = {
  columns: ["Chest (cm)", ""],
  rows: [
    { size: "M", values: ["", ""] },
    { size: "", values: ["", ""] },
  ],
};

describe("size chart problems", () => {
  it("name the heading, the row's size and the cell the way their inputs are labelled", () => {
    const errors = {
      columns: { 1: { message: "needs a heading", type: "custom", ref: {} } },
      rows: {
        1: { size: { message: "needs a size", type: "too_small" } },
        0: { values: { 1: { message: "must have at most 40 characters" } } },
      },
    };
    expect(sizeChartProblems(errors, chart)).toEqual([
      { path: "columns.1", text: "Heading of column 2 needs a heading" },
      { path: "rows.0.values.1", text: "Column 2 for M must have at most 40 characters" },
      { path: "rows.1.size", text: "Size of row 2 needs a size" },
    ]);
  });

  it("say a problem with the chart as a whole once", () => {
    expect(sizeChartProblems({ message: "is invalid" }, chart)).toEqual([{ path: "", text: "Size chart is invalid" }]);
    expect(sizeChartProblems({ rows: { message: "at most 40 rows" } }, chart)).toEqual([
      { path: "rows", text: "Size chart at most 40 rows" },
    ]);
  });

  it("find nothing when there is nothing wrong", () => {
    expect(sizeChartProblems(undefined, chart)).toEqual([]);
  });
});
