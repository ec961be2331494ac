/** A labelled search box with its magnifier, for the admin's lists and pickers. */
import { Search } from "lucide-react";
import type { ComponentProps } from "react";
import { TextInput } from "./fields.tsx";

export function SearchInput({
  id,
  label,
  visibleLabel = false,
  ...input
}: Omit<ComponentProps<"input">, "type" | "id"> & { id: string; label: string; visibleLabel?: boolean }) {
  return (
    <div>
      <label htmlFor={id} className={visibleLabel ? "mb-1.5 block font-medium text-sm" : "sr-only"}>
        {label}
      </label>
      <div className="relative">
        <Search aria-hidden className="pointer-events-none absolute top-2.5 left-3 size-4 text-stone-500" />
        <TextInput id={id} type="search" autoComplete="off" {...input} className="pl-9" />
      </div>
    </div>
  );
}
