/** Search (debounced) and the category, series, type, status and stock filters above the products table. */
import type { ProductFormOptions } from "@atelier/contract";
import { useState } from "react";
import { Select } from "../ui/fields.tsx";
import { SearchInput } from "../ui/search-input.tsx";
import { useDebouncedCallback } from "../use-debounced-value.ts";
import type { ProductListQuery } from "./list-query.ts";

type Change = (changes: Partial<ProductListQuery>) => void;

function FilterSelect(props: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  choices: readonly { value: string; label: string }[];
}) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={props.id} className="text-muted text-xs">
        {props.label}
      </label>
      <Select
        id={props.id}
        value={props.value}
        className="w-full"
        onChange={(event) => props.onChange(event.target.value)}
      >
        {props.choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </Select>
    </div>
  );
}

const idOf = (value: string) => (value === "" ? undefined : Number(value));
const named = (list: readonly { id: number; name: string }[] | undefined, all: string) => [
  { value: "", label: all },
  ...(list ?? []).map((item) => ({ value: String(item.id), label: item.name })),
];

export function ProductsFilters(props: {
  query: ProductListQuery;
  options: ProductFormOptions | undefined;
  onChange: Change;
  showPublished?: boolean;
}) {
  const { query, options, onChange } = props;
  const current = query.search ?? "";
  const [text, setText] = useState(current);
  const [seen, setSeen] = useState(current);
  // Back and Forward change the URL's search: follow it unless it is what is typed already.
  if (current !== seen) {
    setSeen(current);
    if (current !== text.trim()) setText(current);
  }
  const pushSearch = useDebouncedCallback((value: string) => {
    if (value !== current) onChange({ search: value || undefined });
  });

  return (
    // A grid, so the filters line up in even columns at every width instead of wrapping raggedly.
    <div className="grid grid-cols-1 items-end gap-3 border-line border-b px-4 py-3 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-6">
      <div className="sm:col-span-2 lg:col-span-3 2xl:col-span-1">
        <SearchInput
          id="products-search"
          label="Search products"
          placeholder="Search by name, slug or SKU"
          maxLength={200}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            pushSearch(event.target.value.trim());
          }}
        />
      </div>
      <FilterSelect
        id="products-category"
        label="Category"
        value={String(query.categoryId ?? "")}
        onChange={(v) => onChange({ categoryId: idOf(v) })}
        choices={named(options?.categories, "All")}
      />
      <FilterSelect
        id="products-series"
        label="Series"
        value={String(query.seriesId ?? "")}
        onChange={(v) => onChange({ seriesId: idOf(v) })}
        choices={named(options?.series, "All")}
      />
      <FilterSelect
        id="products-type"
        label="Type"
        value={String(query.productTypeId ?? "")}
        onChange={(v) => onChange({ productTypeId: idOf(v) })}
        choices={named(options?.productTypes, "All")}
      />
      {props.showPublished === false ? null : (
        <FilterSelect
          id="products-published"
          label="Status"
          value={query.published ?? ""}
          onChange={(v) => onChange({ published: v === "true" || v === "false" ? v : undefined })}
          choices={[
            { value: "", label: "All" },
            { value: "true", label: "Published" },
            { value: "false", label: "Unpublished" },
          ]}
        />
      )}
      <FilterSelect
        id="products-stock"
        label="Stock"
        value={query.stock ?? ""}
        onChange={(v) => onChange({ stock: v === "in" || v === "low" || v === "out" ? v : undefined })}
        choices={[
          { value: "", label: "All" },
          { value: "in", label: "In stock" },
          { value: "low", label: "Low" },
          { value: "out", label: "Out of stock" },
        ]}
      />
    </div>
  );
}
