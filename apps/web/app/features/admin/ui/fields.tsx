/** Form fields of the back office: a visible label, the control, then its error. */
import type { ComponentProps, ReactNode } from "react";

export const controlClass =
  "block w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-sm shadow-xs placeholder:text-stone-500 focus:border-ink focus:outline-none focus-visible:outline-2 focus-visible:outline-offset-0 aria-[invalid=true]:border-red-700";

export function Field(props: { id: string; label: string; hint?: string; error?: string; children: ReactNode }) {
  return (
    <div className="space-y-1.5">
      <label htmlFor={props.id} className="block font-medium text-sm">
        {props.label}
      </label>
      {props.children}
      {props.hint && !props.error ? (
        <p id={`${props.id}-hint`} className="text-muted text-xs">
          {props.hint}
        </p>
      ) : null}
      {props.error ? (
        <p id={`${props.id}-error`} className="text-red-700 text-xs" role="alert">
          {props.error}
        </p>
      ) : null}
    </div>
  );
}

export function TextInput(props: ComponentProps<"input">) {
  return <input {...props} className={`${controlClass} ${props.className ?? ""}`} />;
}

export function TextArea(props: ComponentProps<"textarea">) {
  return <textarea {...props} className={`${controlClass} ${props.className ?? ""}`} />;
}

export function Select(props: ComponentProps<"select">) {
  return <select {...props} className={`${controlClass} w-auto pr-8 ${props.className ?? ""}`} />;
}
