import { describe, expect, it } from "vitest";
import { safeRedirect } from "./redirect.ts";

describe("safeRedirect", () => {
  it("keeps a same-site path with its query and hash", () => {
    expect(safeRedirect("/products/42?gender=men#reviews")).toBe("/products/42?gender=men#reviews");
    expect(safeRedirect("/")).toBe("/");
  });

  it("refuses other sites, schemes and protocol-relative tricks", () => {
    for (const target of [
      "//evil.example",
      "/\\evil.example",
      "https://evil.example/",
      "javascript:alert(1)",
      "evil.example",
      "/\t/evil.example",
      "/\n/evil.example",
      "",
      null,
      undefined,
    ]) {
      expect(safeRedirect(target), String(target)).toBe("/");
    }
  });

  it("falls back to the given path", () => {
    expect(safeRedirect("//evil.example", "/dashboard")).toBe("/dashboard");
  });
});
