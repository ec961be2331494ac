/**
 * /search-product?search={text}: the search results (spec section 2), server-rendered.
 * The same list as a product list (filters, sort, pages in the URL) with relevance first,
 * the searched words marked in names, and when nothing matches 'No products found', a
 * "did you mean" and popular products. A failed search is logged and shows as an empty
 * result (spec section 8). Results pages stay out of search engines (noindex).
 */
import { catalogEndpoints, type SearchResultsAnswer, type SearchSort, searchEndpoints } from "@atelier/contract";
import { searchSorts } from "@atelier/contract/constants";
import { Link, useNavigation } from "react-router";
import { CatalogListing, type SortOption } from "../features/catalog/catalog-listing.tsx";
import { activeFilterCount, listApiQuery, readListState } from "../features/catalog/list-query.ts";
import { ProductGrid } from "../features/catalog/product-card.tsx";
import { HighlightedName } from "../features/search/highlighted-name.tsx";
import { apiFrom } from "../lib/api.ts";
import { canonicalUrl, storefrontMeta } from "../lib/meta.ts";
import { paths } from "../lib/paths.ts";
import type { Route } from "./+types/search-results";

const sortLabels: Record<SearchSort, string> = {
  relevance: "Relevance",
  newest: "Newest",
  "price-asc": "Price: low to high",
  "price-desc": "Price: high to low",
};
const sortOptions: SortOption[] = searchSorts.map((value) => ({ value, label: sortLabels[value] }));

const emptyAnswer = (query: string): SearchResultsAnswer => ({
  items: [],
  page: 1,
  pageSize: 24,
  total: 0,
  pageCount: 0,
  facets: { sizes: [], colors: [], series: [], types: [], price: null },
  query,
  terms: [],
  didYouMean: null,
  popular: [],
});

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const text = (url.searchParams.get("search") ?? "").trim();
  const state = readListState(url.searchParams, { sorts: searchSorts, fallback: "relevance" });
  const canonical = canonicalUrl(request.url, ["search", "page"]);
  if (text === "") return { text, state, answer: null, currency: "", canonical };
  const api = apiFrom(context);
  const settings = await api.get(catalogEndpoints.store);
  let answer: SearchResultsAnswer;
  try {
    answer = await api.get(searchEndpoints.results, {
      query: { ...listApiQuery(state, settings.currency), search: text, pageSize: 24 },
    });
  } catch (error) {
    console.error("Search failed", error);
    answer = emptyAnswer(text);
  }
  return { text, state, answer, currency: settings.currency, canonical };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  storefrontMeta(matches, {
    heading: loaderData?.text ? `Search: ${loaderData.text}` : "Search",
    canonical: loaderData?.canonical,
    description: loaderData?.answer
      ? `${loaderData.answer.total} products matching “${loaderData.text}” at Atelier.`
      : "Search the Atelier shop.",
    noindex: true,
  });

export default function SearchResults({ loaderData }: Route.ComponentProps) {
  const { text, state, answer, currency } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === "loading" && navigation.location.pathname === "/search-product";
  if (answer === null) {
    return (
      <div className="mx-auto max-w-screen-xl px-4 py-16 text-center">
        <h1 className="font-bold text-3xl tracking-tight">Search the shop</h1>
        <p className="mt-3 text-muted">
          Type what you are looking for in the search box: a product, a series or a category.
        </p>
      </div>
    );
  }
  const count = answer.total === 1 ? "1 result" : `${answer.total} results`;
  const renderName = (name: string) => <HighlightedName name={name} terms={answer.terms} />;
  const nothing = answer.total === 0 && activeFilterCount(state) === 0;
  return (
    <div className="mx-auto max-w-screen-xl px-4 py-8" aria-busy={busy}>
      <h1 className="mb-6 font-bold text-2xl tracking-tight sm:text-3xl">
        Results for “<span className="break-words">{answer.query || text}</span>”
      </h1>
      {busy && (
        <p role="status" className="sr-only">
          Loading results…
        </p>
      )}
      <div className={busy ? "opacity-60 transition-opacity" : "transition-opacity"} data-testid="search-results">
        {nothing ? (
          <NoResults answer={answer} text={text} />
        ) : (
          <CatalogListing
            list={answer}
            state={state}
            hidden={{ search: text }}
            currency={currency}
            sortOptions={sortOptions}
            countLabel={`${count} for “${answer.query || text}”`}
            renderName={renderName}
          />
        )}
      </div>
    </div>
  );
}

function NoResults({ answer, text }: { answer: SearchResultsAnswer; text: string }) {
  return (
    <div>
      <div className="rounded-2xl border border-line border-dashed bg-white p-10 text-center">
        <p className="font-medium text-lg" data-testid="result-count">
          No products found
        </p>
        {answer.didYouMean ? (
          <p className="mt-2 text-muted">
            Did you mean{" "}
            <Link to={paths.search(answer.didYouMean)} className="font-medium text-ink underline underline-offset-2">
              {answer.didYouMean}
            </Link>
            ?
          </p>
        ) : (
          <p className="mt-2 text-muted">
            Nothing matches “{text}”. Check the spelling or try a shorter word, like “hoodie” or “mug”.
          </p>
        )}
      </div>
      {answer.popular.length > 0 && (
        <section aria-labelledby="popular-heading" className="mt-12">
          <h2 id="popular-heading" className="mb-6 font-semibold text-xl">
            Popular right now
          </h2>
          <ProductGrid products={answer.popular} headingLevel={3} />
        </section>
      )}
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "../features/layout/route-error-boundary.tsx";
