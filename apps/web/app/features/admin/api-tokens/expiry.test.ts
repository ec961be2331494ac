import { describe, expect, it } from "vitest";
import { expiryOf, maxExpiryDay, minExpiryDay } from "./expiry.ts";

const now = new Date("2026-11-29T10:00:00Z");

describe("a token's expiry from the form", () => {
  it("counts preset days from now", () => {
    expect(expiryOf("30", "", now)).toEqual({ expiresAt: "2026-12-29T10:00:00.000Z" });
  });

  it("takes the end of a chosen day, within a year", () => {
    const chosen = expiryOf("date", "2027-01-15", now);
    expect("expiresAt" in chosen && new Date(chosen.expiresAt).getTime()).toBe(
      new Date("2027-01-15T23:59:59").getTime(),
    );
    expect(expiryOf("date", "", now)).toEqual({ error: "Choose a date" });
    expect(expiryOf("date", "2026-11-01", now)).toEqual({ error: "The date must be in the future" });
    expect(expiryOf("date", "2028-01-01", now)).toMatchObject({ error: expect.stringContaining("at most") });
    expect(minExpiryDay(now) < maxExpiryDay(now)).toBe(true);
  });
});
