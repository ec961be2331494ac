import { describe, expect, it } from "vitest";
import { defaultProductQuery, filterOf, productParamsFor, productQueryFrom } from "./list-query.ts";

describe("the all-products table's address", () => {
  it("keeps the search, filters, sort and page, and reads them back", () => {
    const query = {
      ...defaultProductQuery,
      search: "hoodie",
      categoryId: 3,
      published: "false" as const,
      stock: "low" as const,
      sort: "price-asc" as const,
      page: 2,
    };
    const params = productParamsFor(query);
    expect(params.toString()).toBe("q=hoodie&category=3&published=false&stock=low&sort=price-asc&page=2");
    expect(productQueryFrom(params)).toEqual(query);
  });

  it("drops a bad value without losing the others", () => {
    const query = productQueryFrom(new URLSearchParams("q=cap&stock=plenty&page=-4&category=abc"));
    expect(query).toEqual({ ...defaultProductQuery, search: "cap" });
  });

  it("exports the same rows as the table shows, on every page", () => {
    expect(filterOf({ ...defaultProductQuery, search: "cap", page: 3 })).toEqual({ search: "cap" });
  });
});
