import { describe, expect, it } from "vitest";
import { applyRate, priceOrder } from "./pricing.ts";

const lines = [
  { unitPrice: 4500, quantity: 2 },
  { unitPrice: 1999, quantity: 1 },
];

describe("priceOrder", () => {
  it("adds lines, delivery and exclusive tax in minor units", () => {
    const totals = priceOrder({
      lines,
      zone: { fee: 500, freeOver: null },
      tax: { rateBasisPoints: 750, appliesToDelivery: false },
    });
    expect(totals).toEqual({
      subtotal: 10_999,
      discount: 0,
      deliveryFee: 500,
      deliveryKnown: true,
      tax: 825, // 7.5 % of 109.99 = 8.249… → 8.25
      taxRateBasisPoints: 750,
      total: 12_324,
    });
  });

  it("makes delivery free from the zone's threshold, judged after the discount", () => {
    const zone = { fee: 800, freeOver: 10_000 };
    expect(priceOrder({ lines, zone, tax: null }).deliveryFee).toBe(0);
    expect(priceOrder({ lines, zone, tax: null, discount: 1_000 }).deliveryFee).toBe(800);
  });

  it("taxes delivery only where the rate says so", () => {
    const zone = { fee: 1_000, freeOver: null };
    const tax = { rateBasisPoints: 1_000, appliesToDelivery: true };
    expect(priceOrder({ lines: [{ unitPrice: 10_000, quantity: 1 }], zone, tax }).tax).toBe(1_100);
  });

  it("never discounts below zero and reports an unknown delivery", () => {
    const totals = priceOrder({ lines: [{ unitPrice: 300, quantity: 1 }], discount: 5_000, zone: null, tax: null });
    expect(totals).toMatchObject({ discount: 300, deliveryFee: 0, deliveryKnown: false, total: 0 });
  });

  it("rounds half up", () => {
    expect(applyRate(1, 5_000)).toBe(1);
    expect(applyRate(1, 4_999)).toBe(0);
    expect(applyRate(0, 2_500)).toBe(0);
  });
});
