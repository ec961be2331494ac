/**
 * The list filters: a GET form, so they work without JavaScript and every filtered list
 * is a link. With JavaScript, ticking a box or picking from a list applies at once;
 * typed prices apply on Enter or "Apply". On phones the panel is a disclosure.
 */
import type { ProductFacets } from "@atelier/contract";
import { SlidersHorizontal } from "lucide-react";
import type { FormEvent, ReactNode } from "react";
import { Form, Link, useLocation, useSubmit } from "react-router";
import { minorToDecimal } from "../../lib/pricing.ts";
import type { ListState } from "./list-query.ts";

export function FilterPanel({
  facets,
  state,
  hidden = {},
  activeCount,
  showSeries = true,
  currency,
}: {
  facets: ProductFacets;
  state: ListState;
  /** Query values that belong to the page itself (gender) and must survive a filter change. */
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
  const clearHref = `${location.pathname}${hidden.gender ? `?gender=${encodeURIComponent(hidden.gender)}` : ""}`;
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

function Group({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset>
      <legend className="mb-2 font-semibold text-sm">{legend}</legend>
      {children}
    </fieldset>
  );
}

function Chip({
  name,
  value,
  checked,
  children,
}: {
  name: string;
  value: number;
  checked: boolean;
  children: ReactNode;
}) {
  return (
    <label className="cursor-pointer">
      <input type="checkbox" name={name} value={value} defaultChecked={checked} className="peer sr-only" />
      <span className="inline-flex h-9 items-center gap-1 rounded-full border border-line px-3 text-sm peer-checked:border-ink peer-checked:bg-ink peer-checked:text-white peer-checked:[&>span]:text-stone-200 peer-focus-visible:outline-2 peer-focus-visible:outline-brand peer-focus-visible:outline-offset-2">
        {children}
      </span>
    </label>
  );
}

function CheckRow({
  name,
  value,
  checked,
  children,
}: {
  name: string;
  value: number | string;
  checked: boolean;
  children: ReactNode;
}) {
  return (
    <label className="flex cursor-pointer items-center gap-2 text-sm">
      <input type="checkbox" name={name} value={value} defaultChecked={checked} className="size-4 accent-ink" />
      {children}
    </label>
  );
}

/** A price bound as whole currency units, for the placeholder ("19" to "120"). */
const bound = (minor: number | undefined, currency: string, round: (n: number) => number) =>
  minor === undefined ? "" : String(round(Number(minorToDecimal(minor, currency))));

function PriceInput({
  name,
  label,
  value,
  placeholder,
}: {
  name: string;
  label: string;
  value: string;
  placeholder: string;
}) {
  return (
    <label className="flex-1 text-muted text-xs">
      {label}
      <input
        type="number"
        name={name}
        min={0}
        step="any"
        inputMode="decimal"
        defaultValue={value}
        placeholder={placeholder}
        className="mt-1 h-10 w-full rounded-lg border border-line px-3 text-ink text-sm"
      />
    </label>
  );
}

function Choice({
  label,
  name,
  value,
  options,
}: {
  label: string;
  name: string;
  value: number | undefined;
  options: { id: number; name: string; count: number }[];
}) {
  return (
    <label className="block font-semibold text-sm">
      {label}
      <select
        name={name}
        defaultValue={value ?? ""}
        className="mt-2 h-10 w-full rounded-lg border border-line bg-white px-3 font-normal text-sm"
      >
        <option value="">All</option>
        {options.map((option) => (
          <option key={option.id} value={option.id}>
            {option.name} ({option.count})
          </option>
        ))}
      </select>
    </label>
  );
}
