/**
 * What a failed identity call means to the person at the form. The server answers
 * `{ error: { code, message, reason } }` (reason = better-auth's code) and, for lockouts
 * and rate limits, a Retry-After header; this turns that into one kind and one sentence.
 */
export interface AuthFailure {
  ok: false;
  /** HTTP status, 0 when the shop could not be reached. */
  status: number;
  code: string | undefined;
  reason: string | undefined;
  /** The server's message, when it sent one. */
  serverMessage: string | undefined;
  retryAfterSeconds: number | undefined;
}

export type AuthProblemKind =
  | "credentials"
  | "locked"
  | "rate-limited"
  | "banned"
  | "unverified"
  | "password"
  | "invalid-token"
  | "code"
  | "offline"
  | "other";

export interface AuthProblem {
  kind: AuthProblemKind;
  message: string;
  /** Whole minutes until the person may try again (lockouts and rate limits). */
  minutes?: number;
}

export const messages = {
  credentials: "The email or password is incorrect.",
  rateLimited: "Too many attempts. Please wait a moment and try again.",
  banned: "This account is suspended. Contact the shop for help.",
  unverified: "Please confirm your email address first: open the link we emailed you.",
  invalidToken: "This link has expired or was already used.",
  invalidCode: "That code is not right. Enter the current code from your app, or a backup code not used before.",
  challengeExpired: "The sign-in took too long. Enter your email and password again.",
  offline: "We could not reach the shop. Check your connection and try again.",
  other: "Something went wrong. Please try again.",
} as const;

/** Retry-After is either delay-seconds or an HTTP date. */
export function parseRetryAfter(header: string | null, now: number = Date.now()): number | undefined {
  if (!header) return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header.trim());
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.round((at - now) / 1000));
}

export function minutesFrom(seconds: number | undefined): number | undefined {
  return seconds === undefined ? undefined : Math.max(1, Math.ceil(seconds / 60));
}

export function describeAuthFailure(failure: AuthFailure): AuthProblem {
  const minutes = minutesFrom(failure.retryAfterSeconds);
  const withMinutes = minutes === undefined ? {} : { minutes };
  switch (failure.reason) {
    case "INVALID_EMAIL_OR_PASSWORD":
    case "INVALID_EMAIL":
    case "INVALID_PASSWORD":
    case "USER_NOT_FOUND":
      return { kind: "credentials", message: messages.credentials };
    case "ACCOUNT_LOCKED":
      return { kind: "locked", message: failure.serverMessage ?? messages.rateLimited, ...withMinutes };
    case "ACCOUNT_BANNED":
    case "BANNED_USER":
      return { kind: "banned", message: failure.serverMessage ?? messages.banned };
    case "EMAIL_NOT_VERIFIED":
      return { kind: "unverified", message: messages.unverified };
    case "PASSWORD_POLICY":
    case "PASSWORD_TOO_SHORT":
    case "PASSWORD_TOO_LONG":
      return { kind: "password", message: failure.serverMessage ?? messages.other };
    case "INVALID_TOKEN":
      return { kind: "invalid-token", message: messages.invalidToken };
    case "INVALID_CODE":
    case "INVALID_BACKUP_CODE":
    case "OTP_HAS_EXPIRED":
      return { kind: "code", message: messages.invalidCode };
    case "INVALID_TWO_FACTOR_COOKIE":
      return { kind: "other", message: messages.challengeExpired };
  }
  if (failure.status === 0) return { kind: "offline", message: messages.offline };
  if (failure.status === 429) {
    const wait = minutes === undefined ? "" : ` Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
    return { kind: "rate-limited", message: wait ? `Too many attempts.${wait}` : messages.rateLimited, ...withMinutes };
  }
  if (failure.status === 401) return { kind: "credentials", message: messages.credentials };
  if (failure.status >= 500) return { kind: "other", message: messages.other };
  return { kind: "other", message: failure.serverMessage ?? messages.other };
}
