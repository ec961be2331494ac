import { describe, expect, it } from "vitest";
import { samePermutation } from "./attributes-service.ts";
import { freeSlug, slugify } from "./naming.ts";

describe("series and product type slugs", () => {
  it("are lowercase ASCII words joined by hyphens", () => {
    expect(slugify("Été Noir 2026!", "series")).toBe("ete-noir-2026");
    expect(slugify("  Heritage -- Loom  ", "series")).toBe("heritage-loom");
  });

  it("fall back when a name has no letters or digits", () => {
    expect(slugify("★ ★ ★", "series")).toBe("series");
  });

  it("take the first free number when the plain slug is taken", () => {
    expect(freeSlug("noir", new Set())).toBe("noir");
    expect(freeSlug("noir", new Set(["noir", "noir-2"]))).toBe("noir-3");
  });
});

describe("a new order", () => {
  it("must name every row exactly once", () => {
    expect(samePermutation([1, 2, 3], [3, 1, 2])).toBe(true);
    expect(samePermutation([1, 2, 3], [3, 1])).toBe(false);
    expect(samePermutation([1, 2, 3], [3, 1, 1])).toBe(false);
    expect(samePermutation([1, 2, 3], [3, 1, 2, 4])).toBe(false);
  });
});
