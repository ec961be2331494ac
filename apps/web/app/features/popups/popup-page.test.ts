import { describe, expect, it } from "vitest";
import { categoryOfPath, isCategoryPath } from "./popup-page.ts";

const taxonomy = {
  categories: [
    { id: 1, name: "Men" },
    { id: 2, name: "Home & Living" },
  ],
  subCategories: [{ id: 10, categoryId: 2, name: "Kitchen" }],
  subSubCategories: [{ id: 100, subCategoryId: 10, name: "Mugs" }],
} as unknown as Parameters<typeof categoryOfPath>[1];

describe("categoryOfPath", () => {
  it("finds the category of its page (any case) and of its product lists", () => {
    expect(categoryOfPath("/categories/men", taxonomy)).toBe(1);
    expect(categoryOfPath(`/categories/${encodeURIComponent("Home & Living")}`, taxonomy)).toBe(2);
    expect(categoryOfPath("/products/100", taxonomy)).toBe(2);
  });

  it("knows no category for other pages", () => {
    expect(categoryOfPath("/", taxonomy)).toBeUndefined();
    expect(categoryOfPath("/products/details/5", taxonomy)).toBeUndefined();
    expect(categoryOfPath("/products/999", taxonomy)).toBeUndefined();
    expect(categoryOfPath("/categories/Nobody", taxonomy)).toBeUndefined();
    expect(categoryOfPath("/categories/%E0%A4%A", taxonomy)).toBeUndefined();
  });

  it("tells which paths need the taxonomy: a category's page and a product list", () => {
    expect(["/categories/Men", "/categories/Men/", "/products/100"].map(isCategoryPath)).toEqual([true, true, true]);
    expect(["/", "/products/details/5", "/search-product", "/categories/a/b"].map(isCategoryPath)).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });
});
