import { describe, expect, it } from "vitest";
import { type AuthFailure, describeAuthFailure, messages, parseRetryAfter } from "./auth-errors.ts";

const failure = (over: Partial<AuthFailure>): AuthFailure => ({
  ok: false,
  status: 400,
  code: undefined,
  reason: undefined,
  serverMessage: undefined,
  retryAfterSeconds: undefined,
  ...over,
});

describe("describeAuthFailure", () => {
  it("gives a wrong password and an unknown email the same message", () => {
    const wrong = failure({
      status: 401,
      reason: "INVALID_EMAIL_OR_PASSWORD",
      serverMessage: "Invalid email or password.",
    });
    expect(describeAuthFailure(wrong)).toEqual({ kind: "credentials", message: messages.credentials });
    expect(describeAuthFailure(failure({ status: 401 })).message).toBe(messages.credentials);
  });

  it("shows a lockout's server message and the minutes from Retry-After", () => {
    const locked = failure({
      status: 429,
      reason: "ACCOUNT_LOCKED",
      serverMessage: "Too many failed sign-ins for this account.",
      retryAfterSeconds: 601,
    });
    expect(describeAuthFailure(locked)).toEqual({
      kind: "locked",
      message: "Too many failed sign-ins for this account.",
      minutes: 11,
    });
  });

  it("tells a rate-limited person to wait", () => {
    expect(describeAuthFailure(failure({ status: 429, code: "rate_limited" }))).toEqual({
      kind: "rate-limited",
      message: messages.rateLimited,
    });
    expect(describeAuthFailure(failure({ status: 429, retryAfterSeconds: 30 })).message).toBe(
      "Too many attempts. Try again in 1 minute.",
    );
  });

  it("recognises banned and unverified accounts, and the password policy", () => {
    expect(describeAuthFailure(failure({ status: 403, reason: "ACCOUNT_BANNED" })).kind).toBe("banned");
    expect(describeAuthFailure(failure({ status: 403, reason: "EMAIL_NOT_VERIFIED" })).kind).toBe("unverified");
    const policy = failure({ reason: "PASSWORD_POLICY", serverMessage: "This password is too common." });
    expect(describeAuthFailure(policy)).toEqual({ kind: "password", message: "This password is too common." });
  });

  it("never shows a server error's text, and says so when the shop is unreachable", () => {
    expect(describeAuthFailure(failure({ status: 500, serverMessage: "stack trace" })).message).toBe(messages.other);
    expect(describeAuthFailure(failure({ status: 0 })).kind).toBe("offline");
  });
});

describe("parseRetryAfter", () => {
  it("reads seconds and HTTP dates", () => {
    expect(parseRetryAfter("120")).toBe(120);
    expect(parseRetryAfter(new Date(1_000_000 + 90_000).toUTCString(), 1_000_000)).toBe(90);
    expect(parseRetryAfter(null)).toBeUndefined();
    expect(parseRetryAfter("soon")).toBeUndefined();
  });
});
