/**
 * Atelier's password policy (the spec leaves the values to us): checked by the server
 * on every password it stores and, with the same function, in the form as the person
 * types. Zod-free so the storefront bundle can carry it.
 */
import { commonPasswords } from "./common-passwords.ts";

export const passwordPolicy = { minLength: 8, maxLength: 128 } as const;

/** Account fields the server accepts (254 = the longest address SMTP can carry). */
export const accountLimits = { emailMaxLength: 254, nameMaxLength: 100 } as const;

export const passwordRules = [
  { id: "min-length", label: `At least ${passwordPolicy.minLength} characters` },
  { id: "max-length", label: `At most ${passwordPolicy.maxLength} characters` },
  { id: "not-common", label: "Not one of the most common passwords" },
  { id: "not-email", label: "Not your email address" },
] as const;

export type PasswordRuleId = (typeof passwordRules)[number]["id"];

const common = new Set(commonPasswords);

/** The rules a password breaks (empty when it is acceptable). */
export function passwordProblems(password: string, context: { email?: string | undefined } = {}): PasswordRuleId[] {
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
  return problems;
}

export function passwordProblemMessage(problems: readonly PasswordRuleId[]): string | undefined {
  const first = problems[0];
  if (!first) return undefined;
  const messages: Record<PasswordRuleId, string> = {
    "min-length": `The password must have at least ${passwordPolicy.minLength} characters.`,
    "max-length": `The password must have at most ${passwordPolicy.maxLength} characters.`,
    "not-common": "This password is too common; choose one that is harder to guess.",
    "not-email": "The password must not be your email address.",
  };
  return messages[first];
}
