import { describe, expect, it } from "vitest";
import { firstFreeSlug, slugify } from "./slug.ts";

describe("a product's slug", () => {
  it("is made from its name in lower case with dashes", () => {
    expect(slugify("Classic Crew T-Shirt")).toBe("classic-crew-t-shirt");
    expect(slugify("  Élan Hoodie — Navy!  ")).toBe("elan-hoodie-navy");
    expect(slugify("Salt & Pepper Tee")).toBe("salt-and-pepper-tee");
  });

  it("is never empty, even for a name with no letters or digits", () => {
    expect(slugify("!!!")).toBe("product");
    expect(slugify("日本")).toBe("product");
  });

  it("stays within the column's length and ends without a dash", () => {
    const slug = slugify(`${"very long name ".repeat(30)}`);
    expect(slug.length).toBeLessThanOrEqual(172);
    expect(slug.endsWith("-")).toBe(false);
  });

  it("gets -2, -3 … when the shop already has it", () => {
    expect(firstFreeSlug("hoodie", new Set())).toBe("hoodie");
    expect(firstFreeSlug("hoodie", new Set(["hoodie"]))).toBe("hoodie-2");
    expect(firstFreeSlug("hoodie", new Set(["hoodie", "hoodie-2", "hoodie-3"]))).toBe("hoodie-4");
  });
});
