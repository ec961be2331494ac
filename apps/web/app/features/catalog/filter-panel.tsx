/**
 * The list filters: a GET form, so they work without JavaScript and every filtered list
 * is a link. With JavaScript, ticking a box or picking from a list applies at once;
 * typed prices apply on Enter or "Apply". On phones the panel is a disclosure.
 */
import type { ProductFacets } from "@atelier/contract";
import { SlidersHorizontal } from "lucide-react";
import type { FormEvent } from "react";
import { Form, Link, useLocation, useSubmit } from "react-router";
import { bound, CheckRow, Chip, Choice, Group, PriceInput } from "./filter-fields.tsx";
import { clearFiltersHref, type ListState } from "./list-query.ts";

export function FilterPanel({
  facets,
  state,
  hidden = {},
  activeCount,
  showSeries = true,
  currency,
}: {
  facets: ProductFacets;
  state: ListState<string>;
  /** Query values that belong to the page itself (gender, search) and must survive a filter change. */
  hidden?: Record<string, string>;
  activeCount: number;
  showSeries?: boolean;
  currency: string;
}) {
  const submit = useSubmit();
  const location = useLocation();
  const onChange = (event: FormEvent<HTMLFormElement>) => {
    const target = event.target as HTMLInputElement | HTMLSelectElement;
    if (target.type === "number") return;
    submit(event.currentTarget, { preventScrollReset: true });
  };
  const clearHref = clearFiltersHref(location.pathname, hidden);
  return (
    <details className="group rounded-2xl border border-line bg-white md:open:border-line md:[&::details-content]:block md:[&::details-content]:[content-visibility:visible]">
      <summary className="flex cursor-pointer list-none items-center justify-between gap-2 px-4 py-3 font-semibold md:hidden">
        <span className="inline-flex items-center gap-2">
          <SlidersHorizontal aria-hidden className="size-4" /> Filters{activeCount > 0 ? ` (${activeCount})` : ""}
        </span>
        <span aria-hidden className="text-muted text-sm group-open:hidden">
          Show
        </span>
      </summary>
      {/* Keyed by the URL: a link (Clear filters, back) re-reads every default value. */}
      <Form
        key={location.search}
        method="get"
        onChange={onChange}
        aria-label="Filters"
        className="space-y-6 p-4"
        data-testid="filters"
      >
        {Object.entries(hidden).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <input type="hidden" name="sort" value={state.sort} />
        {facets.sizes.length > 0 && (
          <Group legend="Size">
            <div className="flex flex-wrap gap-2">
              {facets.sizes.map((size) => (
                <Chip key={size.id} name="sizes" value={size.id} checked={state.sizes.includes(size.id)}>
                  {size.name} <span className="text-muted">({size.count})</span>
                </Chip>
              ))}
            </div>
          </Group>
        )}
        {facets.colors.length > 0 && (
          <Group legend="Color">
            <ul className="space-y-1">
              {facets.colors.map((color) => (
                <li key={color.id}>
                  <CheckRow name="colors" value={color.id} checked={state.colors.includes(color.id)}>
                    <span
                      aria-hidden
                      className="size-4 rounded-full border border-stone-300"
                      style={{ backgroundColor: color.hex }}
                    />
                    {color.name} <span className="text-muted">({color.count})</span>
                  </CheckRow>
                </li>
              ))}
            </ul>
          </Group>
        )}
        <Group legend="Price">
          <div className="flex items-end gap-2">
            <PriceInput
              name="minPrice"
              label="From"
              value={state.minPrice}
              placeholder={bound(facets.price?.min, currency, Math.floor)}
            />
            <PriceInput
              name="maxPrice"
              label="To"
              value={state.maxPrice}
              placeholder={bound(facets.price?.max, currency, Math.ceil)}
            />
          </div>
        </Group>
        {showSeries && facets.series.length > 0 && (
          <Choice label="Series" name="seriesId" value={state.seriesId} options={facets.series} />
        )}
        {facets.types.length > 0 && (
          <Choice label="Product type" name="productTypeId" value={state.productTypeId} options={facets.types} />
        )}
        <CheckRow name="inStock" value="true" checked={state.inStock}>
          In stock only
        </CheckRow>
        <div className="flex items-center gap-3">
          <button type="submit" className="rounded-full bg-ink px-5 py-2 font-semibold text-sm text-white">
            Apply
          </button>
          {activeCount > 0 && (
            <Link to={clearHref} className="text-sm underline underline-offset-2">
              Clear filters
            </Link>
          )}
        </div>
      </Form>
    </details>
  );
}
