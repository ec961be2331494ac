import { describe, expect, it } from "vitest";
import { customSearch, presetRange, presetSearch, rangeFromSearch } from "./date-range.ts";

const now = new Date("2026-11-21T23:30:00Z");
const search = (query: string) => rangeFromSearch(new URLSearchParams(query), now);

describe("the views page's date range", () => {
  it("shows the last 30 days (UTC, today included) when the URL names none", () => {
    expect(search("")).toEqual({ from: "2026-10-23", to: "2026-11-21", preset: 30 });
    expect(presetRange(7, now)).toEqual({ from: "2026-11-15", to: "2026-11-21" });
  });

  it("keeps a preset or a custom range in the URL and reads it back", () => {
    expect(search(new URLSearchParams(presetSearch(90)).toString()).preset).toBe(90);
    expect(presetSearch(30)).toEqual({});
    const custom = customSearch({ from: "2026-01-01", to: "2026-01-31" });
    expect(search(new URLSearchParams(custom).toString())).toEqual({
      from: "2026-01-01",
      to: "2026-01-31",
      preset: null,
    });
  });

  it("falls back to the preset when a custom range in the URL is not a valid range", () => {
    expect(search("from=2026-02-01&to=2026-01-01").preset).toBe(30);
    expect(search("from=2024-01-01&to=2025-06-01").preset).toBe(30);
    expect(search("from=soon&to=2026-01-01&days=7")).toMatchObject({ preset: 7, to: "2026-11-21" });
  });
});
