import type { Cart, CartLine } from "@atelier/contract";
import { describe, expect, it } from "vitest";
import { optimisticCart } from "./optimistic.ts";

const line = (id: number, quantity: number, unitPrice = 1000, seenUnitPrice = unitPrice): CartLine => ({
  id,
  variantId: id,
  productId: id,
  productName: `Hoodie ${id}`,
  filename: null,
  size: { id: 1, name: "M" },
  color: { id: 1, name: "Black", hex: "#000000" },
  unitPrice,
  seenUnitPrice,
  priceChanged: unitPrice !== seenUnitPrice,
  stockState: "in_stock",
  onlyLeft: null,
  overStock: false,
  quantity,
  lineTotal: unitPrice * quantity,
  orderable: true,
});

const cart = (lines: CartLine[]): Cart => ({
  currency: "USD",
  lines,
  count: lines.reduce((sum, l) => sum + l.quantity, 0),
  totals: { subtotal: 0, discount: 0, deliveryFee: 0, deliveryKnown: false, tax: 0, taxRateBasisPoints: 0, total: 0 },
  delivery: { zones: [], zoneId: null },
  tax: null,
  notices: { priceChanges: 1, soldOut: 0, unavailable: 0, overStock: 0 },
  readyForCheckout: false,
});

describe("the cart while a change is on its way", () => {
  it("shows the new quantity, line total and count at once", () => {
    const next = optimisticCart(cart([line(1, 1), line(2, 2)]), { kind: "quantity", lineId: 1, quantity: 3 });
    expect(next.lines[0]).toMatchObject({ quantity: 3, lineTotal: 3000 });
    expect(next.count).toBe(5);
  });

  it("drops a removed or saved line", () => {
    for (const kind of ["remove", "save-for-later"] as const) {
      const next = optimisticCart(cart([line(1, 1), line(2, 2)]), { kind, lineId: 2 });
      expect(next.lines.map((l) => l.id)).toEqual([1]);
      expect(next.count).toBe(1);
    }
  });

  it("accepts the prices now", () => {
    const next = optimisticCart(cart([line(1, 1, 1200, 1000)]), { kind: "accept-prices" });
    expect(next.lines[0]).toMatchObject({ seenUnitPrice: 1200, priceChanged: false });
    expect(next.notices.priceChanges).toBe(0);
  });
});
