/**
 * Form fields of the back office: a visible label, the control, then its hint or error.
 * The field hands its control the id and the aria attributes that tie the hint and the
 * error to it, so no form wires them by hand.
 */
import type { ComponentProps, ReactNode } from "react";

const controlClass =
  "block w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-sm shadow-xs placeholder:text-stone-500 focus:border-ink focus:outline-none focus-visible:outline-2 focus-visible:outline-offset-0 aria-[invalid=true]:border-red-700";

export interface ControlProps {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
}

export function Field(props: {
  id: string;
  label: string;
  hint?: string;
  error?: string | undefined;
  children: (control: ControlProps) => ReactNode;
}) {
  const hintId = props.hint && !props.error ? `${props.id}-hint` : undefined;
  const errorId = props.error ? `${props.id}-error` : undefined;
  return (
    <div className="space-y-1.5">
      <label htmlFor={props.id} className="block font-medium text-sm">
        {props.label}
      </label>
      {props.children({
        id: props.id,
        "aria-invalid": props.error ? true : undefined,
        "aria-describedby": errorId ?? hintId,
      })}
      {hintId ? (
        <p id={hintId} className="text-muted text-xs">
          {props.hint}
        </p>
      ) : null}
      {errorId ? (
        <p id={errorId} className="text-red-700 text-xs" role="alert">
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
