import { describe, expect, it } from "vitest";
import { isSafePopupHref } from "./popup-constants.ts";

describe("isSafePopupHref", () => {
  it.each(["/", "/categories/Men", "/search-product?search=tee#top", "https://shop.example/sale", "http://a.example"])(
    "accepts %s",
    (href) => expect(isSafePopupHref(href)).toBe(true),
  );

  it.each([
    "",
    "javascript:alert(1)",
    "JAVASCRIPT:alert(1)",
    " javascript:alert(1)",
    "java\nscript:alert(1)",
    "data:text/html,x",
    "vbscript:x",
    "mailto:a@b.example",
    "//evil.example",
    "/\\evil.example",
    "relative/path",
    "https://",
    `/${"a".repeat(600)}`,
  ])("refuses %j", (href) => expect(isSafePopupHref(href)).toBe(false));
});
