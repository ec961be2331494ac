/**
 * What the activity log never stores: values of keys that look like passwords, secrets,
 * tokens, card data or credentials, and card-number-like digit runs inside any text.
 * Keys are split into words (camelCase, snake_case, kebab-case), so `cardHoldMinutes`
 * stays readable while `cardNumber`, `webhook_secret` or `accessToken` are masked.
 */

export const REDACTED = "[redacted]";

const secretWords = new Set([
  "password",
  "passwd",
  "pwd",
  "passphrase",
  "secret",
  "secrets",
  "token",
  "tokens",
  "authorization",
  "cookie",
  "cookies",
  "cvc",
  "cvv",
  "cvc2",
  "pan",
  "apikey",
  "otp",
  "hash",
]);

/** Words after "card" that make the key card data (`cardNumber`, `card_expiry`, `card`). */
const cardWords = new Set(["number", "no", "nr", "num", "expiry", "exp", "expires", "holder", "data", "details"]);

function wordsOf(key: string): string[] {
  return key
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

export function isSecretKey(key: string): boolean {
  const words = wordsOf(key);
  if (words.some((word) => secretWords.has(word))) return true;
  if (words.join("") === "apikey" || (words.includes("api") && words.includes("key"))) return true;
  if (words.includes("private") && words.includes("key")) return true;
  const card = words.indexOf("card");
  if (card === -1) return false;
  // "card" alone is card data; "card" followed by a card detail too; "cardHoldMinutes" is not.
  return words.length === 1 || words.slice(card + 1).some((word) => cardWords.has(word));
}

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

const digitRun = /\d(?:[ -]?\d){12,18}/g;
/**
 * Bearer tokens, Stripe keys and webhook secrets written inside text, and whole admin API
 * tokens (`atl_` and 43 characters; the 12-character prefix the list shows stays readable).
 */
const credentialText = /\b(?:bearer\s+[\w.~+/-]{8,}=*|(?:sk|rk|pk)_(?:live|test)_\w+|whsec_\w+|atl_[\w-]{20,})/gi;

/** Masks card numbers (a 13–19 digit run passing the Luhn check) and credentials in text. */
export function redactText(text: string): string {
  return text
    .replace(digitRun, (run) => (luhn(run.replace(/\D/g, "")) ? REDACTED : run))
    .replace(credentialText, REDACTED);
}

/** A deep copy with secret keys masked and secret-looking text masked; long text is cut. */
export function redact(value: unknown, depth = 0): unknown {
  if (typeof value === "string") {
    const masked = redactText(value);
    return masked.length > 2000 ? `${masked.slice(0, 2000)}…` : masked;
  }
  if (value === null || typeof value !== "object") return value;
  if (value instanceof Date) return value.toISOString();
  if (depth > 8) return "…";
  if (Array.isArray(value)) return value.map((item) => redact(item, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (item === undefined) continue;
    out[key] = isSecretKey(key) ? REDACTED : redact(item, depth + 1);
  }
  return out;
}
