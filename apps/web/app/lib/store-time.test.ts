import { describe, expect, it } from "vitest";
import { fromStoreInput, toStoreInput } from "./store-time.ts";

describe("store wall-clock times", () => {
  it("reads a datetime-local value in the store's zone, whatever the browser's", () => {
    expect(fromStoreInput("2026-12-01T00:00", "Europe/Paris")).toBe("2026-11-30T23:00:00.000Z");
    expect(fromStoreInput("2026-07-01T00:00:30", "America/New_York")).toBe("2026-07-01T04:00:30.000Z");
    expect(fromStoreInput("2026-12-01T00:00", "UTC")).toBe("2026-12-01T00:00:00.000Z");
  });

  it("writes an instant back as the store's wall-clock time", () => {
    expect(toStoreInput("2026-11-30T23:00:00.000Z", "Europe/Paris")).toBe("2026-12-01T00:00");
    expect(toStoreInput("2026-07-01T04:00:30.000Z", "America/New_York", { seconds: true })).toBe("2026-07-01T00:00:30");
    expect(toStoreInput(null, "UTC")).toBe("");
  });

  it("round-trips across a daylight-saving change", () => {
    const iso = fromStoreInput("2026-03-29T03:30", "Europe/Paris");
    expect(iso).toBe("2026-03-29T01:30:00.000Z");
    expect(toStoreInput(iso, "Europe/Paris")).toBe("2026-03-29T03:30");
  });

  it("leaves text that is no date as typed, and empty as null", () => {
    expect(fromStoreInput("soon", "UTC")).toBe("soon");
    expect(fromStoreInput("  ", "UTC")).toBeNull();
  });
});
