/**
 * Labelled storefront inputs (account, orders, contact): the error and hint are tied to
 * the input with aria-describedby, and an invalid input says so with aria-invalid.
 */
import { type ComponentProps, forwardRef, useId } from "react";

export const fieldClass =
  "w-full rounded-lg border border-stone-400 bg-white px-3 py-2.5 text-base outline-none focus-visible:border-ink aria-[invalid=true]:border-red-700";

interface Labelled {
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
  className?: string | undefined;
}

function Frame(props: Labelled & { id: string; children: React.ReactNode }) {
  return (
    <div className={`grid content-start gap-1.5 ${props.className ?? ""}`}>
      <label htmlFor={props.id} className="font-medium text-sm">
        {props.label}
      </label>
      {props.children}
      {props.hint && !props.error ? (
        <p id={`${props.id}-hint`} className="text-muted text-xs">
          {props.hint}
        </p>
      ) : null}
      {props.error ? (
        <p id={`${props.id}-error`} className="text-red-700 text-sm">
          {props.error}
        </p>
      ) : null}
    </div>
  );
}

const describedBy = (id: string, { error, hint }: Labelled) =>
  [error ? `${id}-error` : "", hint && !error ? `${id}-hint` : ""].filter(Boolean).join(" ") || undefined;

export const InputField = forwardRef<HTMLInputElement, Omit<ComponentProps<"input">, "className"> & Labelled>(
  function InputField({ label, error, hint, className, ...input }, ref) {
    const id = useId();
    return (
      <Frame id={id} label={label} error={error} hint={hint} className={className}>
        <input
          ref={ref}
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, { label, error, hint })}
          className={fieldClass}
          {...input}
        />
      </Frame>
    );
  },
);

export const TextAreaField = forwardRef<HTMLTextAreaElement, Omit<ComponentProps<"textarea">, "className"> & Labelled>(
  function TextAreaField({ label, error, hint, className, ...input }, ref) {
    const id = useId();
    return (
      <Frame id={id} label={label} error={error} hint={hint} className={className}>
        <textarea
          ref={ref}
          id={id}
          rows={4}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, { label, error, hint })}
          className={fieldClass}
          {...input}
        />
      </Frame>
    );
  },
);

/** Storefront buttons: one primary look, one quiet look. */
export const primaryButton =
  "inline-flex items-center justify-center gap-2 rounded-lg bg-ink px-4 py-2.5 font-medium text-sm text-white hover:bg-stone-700 disabled:cursor-not-allowed disabled:bg-stone-400";
export const secondaryButton =
  "inline-flex items-center justify-center gap-2 rounded-lg border border-stone-400 bg-white px-4 py-2.5 font-medium text-sm text-ink hover:bg-stone-50 disabled:cursor-not-allowed disabled:text-stone-500";

/** Pulsing placeholders while a browser-side query loads. */
export function Skeleton({ label, className = "h-40" }: { label: string; className?: string }) {
  return (
    <div
      role="status"
      aria-busy="true"
      aria-label={label}
      className={`animate-pulse rounded-xl bg-stone-200 ${className}`}
    />
  );
}
