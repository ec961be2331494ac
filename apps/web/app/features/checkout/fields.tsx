/** Labelled storefront inputs for checkout, with the error tied to the input. */
import { type ComponentProps, useId } from "react";

export const inputClass =
  "w-full rounded-lg border border-stone-400 bg-white px-3 py-2.5 text-base outline-none focus-visible:border-ink aria-[invalid=true]:border-red-700";

export function TextField({
  label,
  error,
  hint,
  className,
  ...input
}: ComponentProps<"input"> & { label: string; error?: string | undefined; hint?: string }) {
  const id = useId();
  const describedBy = [error ? `${id}-error` : "", hint ? `${id}-hint` : ""].filter(Boolean).join(" ") || undefined;
  return (
    <div className={`grid content-start gap-1.5 ${className ?? ""}`}>
      <label htmlFor={id} className="font-medium text-sm">
        {label}
      </label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={inputClass}
        {...input}
      />
      {hint && !error ? (
        <p id={`${id}-hint`} className="text-muted text-xs">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-red-700 text-sm">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function Section(props: { title: string; children: React.ReactNode }) {
  return (
    <section className="rounded-xl border border-stone-200 bg-white p-4 min-[600px]:p-6">
      <h2 className="mb-4 font-semibold text-lg">{props.title}</h2>
      {props.children}
    </section>
  );
}
