/**
 * A new password (sign-up, reset) with the policy as a live checklist under it: each
 * rule met or not yet, shown by an icon shape and by text (never colour alone). The
 * rules' labels come from the server's identity config; `passwordProblems` is the same
 * check the server runs, so the form refuses what the server would.
 */
import { passwordProblemMessage, passwordProblems } from "@atelier/contract/constants";
import { CircleCheck, CircleDashed } from "lucide-react";
import { useId } from "react";
import { Field, type FieldProps } from "./field.tsx";

export interface PasswordRule {
  id: string;
  label: string;
}

export function PasswordChecklist(props: {
  id: string;
  password: string;
  email?: string | undefined;
  rules: readonly PasswordRule[];
}) {
  const problems = new Set<string>(passwordProblems(props.password, { email: props.email }));
  // An empty box meets nothing yet: ticking "not your email" before any typing misleads.
  const items = props.rules.map((rule) => ({ ...rule, met: props.password !== "" && !problems.has(rule.id) }));
  const metCount = items.filter((item) => item.met).length;
  return (
    <div id={props.id} className="rounded-lg bg-stone-50 px-3 py-2.5">
      <p className="font-medium text-muted text-xs uppercase tracking-wider">Your password needs</p>
      <ul className="mt-1.5 grid gap-1 text-sm" data-testid="password-checklist">
        {items.map((item) => (
          <li
            key={item.id}
            data-met={item.met}
            className={`flex items-start gap-2 ${item.met ? "text-green-800" : "text-muted"}`}
          >
            {item.met ? (
              <CircleCheck aria-hidden className="mt-0.5 size-4 shrink-0" />
            ) : (
              <CircleDashed aria-hidden className="mt-0.5 size-4 shrink-0" />
            )}
            <span>
              {item.label}
              <span className="sr-only">{item.met ? ": met" : ": not met yet"}</span>
            </span>
          </li>
        ))}
      </ul>
      <p aria-live="polite" className="sr-only">
        {`${metCount} of ${items.length} password requirements met`}
      </p>
    </div>
  );
}

/** The react-hook-form rule for a new password; `email` is read at validation time. */
export function newPasswordRules(email: () => string | undefined = () => undefined) {
  return {
    validate: (value: string) => passwordProblemMessage(passwordProblems(value, { email: email() })) ?? true,
  };
}

export function NewPasswordField({
  rules,
  password,
  email,
  ...input
}: Omit<FieldProps, "type" | "autoComplete" | "describedBy"> & {
  rules: readonly PasswordRule[];
  /** The value typed so far (react-hook-form's `watch`), for the checklist. */
  password: string;
  email?: string | undefined;
}) {
  const checklistId = useId();
  return (
    <>
      <Field type="password" autoComplete="new-password" describedBy={checklistId} {...input} />
      <PasswordChecklist id={checklistId} password={password} email={email} rules={rules} />
    </>
  );
}
