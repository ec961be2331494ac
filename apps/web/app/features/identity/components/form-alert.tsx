/**
 * A message above a form: an error (role=alert, announced at once) or a confirmation.
 * One that answers a submit takes the focus (`takeFocus`): the submit button was
 * disabled while waiting, which drops the focus to the page, and the alert's actions
 * ("Reset your password", "Send the link again") are then the next stop for the keyboard.
 */
import { AlertTriangle, MailCheck } from "lucide-react";
import { type ReactNode, useEffect, useRef } from "react";

export function FormAlert(props: {
  tone: "error" | "success";
  title?: string | undefined;
  takeFocus?: boolean | undefined;
  children: ReactNode;
}) {
  const error = props.tone === "error";
  const Icon = error ? AlertTriangle : MailCheck;
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (props.takeFocus) ref.current?.focus();
  }, [props.takeFocus]);
  return (
    <div
      ref={ref}
      role={error ? "alert" : "status"}
      tabIndex={props.takeFocus ? -1 : undefined}
      className={`flex gap-3 rounded-lg border p-3 text-sm outline-none ${
        error ? "border-red-200 bg-red-50 text-red-900" : "border-green-200 bg-green-50 text-green-900"
      }`}
    >
      <Icon aria-hidden className="mt-0.5 size-4 shrink-0" />
      <div className="grid gap-1">
        {props.title && <p className="font-semibold">{props.title}</p>}
        {props.children}
      </div>
    </div>
  );
}

export const submitClass =
  "inline-flex w-full items-center justify-center gap-2 rounded-full bg-ink px-6 py-3 font-semibold text-sm text-white hover:bg-stone-700 disabled:cursor-not-allowed disabled:opacity-60";

export const linkButtonClass = "font-medium text-brand text-sm underline-offset-2 hover:underline";
