import { describe, expect, it } from "vitest";
import { fieldLabel, showValue } from "./changes.tsx";

describe("activity log values", () => {
  it("reads as staff expect: dashes for nothing, lists joined, objects as JSON", () => {
    expect(showValue(null)).toBe("—");
    expect(showValue("")).toBe("(empty)");
    expect(showValue("USD 12.50")).toBe("USD 12.50");
    expect(showValue(false)).toBe("false");
    expect(showValue(["Owner", "Support"])).toBe("Owner, Support");
    expect(showValue([])).toBe("(none)");
    expect(showValue({ sku: "T-1", stock: 3 })).toBe('{"sku":"T-1","stock":3}');
  });

  it("names fields in words", () => {
    expect(fieldLabel("compareAtPrice")).toBe("compare at price");
    expect(fieldLabel("variant M / Black")).toBe("variant M / Black");
  });
});
