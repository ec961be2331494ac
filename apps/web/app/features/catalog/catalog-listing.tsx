/**
 * A filtered product list: count, sort, filter panel, cards, crawlable page links and an
 * empty state. Shared by the product list (/products/{id}), the category page and the
 * search results (/search-product), which brings its own sorts, count and name rendering.
 */
import type { ProductListAnswer, ProductSort } from "@atelier/contract";
import { canonicalPageParams, productSorts } from "@atelier/contract/constants";
import { type ReactNode, Suspense } from "react";
import { Form, Link, useLocation, useSubmit } from "react-router";
import { FilterPanel } from "./filter-panel.tsx";
import { activeFilterCount, clearFiltersHref, type ListState } from "./list-query.ts";
import { Pagination } from "./pagination.tsx";
import { type HeadingLevel, ProductGrid } from "./product-card.tsx";

const sortLabels: Record<ProductSort, string> = {
  newest: "Newest",
  popular: "Most popular",
  "price-asc": "Price: low to high",
  "price-desc": "Price: high to low",
  name: "Name",
};

export interface SortOption {
  value: string;
  label: string;
}

const productSortOptions: SortOption[] = productSorts.map((value) => ({ value, label: sortLabels[value] }));

export function CatalogListing({
  list,
  state,
  hidden = {},
  showSeries,
  currency,
  cardHeadingLevel = 2,
  sortOptions = productSortOptions,
  countLabel,
  renderName,
}: {
  list: ProductListAnswer;
  state: ListState<string>;
  hidden?: Record<string, string>;
  showSeries?: boolean;
  currency: string;
  /** 3 when the page has an h2 above the list. */
  cardHeadingLevel?: HeadingLevel;
  sortOptions?: readonly SortOption[];
  /** The count line ("12 products" unless given). */
  countLabel?: string;
  /** How a card shows its product's name (the search page highlights the query). */
  renderName?: (name: string) => ReactNode;
}) {
  const submit = useSubmit();
  const location = useLocation();
  const active = activeFilterCount(state);
  const clearHref = clearFiltersHref(location.pathname, hidden);
  return (
    <div className="grid gap-6 md:grid-cols-[15rem_1fr] lg:grid-cols-[17rem_1fr]">
      <Suspense>
        <aside aria-label="Product filters" className="md:self-start">
          <FilterPanel
            facets={list.facets}
            state={state}
            hidden={hidden}
            activeCount={active}
            showSeries={showSeries}
            currency={currency}
          />
        </aside>
      </Suspense>
      <section aria-label="Products">
        <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
          <p className="text-muted text-sm" data-testid="result-count" aria-live="polite">
            {countLabel ?? (list.total === 1 ? "1 product" : `${list.total} products`)}
          </p>
          <Form
            key={location.search}
            method="get"
            className="flex items-center gap-2"
            onChange={(event) => submit(event.currentTarget, { preventScrollReset: true })}
          >
            {[...canonicalPageParams(location.search)]
              .filter(([name]) => name !== "sort" && name !== "page")
              .map(([name, value]) => (
                <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
              ))}
            <label htmlFor="sort" className="text-muted text-sm">
              Sort by
            </label>
            <select
              id="sort"
              name="sort"
              defaultValue={state.sort}
              className="h-10 rounded-full border border-line bg-white px-3 text-sm"
            >
              {sortOptions.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
            <noscript>
              <button type="submit" className="rounded-full border border-line px-3 py-2 text-sm">
                Sort
              </button>
            </noscript>
          </Form>
        </div>
        {list.items.length > 0 ? (
          <ProductGrid products={list.items} eagerCount={2} headingLevel={cardHeadingLevel} renderName={renderName} />
        ) : (
          <div className="rounded-2xl border border-line border-dashed bg-white p-12 text-center">
            <p className="font-medium">{active > 0 ? "No products match these filters." : "No products here yet."}</p>
            <p className="mt-1 text-muted text-sm">
              {active > 0 ? (
                <Link to={clearHref} className="underline underline-offset-2">
                  Clear filters
                </Link>
              ) : (
                "New pieces arrive every week: have a look at our other categories."
              )}
            </p>
          </div>
        )}
        <Pagination page={list.page} pageCount={list.pageCount} />
      </section>
    </div>
  );
}
