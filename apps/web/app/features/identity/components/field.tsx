/**
 * A labelled input with its error, for the identity forms. Password inputs get a
 * show/hide toggle. `aria-invalid` and `aria-describedby` tie the error to the input.
 * No `maxLength` attribute anywhere: it would cut a paste short without a word, so
 * lengths are rules with a message instead.
 */
import { accountLimits } from "@atelier/contract/constants";
import { AlertCircle, Eye, EyeOff } from "lucide-react";
import { type ComponentProps, type ReactNode, useId, useState } from "react";

export const inputClass =
  "w-full rounded-lg border border-stone-400 bg-white px-3 py-2.5 text-base outline-none focus-visible:border-ink aria-[invalid=true]:border-red-700";

export interface FieldProps extends ComponentProps<"input"> {
  label: string;
  error?: string | undefined;
  /** Ids of further descriptions (e.g. the password checklist). */
  describedBy?: string | undefined;
  /** Shown on the label's line, at the end (e.g. a "Forgot password?" button). */
  aside?: ReactNode;
}

export function Field({ label, error, describedBy, aside, type, ...input }: FieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const [revealed, setRevealed] = useState(false);
  const isPassword = type === "password";
  const describers = [error ? errorId : undefined, describedBy].filter(Boolean).join(" ") || undefined;
  return (
    <div className="grid gap-1.5">
      <div className="flex items-baseline justify-between gap-2">
        <label htmlFor={id} className="font-medium text-sm">
          {label}
        </label>
        {aside}
      </div>
      <div className="relative">
        <input
          id={id}
          type={isPassword && revealed ? "text" : type}
          aria-invalid={error ? true : undefined}
          aria-describedby={describers}
          className={`${inputClass} ${isPassword ? "pr-12" : ""}`}
          {...input}
        />
        {isPassword && (
          <button
            type="button"
            className="absolute inset-y-0 right-0 inline-flex w-11 items-center justify-center rounded-r-lg text-muted hover:text-ink"
            onClick={() => setRevealed((shown) => !shown)}
            aria-label={revealed ? "Hide password" : "Show password"}
            aria-controls={id}
          >
            {revealed ? <EyeOff aria-hidden className="size-5" /> : <Eye aria-hidden className="size-5" />}
          </button>
        )}
      </div>
      {error && (
        <p id={errorId} className="flex items-start gap-1.5 text-red-700 text-sm">
          <AlertCircle aria-hidden className="mt-0.5 size-4 shrink-0" />
          {error}
        </p>
      )}
    </div>
  );
}

/** The longest address mail can be sent to (RFC 5321's 256-character path, less its brackets). */
const EMAIL_MAX_LENGTH = accountLimits.emailMaxLength;

export const emailRules = {
  required: "Enter your email address.",
  maxLength: { value: EMAIL_MAX_LENGTH, message: `An email address has at most ${EMAIL_MAX_LENGTH} characters.` },
  pattern: { value: /^[^\s@]+@[^\s@]+\.[^\s@]+$/, message: "Enter a valid email address, like name@example.com." },
};

/**
 * The email input of every identity form. A `type="email"` input already drops the
 * spaces around a pasted address, and the server ignores case, so neither is an error.
 */
export function EmailField(props: Omit<FieldProps, "label" | "type" | "autoComplete">) {
  return <Field label="Email" type="email" autoComplete="email" {...props} />;
}
