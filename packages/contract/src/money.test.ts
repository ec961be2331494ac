import { describe, expect, it } from "vitest";
import { formatMinor, minorDigits, parseMoney } from "./money.ts";

describe("prices typed by staff", () => {
  it("turn into exact cents, with no float drift", () => {
    expect(parseMoney("12.50")).toBe(1250);
    expect(parseMoney("0.29")).toBe(29);
    expect(parseMoney("19.99")).toBe(1999);
    expect(parseMoney("1.1")).toBe(110);
    expect(parseMoney("7")).toBe(700);
    expect(parseMoney("7.")).toBe(700);
    expect(parseMoney(" 1000.05 ")).toBe(100005);
  });

  it("are refused when they are not a plain amount of the currency", () => {
    for (const text of ["", "-1", "1,000", "12.505", "abc", "1e3", ".5", "99999999999"]) {
      expect(parseMoney(text), text).toBeNull();
    }
  });

  it("follow the currency's own number of decimals", () => {
    expect(minorDigits("USD")).toBe(2);
    expect(minorDigits("JPY")).toBe(0);
    expect(parseMoney("1500", minorDigits("JPY"))).toBe(1500);
    expect(parseMoney("15.5", minorDigits("JPY"))).toBeNull();
  });

  it("show back in the form as they were typed", () => {
    expect(formatMinor(1250)).toBe("12.50");
    expect(formatMinor(5)).toBe("0.05");
    expect(formatMinor(0)).toBe("0.00");
    expect(formatMinor(1500, 0)).toBe("1500");
    for (const text of ["0.01", "12.34", "999.99"]) expect(formatMinor(parseMoney(text) ?? -1)).toBe(text);
  });
});
