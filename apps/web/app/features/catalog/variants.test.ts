import type { ProductVariant } from "@atelier/contract";
import { describe, expect, it } from "vitest";
import { colorOptions, findVariant, sizeOptions, stockText, withZoneStock } from "./variants.ts";

const v = (id: number, size: [number, string, number], color: [number, string], stock: number): ProductVariant => ({
  id,
  sku: `SKU-${id}`,
  stock,
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
  it("says 'Only N left' at the store setting or fewer, never at 0", () => {
    const nine = findVariant(variants, 2, 2);
    expect(stockText(nine, true, true, 9)).toBe("Only 9 left");
    expect(stockText(nine, true, true, 8)).toBe("In stock");
    expect(stockText(findVariant(variants, 1, 1), true, true, 0)).toBe("In stock");
  });

  it("puts the zone's figures in place of the page's, and keeps the page's without them", () => {
    const zoned = withZoneStock(variants, new Map([[3, 0]]));
    expect(zoned.map((variant) => variant.stock)).toEqual([0, 4, 0]);
    expect(stockText(findVariant(zoned, 2, 2), true, true)).toBe("Sold out in this size and color");
    expect(withZoneStock(variants, null)).toBe(variants);
  });
});
