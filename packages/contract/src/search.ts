/**
 * Product search (spec sections 3, 4, 5, 7, 8 and 9). The header's suggestion box calls
 * search-bar-products, the mobile search calls search-products; both answer the spec's
 * `{ id, productId, name, filename }` list. `id` is the search document's own id (one per
 * product, kept by the database); `productId` is the product, and every link built from a
 * suggestion uses `productId` (`/products/details/{productId}`), never `id`.
 *
 * The results page (/search-product?search=…) reads `searchEndpoints.results`: the same
 * filters, facets and pages as a product list, ranked by relevance by default, with a
 * "did you mean" and popular products when nothing matches.
 */
import { z } from "zod";
import { apiPaths } from "./api-paths.ts";
import { ProductCard, ProductListAnswer, ProductListFields, priceRangeRule } from "./catalog-products.ts";
import { Id, ImageFilename } from "./common.ts";
import { searchLimits, searchSorts } from "./constants.ts";
import { defineEndpoint } from "./endpoint.ts";

/**
 * Search text as a shopper typed it. Never rejected for its content or length: text past
 * `searchLimits.maxQueryChars` is cut (spec section 8: a search never answers an error
 * message), and an empty or whitespace-only text answers an empty list.
 */
export const SearchText = z
  .string()
  .default("")
  .transform((text) => text.slice(0, searchLimits.maxQueryChars));

export const SearchSuggestionQuery = z.object({ q: SearchText });
export type SearchSuggestionQuery = z.input<typeof SearchSuggestionQuery>;

export const SearchSuggestion = z
  .object({
    id: Id,
    productId: Id,
    name: z.string(),
    filename: ImageFilename.nullable(),
  })
  .meta({ id: "SearchSuggestion" });
export type SearchSuggestion = z.infer<typeof SearchSuggestion>;

export const SearchSort = z.enum(searchSorts, { error: `must be one of ${searchSorts.join(", ")}` });
export type SearchSort = z.infer<typeof SearchSort>;

/** The results page's query: a product list's filters and pages, plus the text and its sorts. */
export const SearchResultsQuery = priceRangeRule(
  ProductListFields.extend({ search: SearchText, sort: SearchSort.default("relevance") }),
);
export type SearchResultsQuery = z.input<typeof SearchResultsQuery>;

export const SearchResultsAnswer = ProductListAnswer.extend({
  /** The text as searched: trimmed, cut to length. */
  query: z.string(),
  /** The words the query matched on, normalised (lower case, no accents), for highlighting. */
  terms: z.array(z.string()),
  /** A close spelling that would find products, when this text finds none. */
  didYouMean: z.string().nullable(),
  /** Popular products to offer when nothing matches (empty otherwise). */
  popular: z.array(ProductCard),
}).meta({ id: "SearchResultsAnswer" });
export type SearchResultsAnswer = z.infer<typeof SearchResultsAnswer>;

export const searchEndpoints = {
  searchBarProducts: defineEndpoint({
    method: "GET",
    path: apiPaths.searchBarProducts,
    summary:
      "Suggestions for the desktop header's search box (debounced 300 ms): published products matching the text, typo-tolerant and by prefix; links use productId",
    tags: ["search"],
    query: SearchSuggestionQuery,
    response: z.array(SearchSuggestion),
  }),
  searchProducts: defineEndpoint({
    method: "GET",
    path: apiPaths.searchProducts,
    summary: "Suggestions for the mobile search: same engine and shape as search-bar-products",
    tags: ["search"],
    query: SearchSuggestionQuery,
    response: z.array(SearchSuggestion),
  }),
  results: defineEndpoint({
    method: "GET",
    path: apiPaths.searchResults,
    summary:
      "The search results page: published products matching the text, filtered, sorted and paginated, with facets, a did-you-mean and popular products when nothing matches",
    tags: ["search"],
    query: SearchResultsQuery,
    response: SearchResultsAnswer,
  }),
};
