/**
 * Atelier's password policy (ADR 0022, ASVS 5.0 L2): at least 8 characters, not a
 * common or breached password, not the person's email, and hard to guess by zxcvbn-ts
 * (score `passwordMinScore` or more, with the person's email, name and the store's name
 * as context; see password-strength.ts). No composition rules. Checked by the server on
 * every password it stores and, with the same functions, in the form as the person
 * types. Zod-free and free of the zxcvbn dictionaries (loaded lazily) so the storefront
 * bundle can carry it.
 */
import { commonPasswords } from "./common-passwords.ts";

export const passwordPolicy = { minLength: 8, maxLength: 128 } as const;

/** zxcvbn's score (0–4) a password must reach: 3 = about 10^8 guesses or more (ADR 0022). */
export const passwordMinScore = 3;

/** Account fields the server accepts (254 = the longest address SMTP can carry). */
export const accountLimits = { emailMaxLength: 254, nameMaxLength: 100 } as const;

export const passwordRules = [
  { id: "min-length", label: `At least ${passwordPolicy.minLength} characters` },
  { id: "max-length", label: `At most ${passwordPolicy.maxLength} characters` },
  { id: "not-common", label: "Not one of the most common passwords" },
  { id: "not-email", label: "Not your email address" },
  { id: "hard-to-guess", label: "Hard to guess: no names, dates, words or patterns alone" },
] as const;

export type PasswordRuleId = (typeof passwordRules)[number]["id"];

const common = new Set(commonPasswords);

/** The rules a password breaks (empty when it is acceptable). */
export function passwordProblems(
  password: string,
  context: {
    email?: string | undefined;
    /** zxcvbn's score for this password (password-strength.ts); unknown: not judged. */
    score?: number | undefined;
  } = {},
): PasswordRuleId[] {
  const problems: PasswordRuleId[] = [];
  const length = [...password].length;
  if (length < passwordPolicy.minLength) problems.push("min-length");
  if (length > passwordPolicy.maxLength) problems.push("max-length");
  if (common.has(password.toLowerCase())) problems.push("not-common");
  const email = context.email?.trim().toLowerCase();
  if (email) {
    const lower = password.trim().toLowerCase();
    const localPart = email.split("@")[0] ?? "";
    if (lower === email || (localPart.length >= 3 && lower === localPart)) problems.push("not-email");
  }
  if (context.score !== undefined && context.score < passwordMinScore) problems.push("hard-to-guess");
  return problems;
}

/** One sentence for the first rule broken; `feedback` is zxcvbn's, for "hard-to-guess". */
export function passwordProblemMessage(
  problems: readonly PasswordRuleId[],
  feedback: { warning?: string | null | undefined; suggestions?: readonly string[] } = {},
): string | undefined {
  const first = problems[0];
  if (!first) return undefined;
  const messages: Record<PasswordRuleId, string> = {
    "min-length": `The password must have at least ${passwordPolicy.minLength} characters.`,
    "max-length": `The password must have at most ${passwordPolicy.maxLength} characters.`,
    "not-common": "This password is too common; choose one that is harder to guess.",
    "not-email": "The password must not be your email address.",
    "hard-to-guess": "This password is too easy to guess.",
  };
  if (first === "hard-to-guess") {
    const advice = [feedback.warning, ...(feedback.suggestions ?? [])].filter((line): line is string => !!line);
    return [messages[first], ...advice].join(" ");
  }
  return messages[first];
}
