import { describe, expect, it } from "vitest";
import { dayKeys, periodStart, zeroFilled } from "./days.ts";

describe("per-day periods", () => {
  const now = new Date("2025-03-02T23:30:00Z");

  it("starts at UTC midnight of the first day and ends today", () => {
    expect(periodStart(7, now).toISOString()).toBe("2025-02-24T00:00:00.000Z");
    expect(dayKeys(3, now)).toEqual(["2025-02-28", "2025-03-01", "2025-03-02"]);
  });

  it("fills the days without sign-ups with zero and drops days outside the period", () => {
    const filled = zeroFilled(3, now, [
      { date: "2025-03-01", count: 4 },
      { date: "2025-02-01", count: 9 },
    ]);
    expect(filled).toEqual([
      { date: "2025-02-28", count: 0 },
      { date: "2025-03-01", count: 4 },
      { date: "2025-03-02", count: 0 },
    ]);
  });
});
