import { describe, expect, it } from "vitest";
import { ValidationError } from "../../errors.ts";
import type { CartLineRow } from "./cart-repository.ts";
import { checkQuantity } from "./cart-service.ts";
import { buildCart, stockStateOf } from "./cart-view.ts";

const row = (over: Partial<CartLineRow> = {}): CartLineRow => ({
  id: 1,
  variantId: 1,
  productId: 1,
  productName: "Hoodie",
  filename: null,
  sizeId: 1,
  sizeName: "M",
  colorId: 1,
  colorName: "Black",
  colorHex: "#000000",
  sku: "HOODIE-M-BLACK",
  unitPrice: 5000,
  seenUnitPrice: 5000,
  stock: 10,
  onlyLeftBelow: 5,
  isPublished: true,
  quantity: 1,
  ...over,
});

const zones = [
  { id: 1, name: "Inside", description: "", fee: 500, freeOver: 20000, estimate: "" },
  { id: 2, name: "Outside", description: "", fee: 1500, freeOver: null, estimate: "" },
];

describe("a cart line's stock state", () => {
  it("is in stock, low from 5 down, sold out at 0, unavailable when unpublished", () => {
    expect(stockStateOf({ stock: 6, isPublished: true })).toBe("in_stock");
    expect(stockStateOf({ stock: 5, isPublished: true })).toBe("low");
    // The store's own "Only N left" limit, when the inventory settings give one.
    expect(stockStateOf({ stock: 5, isPublished: true, onlyLeftBelow: 2 })).toBe("in_stock");
    expect(stockStateOf({ stock: 2, isPublished: true, onlyLeftBelow: 2 })).toBe("low");
    expect(stockStateOf({ stock: 0, isPublished: true })).toBe("sold_out");
    expect(stockStateOf({ stock: 9, isPublished: false })).toBe("unavailable");
  });
});

describe("the cart's estimate", () => {
  it("counts each line at the units that can be had, with the cheapest zone and the tax rate", () => {
    const cart = buildCart({
      rows: [
        row({ id: 1, quantity: 2 }),
        row({ id: 2, quantity: 3, stock: 1 }),
        row({ id: 3, stock: 0 }),
        row({ id: 4, isPublished: false }),
      ],
      currency: "USD",
      zones,
      zoneId: undefined,
      tax: { name: "Tax", region: "US", rateBasisPoints: 1000, appliesToDelivery: false },
    });
    // 2 × 50.00 + 1 × 50.00 (only one left, which the shopper is told) = 150.00; delivery 5.00; tax 10 % of goods = 15.00
    expect(cart.totals).toMatchObject({ subtotal: 15000, deliveryFee: 500, tax: 1500, total: 17000 });
    expect(cart.notices).toEqual({ priceChanges: 0, soldOut: 1, unavailable: 1, overStock: 1 });
    expect(cart.count).toBe(7);
    expect(cart.readyForCheckout).toBe(false);
    expect(cart.delivery.zoneId).toBe(1);
  });

  it("counts a line over a stock above the 'Only N left' limit at nothing, and tells no count (issue 37)", () => {
    const cart = buildCart({
      rows: [row({ id: 1, quantity: 20, stock: 17 }), row({ id: 2, quantity: 1 })],
      currency: "USD",
      zones,
      zoneId: undefined,
      tax: undefined,
    });
    expect(cart.lines[0]).toMatchObject({ stockState: "in_stock", onlyLeft: null, overStock: true, orderable: false });
    expect(cart.lines[0]).not.toHaveProperty("sku");
    expect(cart.lines[0]).not.toHaveProperty("countable");
    expect(cart.totals.subtotal).toBe(5000);
    expect(cart.notices.overStock).toBe(1);
  });

  it("flags a price change and charges nothing for an empty cart", () => {
    const changed = buildCart({
      rows: [row({ unitPrice: 5500, seenUnitPrice: 5000 })],
      currency: "USD",
      zones,
      zoneId: 2,
      tax: undefined,
    });
    expect(changed.lines[0]).toMatchObject({ priceChanged: true, lineTotal: 5500 });
    expect(changed.totals).toMatchObject({ deliveryFee: 1500, total: 7000 });
    expect(changed.readyForCheckout).toBe(false);
    const empty = buildCart({ rows: [], currency: "USD", zones, zoneId: undefined, tax: undefined });
    expect(empty.totals.total).toBe(0);
    expect(empty.readyForCheckout).toBe(false);
  });
});

describe("a quantity check", () => {
  it("passes what the stock holds and refuses more with a message naming what is left", () => {
    expect(() => checkQuantity(3, 3, 5)).not.toThrow();
    expect(() => checkQuantity(4, 3, 5)).toThrow(ValidationError);
    expect(() => checkQuantity(4, 3, 5)).toThrow("Only 3 left in this size and color.");
    expect(() => checkQuantity(1, 0, 5)).toThrow("This size and color is sold out.");
    expect(() => checkQuantity(100, 500, 5)).toThrow("At most 99");
  });

  it("does not tell a count above the store's 'Only N left' limit (issue 37)", () => {
    expect(() => checkQuantity(20, 17, 5)).toThrow("We do not have that many in this size and color: choose fewer.");
    expect(() => checkQuantity(20, 17, 5, 2)).toThrow(
      "We do not have that many in this size and color, and 2 are in your cart already: choose fewer.",
    );
    expect(() => checkQuantity(20, 17, 17)).toThrow("Only 17 left in this size and color.");
  });
});
