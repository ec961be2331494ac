import { describe, expect, it } from "vitest";
import { activeFilterCount, clearFiltersHref, listApiQuery, readListState } from "./list-query.ts";

const state = (qs: string) => readListState(new URLSearchParams(qs));

describe("a product list's URL", () => {
  it("keeps sizes and colors given as repeated or comma-separated ids", () => {
    expect(state("sizes=3&sizes=1,2&colors=5").sizes).toEqual([3, 1, 2]);
    expect(listApiQuery(state("sizes=3&sizes=1"), "USD").sizes).toBe("3,1");
  });

  it("turns typed prices into minor units and swaps a reversed range", () => {
    expect(listApiQuery(state("minPrice=20&maxPrice=59.5"), "USD")).toMatchObject({ priceMin: 2000, priceMax: 5950 });
    expect(listApiQuery(state("minPrice=80&maxPrice=20"), "USD")).toMatchObject({ priceMin: 2000, priceMax: 8000 });
  });

  it("drops what it cannot read instead of failing the page", () => {
    const parsed = state("page=-4&sort=cheapest&sizes=x,0&minPrice=-5&seriesId=abc");
    expect(parsed).toMatchObject({ page: 1, sort: "newest", sizes: [], minPrice: "", seriesId: undefined });
    expect(state("page=99999999").page).toBe(10_000);
  });

  it("counts the filters that are on", () => {
    expect(activeFilterCount(state("sizes=1,2&inStock=true&minPrice=10&sort=popular"))).toBe(4);
    expect(activeFilterCount(state("sort=popular&page=2"))).toBe(0);
  });

  it("reads a page's own sorts (the search page: relevance first) and drops the others", () => {
    const sorting = {
      sorts: ["relevance", "newest", "price-asc", "price-desc"] as const,
      fallback: "relevance" as const,
    };
    expect(readListState(new URLSearchParams("sort=price-asc"), sorting).sort).toBe("price-asc");
    expect(readListState(new URLSearchParams("sort=popular"), sorting).sort).toBe("relevance");
    expect(readListState(new URLSearchParams(""), sorting).sort).toBe("relevance");
  });

  it("clears the filters but keeps the page's own values (gender, search)", () => {
    expect(clearFiltersHref("/products/4", { gender: "men" })).toBe("/products/4?gender=men");
    expect(clearFiltersHref("/search-product", { search: "tee & mug" })).toBe("/search-product?search=tee+%26+mug");
    expect(clearFiltersHref("/categories/Mugs", {})).toBe("/categories/Mugs");
  });
});
