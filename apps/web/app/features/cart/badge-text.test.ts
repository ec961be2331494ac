import { describe, expect, it } from "vitest";
import { bagLabel, cartBadgeText } from "./badge-text.ts";

describe("cart and wishlist badges", () => {
  it("cap at 99 and hide at zero", () => {
    expect(cartBadgeText(0)).toBeNull();
    expect(cartBadgeText(1)).toBe("1");
    expect(cartBadgeText(99)).toBe("99");
    expect(cartBadgeText(250)).toBe("99");
  });

  it("name the count for screen readers", () => {
    expect(bagLabel("Cart", 0, "item")).toBe("Cart");
    expect(bagLabel("Cart", 1, "item")).toBe("Cart, 1 item");
    expect(bagLabel("Wishlist", 120, "product")).toBe("Wishlist, 120 products");
  });
});
