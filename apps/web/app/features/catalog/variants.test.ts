import { type ProductVariant, shopperStockOf } from "@atelier/contract";
import { describe, expect, it } from "vitest";
import { colorOptions, findVariant, sizeOptions, stockText, withZoneStock } from "./variants.ts";

const v = (id: number, size: [number, string, number], color: [number, string], stock: number): ProductVariant => ({
  id,
  // What the server answers with the store's default limit (5).
  ...shopperStockOf(stock, 5),
  size: { id: size[0], name: size[1], sortOrder: size[2] },
  color: { id: color[0], name: color[1], hex: "#000000" },
});
const variants = [
  v(1, [2, "L", 3], [1, "Black"], 0),
  v(2, [1, "M", 2], [1, "Black"], 4),
  v(3, [2, "L", 3], [2, "Sand"], 9),
];

describe("choosing a size and a color", () => {
  it("lists sizes in their own order and marks those sold out in the chosen color", () => {
    expect(sizeOptions(variants, 1)).toEqual([
      { id: 1, name: "M", available: true },
      { id: 2, name: "L", available: false },
    ]);
    expect(sizeOptions(variants, null).every((size) => size.available)).toBe(true);
  });

  it("marks a color sold out in the chosen size", () => {
    expect(colorOptions(variants, 1).map((c) => [c.name, c.available])).toEqual([
      ["Black", true],
      ["Sand", false],
    ]);
  });

  it("tells the stock of the chosen variant", () => {
    expect(stockText(findVariant(variants, 1, 1), true, true)).toBe("Only 4 left");
    expect(stockText(findVariant(variants, 2, 2), true, true)).toBe("In stock");
    expect(stockText(findVariant(variants, 2, 1), true, true)).toBe("Sold out in this size and color");
    expect(stockText(undefined, false, true)).toBe("In stock: choose a size and a color");
    expect(stockText(undefined, false, false)).toBe("Sold out");
  });
});

describe("the store's limit and the shopper's zone", () => {
  it("says 'Only N left' as the server says it: at the store's limit or fewer, never at 0", () => {
    const atLimit = (limit: number) => ({ ...variants[2], ...shopperStockOf(9, limit) }) as ProductVariant;
    expect(stockText(atLimit(9), true, true)).toBe("Only 9 left");
    expect(stockText(atLimit(8), true, true)).toBe("In stock");
    expect(stockText(atLimit(0), true, true)).toBe("In stock");
  });

  it("puts the zone's stock in place of the page's, and keeps the page's without it", () => {
    const zoned = withZoneStock(variants, new Map([[3, shopperStockOf(0, 5)]]));
    expect(zoned.map((variant) => variant.stockState)).toEqual(["sold_out", "low", "sold_out"]);
    expect(stockText(findVariant(zoned, 2, 2), true, true)).toBe("Sold out in this size and color");
    expect(withZoneStock(variants, null)).toBe(variants);
  });
});
