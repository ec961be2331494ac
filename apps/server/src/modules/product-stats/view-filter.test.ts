import { describe, expect, it } from "vitest";
import { type AnsweredRequest, viewedProductId } from "./view-filter.ts";

const person = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";
const answer = (overrides: Partial<AnsweredRequest> = {}): AnsweredRequest => ({
  method: "GET",
  url: "/products/details/42",
  statusCode: 200,
  headers: { "user-agent": person },
  ...overrides,
});

describe("a product page view", () => {
  it("counts a person opening the product page, or navigating to it in the app", () => {
    expect(viewedProductId(answer())).toBe(42);
    expect(viewedProductId(answer({ url: "/products/details/42?color=red" }))).toBe(42);
    expect(viewedProductId(answer({ url: "/products/details/42.data" }))).toBe(42);
    expect(viewedProductId(answer({ url: "/products/details/42.data?_routes=routes%2Fproduct" }))).toBe(42);
    expect(viewedProductId(answer({ url: "/products/details/42/" }))).toBe(42);
  });

  it("does not count other pages, other methods, or answers that were not 200", () => {
    expect(viewedProductId(answer({ url: "/products/42" }))).toBeNull();
    expect(viewedProductId(answer({ url: "/products/details/abc" }))).toBeNull();
    expect(viewedProductId(answer({ url: "/products/details/42/reviews" }))).toBeNull();
    expect(viewedProductId(answer({ url: "/products/details/0" }))).toBeNull();
    expect(viewedProductId(answer({ url: "/products/details/99999999999" }))).toBeNull();
    expect(viewedProductId(answer({ url: "/api/products/42" }))).toBeNull();
    expect(viewedProductId(answer({ method: "HEAD" }))).toBeNull();
    expect(viewedProductId(answer({ method: "POST" }))).toBeNull();
    expect(viewedProductId(answer({ statusCode: 404 }))).toBeNull();
    expect(viewedProductId(answer({ statusCode: 304 }))).toBeNull();
  });

  it("does not count crawlers or the browser prefetching a page nobody has opened yet", () => {
    const googlebot = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
    expect(viewedProductId(answer({ headers: { "user-agent": googlebot } }))).toBeNull();
    expect(viewedProductId(answer({ headers: { "user-agent": "curl/8.5.0" } }))).toBeNull();
    expect(viewedProductId(answer({ headers: { "user-agent": person, "sec-purpose": "prefetch" } }))).toBeNull();
    expect(
      viewedProductId(answer({ headers: { "user-agent": person, "sec-purpose": "prefetch;prerender" } })),
    ).toBeNull();
    expect(viewedProductId(answer({ headers: { "user-agent": person, purpose: "prefetch" } }))).toBeNull();
  });
});
