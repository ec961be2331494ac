/** The filter panel's fields: option chips, check rows, price inputs and choice lists. */
import type { ReactNode } from "react";
import { minorToDecimal } from "../../lib/pricing.ts";

export function Group({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset>
      <legend className="mb-2 font-semibold text-sm">{legend}</legend>
      {children}
    </fieldset>
  );
}

export function Chip({
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

export function CheckRow({
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
export const bound = (minor: number | undefined, currency: string, round: (n: number) => number) =>
  minor === undefined ? "" : String(round(Number(minorToDecimal(minor, currency))));

export function PriceInput({
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

export function Choice({
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
