/**
 * A new password (sign-up, reset, change) with the policy as a live checklist under it
 * and a strength meter with zxcvbn's feedback (ADR 0022): each rule met or not yet,
 * shown by an icon shape and by text (never colour alone). The rules' labels come from
 * the server's identity config (or the contract's list); the checks are the functions the
 * server runs, so the form refuses what the server would. zxcvbn and its dictionaries
 * (about 1.5 MB) load only when one of these forms is on screen.
 */
import { passwordProblemMessage, passwordProblems } from "@atelier/contract/constants";
import { CircleCheck, CircleDashed } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { Field, type FieldProps } from "./field.tsx";

export interface PasswordRule {
  id: string;
  label: string;
}

export interface PasswordContext {
  email?: string | undefined;
  name?: string | undefined;
  storeName?: string | undefined;
}

interface Strength {
  score: number;
  warning: string | null;
  suggestions: string[];
}

const strengthModule = () => import("@atelier/contract/password-strength");

/** zxcvbn's verdict on the password typed so far; undefined until the dictionaries load. */
export function usePasswordStrength(password: string, context: PasswordContext): Strength | undefined {
  const [result, setResult] = useState<{ password: string; strength: Strength }>();
  const { email, name, storeName } = context;
  useEffect(() => {
    let current = true;
    if (password === "") return;
    void strengthModule()
      .then((module) => module.passwordStrength(password, { email, name, storeName }))
      .then((strength) => {
        if (current) setResult({ password, strength });
      })
      .catch(() => {});
    return () => {
      current = false;
    };
  }, [password, email, name, storeName]);
  // Start loading the dictionaries as soon as the form shows, not at the first key.
  useEffect(() => {
    void strengthModule()
      .then((module) => module.loadPasswordStrength())
      .catch(() => {});
  }, []);
  return result && result.password === password ? result.strength : undefined;
}

const levels = ["Very weak", "Weak", "Fair", "Strong", "Very strong"] as const;
const barColours = ["bg-red-700", "bg-red-700", "bg-amber-600", "bg-green-700", "bg-green-800"] as const;

export function StrengthMeter(props: { strength: Strength | undefined; password: string }) {
  const { strength, password } = props;
  const labelId = useId();
  if (password === "") return null;
  const score = strength?.score;
  const level = score === undefined ? "Checking…" : levels[score];
  const advice = strength ? [strength.warning, ...strength.suggestions].filter((line): line is string => !!line) : [];
  return (
    <div className="grid gap-1.5" data-testid="password-strength">
      <div className="flex items-baseline justify-between gap-2 text-sm">
        <span id={labelId} className="font-medium">
          Password strength
        </span>
        <span className="text-ink" data-score={score ?? ""}>
          {level}
        </span>
      </div>
      {/* biome-ignore lint/a11y/useSemanticElements: <meter> cannot be drawn as four segments in every browser; role="meter" tells the same */}
      <div
        role="meter"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={4}
        aria-valuenow={score ?? 0}
        aria-valuetext={level}
        className="grid h-2 grid-cols-4 gap-1"
      >
        {[1, 2, 3, 4].map((step) => (
          <span
            key={step}
            className={`rounded-full ${score !== undefined && score >= step ? barColours[score] : "bg-stone-300"}`}
          />
        ))}
      </div>
      {advice.length > 0 && (
        <ul className="grid gap-0.5 text-muted text-sm" data-testid="password-feedback">
          {advice.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function PasswordChecklist(props: {
  id: string;
  password: string;
  email?: string | undefined;
  score?: number | undefined;
  rules: readonly PasswordRule[];
}) {
  const problems = new Set<string>(passwordProblems(props.password, { email: props.email, score: props.score }));
  // An empty box meets nothing yet: ticking "not your email" before any typing misleads,
  // and "hard to guess" waits for zxcvbn's score.
  const items = props.rules.map((rule) => ({
    ...rule,
    met: props.password !== "" && !problems.has(rule.id) && (rule.id !== "hard-to-guess" || props.score !== undefined),
  }));
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

/**
 * The react-hook-form rule for a new password; the context is read at validation time.
 * Async: the strength check waits for zxcvbn (already loading since the form opened).
 */
export function newPasswordRules(context: () => PasswordContext = () => ({})) {
  return {
    validate: async (value: string) => {
      const basic = passwordProblemMessage(passwordProblems(value, { email: context().email }));
      if (basic) return basic;
      try {
        const module = await strengthModule();
        return (await module.newPasswordProblem(value, context())) ?? true;
      } catch {
        // The dictionaries did not load (offline?): the server still checks.
        return true;
      }
    },
  };
}

export function NewPasswordField({
  rules,
  password,
  email,
  personName,
  storeName,
  ...input
}: Omit<FieldProps, "type" | "autoComplete" | "describedBy"> & {
  rules: readonly PasswordRule[];
  /** The value typed so far (react-hook-form's `watch`), for the checklist. */
  password: string;
  email?: string | undefined;
  /** The person's name, as context for zxcvbn (`name` is the input's). */
  personName?: string | undefined;
  storeName?: string | undefined;
}) {
  const checklistId = useId();
  const strength = usePasswordStrength(password, { email, name: personName, storeName });
  return (
    <>
      <Field type="password" autoComplete="new-password" describedBy={checklistId} {...input} />
      <StrengthMeter strength={strength} password={password} />
      <PasswordChecklist id={checklistId} password={password} email={email} score={strength?.score} rules={rules} />
    </>
  );
}
