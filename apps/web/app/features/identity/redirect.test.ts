import { describe, expect, it } from "vitest";
import { loginHref, safeRedirect } from "./redirect.ts";

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
      "/.//evil.example",
      "/a/..//evil.example",
      "/%2e//evil.example",
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

describe("loginHref", () => {
  it("comes back to the page and its query", () => {
    expect(loginHref({ pathname: "/categories/Topwear", search: "?page=2" })).toBe(
      "/login?redirectTo=%2Fcategories%2FTopwear%3Fpage%3D2",
    );
  });

  it("from the account pages, keeps the target they carry and never points back at them", () => {
    expect(loginHref({ pathname: "/login", search: "?redirectTo=%2Fmy-orders" })).toBe(
      "/login?redirectTo=%2Fmy-orders",
    );
    expect(loginHref({ pathname: "/login", search: "?redirectTo=%2F%2Fevil.example" })).toBe("/login");
    expect(loginHref({ pathname: "/reset-password", search: "?token=secret" })).toBe("/login");
  });
});
