import { describe, expect, it } from "vitest";
import { majorToMinor, minorToDecimal, priceDisplay } from "./pricing.ts";

describe("a price on the storefront", () => {
  it("shows a sale with the was-price and the discount in whole percent", () => {
    expect(priceDisplay(2999, 3999, "USD")).toEqual({ price: "$29.99", compareAt: "$39.99", discountPercent: 25 });
  });

  it("never rounds a discount up", () => {
    expect(priceDisplay(6667, 10000, "USD").discountPercent).toBe(33);
  });

  it("hides a compare-at price that is not higher than the price", () => {
    expect(priceDisplay(2000, 2000, "USD")).toEqual({ price: "$20.00", compareAt: null, discountPercent: null });
    expect(priceDisplay(2000, 1500, "USD").compareAt).toBeNull();
    expect(priceDisplay(2000, null, "USD").compareAt).toBeNull();
  });

  it("shows a tiny markdown's was-price without claiming 0% off", () => {
    expect(priceDisplay(9990, 10000, "USD")).toMatchObject({ compareAt: "$100.00", discountPercent: null });
  });

  it("formats with Intl in the store's currency and locale, minding currencies without cents", () => {
    expect(priceDisplay(1234567, null, "EUR", "de-DE").price).toBe("12.345,67\u00a0€");
    expect(priceDisplay(1500, null, "JPY", "ja-JP").price).toBe("￥1,500");
  });

  it("turns minor units into schema.org decimals and typed prices into minor units", () => {
    expect(minorToDecimal(1999, "USD")).toBe("19.99");
    expect(minorToDecimal(1500, "JPY")).toBe("1500");
    expect(majorToMinor("19.5", "USD")).toBe(1950);
    expect(majorToMinor("-3", "USD")).toBeUndefined();
    expect(majorToMinor("abc", "USD")).toBeUndefined();
    expect(majorToMinor("", "USD")).toBeUndefined();
  });
});
