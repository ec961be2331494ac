import { describe, expect, it } from "vitest";
import { skuFor } from "./sku.ts";

describe("generated SKUs", () => {
  it("join the product, size and color in capitals", () => {
    expect(skuFor("harbour-hoodie", "M", "Navy")).toBe("HARBOUR-HOODIE-M-NAVY");
    expect(skuFor("Élan Tee", "XL", "Off White")).toBe("ELAN-TEE-XL-OFF-WHITE");
  });

  it("stay within the 64 characters a SKU may have", () => {
    expect(skuFor("a".repeat(100), "XXL", "Midnight Blue").length).toBeLessThanOrEqual(64);
  });
});
