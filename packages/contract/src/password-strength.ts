/**
 * How guessable a password is, by zxcvbn-ts (ADR 0022): pattern matching over common
 * passwords, names, English words, keyboard walks, dates, repeats and sequences, with the
 * person's email, name and the store's name as extra words. Its English and common
 * dictionaries are about 1.5 MB, so they load on first use by dynamic import: the server
 * at its first password check, the browser only on the forms that set a password.
 */
import { passwordProblemMessage, passwordProblems } from "./password-policy.ts";

export interface PasswordContext {
  email?: string | undefined;
  name?: string | undefined;
  storeName?: string | undefined;
}

export interface PasswordStrength {
  /** 0 (too guessable) to 4 (very unguessable). */
  score: number;
  /** zxcvbn's warning, in English, or null. */
  warning: string | null;
  suggestions: string[];
}

type Check = (password: string, userInputs: string[]) => PasswordStrength;

let loaded: Promise<Check> | undefined;

/** Loads zxcvbn and its dictionaries once; later calls share the same promise. */
export function loadPasswordStrength(): Promise<Check> {
  loaded ??= (async (): Promise<Check> => {
    const [core, common, en] = await Promise.all([
      import("@zxcvbn-ts/core"),
      import("@zxcvbn-ts/language-common"),
      import("@zxcvbn-ts/language-en"),
    ]);
    const zxcvbn = new core.ZxcvbnFactory({
      translations: en.translations,
      graphs: common.adjacencyGraphs,
      dictionary: { ...common.dictionary, ...en.dictionary },
    });
    return (password: string, userInputs: string[]) => {
      const result = zxcvbn.check(password, userInputs);
      return { score: result.score, warning: result.feedback.warning, suggestions: [...result.feedback.suggestions] };
    };
  })().catch((error: unknown) => {
    loaded = undefined;
    throw error;
  });
  return loaded;
}

/** The person's and the shop's words zxcvbn should treat as known to an attacker. */
export function passwordUserInputs(context: PasswordContext): string[] {
  const words = new Set<string>();
  const add = (value: string | undefined) => {
    const word = value?.trim().toLowerCase();
    if (word && word.length >= 2) words.add(word);
  };
  const email = context.email?.trim().toLowerCase();
  if (email) {
    add(email);
    const [local, domain] = email.split("@");
    add(local);
    for (const part of (local ?? "").split(/[^a-z0-9]+/)) add(part);
    add(domain?.split(".")[0]);
  }
  for (const value of [context.name, context.storeName]) {
    add(value);
    for (const part of (value ?? "").split(/\s+/)) add(part);
  }
  return [...words];
}

export async function passwordStrength(password: string, context: PasswordContext = {}): Promise<PasswordStrength> {
  const check = await loadPasswordStrength();
  return check(password, passwordUserInputs(context));
}

/**
 * The whole policy: the message for the first rule the password breaks (with zxcvbn's
 * feedback when it is too guessable), or undefined when it is acceptable.
 */
export async function newPasswordProblem(password: string, context: PasswordContext = {}): Promise<string | undefined> {
  const basic = passwordProblems(password, { email: context.email });
  if (basic.length > 0) return passwordProblemMessage(basic);
  const strength = await passwordStrength(password, context);
  return passwordProblemMessage(passwordProblems(password, { email: context.email, score: strength.score }), strength);
}
