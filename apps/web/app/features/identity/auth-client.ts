/**
 * The storefront's calls to better-auth under /api/auth (their paths are not part of
 * the product contract, spec section 7). Every call answers a typed result: success, or
 * the server's status, code, reason, message and Retry-After. A sign-in keeps the
 * session (auth-store) and then moves the guest's things into the account.
 */
import { endpointUrl, shopApiPaths } from "@atelier/contract/constants";
import { credentialHeaders, isGuestCustomerInfo, readJson, storageKeys, type UserInfo } from "../../lib/credentials.ts";
import { notifyShopperChanged } from "../../lib/shopper-events.ts";
import { toast } from "../../lib/toast.ts";
import type { AuthFailure } from "./auth-errors.ts";
import { parseRetryAfter } from "./auth-errors.ts";
import { acceptSession, signOut } from "./auth-store.ts";
import { field, stringField } from "./json-field.ts";
import { openSignInPopup } from "./oauth-popup.ts";

export type AuthResult<T = object> = ({ ok: true } & T) | AuthFailure;

async function post(path: string, body: object): Promise<{ ok: true; response: Response } | AuthFailure> {
  let response: Response;
  try {
    response = await fetch(endpointUrl({ path: `${shopApiPaths.auth}${path}` }), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  } catch (error) {
    console.error(`POST ${path} failed`, error);
    return failure(0);
  }
  if (response.ok) return { ok: true, response };
  const answer: unknown = await response.json().catch(() => undefined);
  const error = field(answer, "error");
  return {
    ...failure(response.status, parseRetryAfter(response.headers.get("retry-after"))),
    code: stringField(error, "code"),
    reason: stringField(error, "reason"),
    serverMessage: stringField(error, "message"),
  };
}

function failure(status: number, retryAfterSeconds?: number): AuthFailure {
  return { ok: false, status, code: undefined, reason: undefined, serverMessage: undefined, retryAfterSeconds };
}

/** Where the email-confirmation link lands: /login adopts the session it made (auth-store). */
const CONFIRMED_URL = "/login?confirmed=1";

interface NewSession {
  token: string | undefined;
  user: UserInfo | undefined;
}

/** The session token (the bearer plugin's header, else the body) and user of a sign-in or sign-up answer. */
async function sessionOf(response: Response, read?: unknown): Promise<NewSession> {
  const body: unknown = read ?? (await response.json().catch(() => undefined));
  const username = stringField(field(body, "user"), "name");
  const email = stringField(field(body, "user"), "email");
  return {
    token: response.headers.get("set-auth-token") ?? stringField(body, "token"),
    user: username !== undefined && email !== undefined ? { username, email } : undefined,
  };
}

/** Keeps the session, then merges the guest; false when the server does not know the token. */
async function startSession({ token, user }: NewSession): Promise<boolean> {
  if (!token) return false;
  const state = await acceptSession(token, user);
  if (state.status !== "signed-in") return false;
  await mergeGuest();
  notifyShopperChanged();
  return true;
}

/** Moves the guest's cart and wishlist into the account; a failure is only logged. */
async function mergeGuest(): Promise<void> {
  const guest = readJson(storageKeys.guestCustomerInfo, isGuestCustomerInfo);
  if (!guest?.token) return;
  try {
    const response = await fetch(endpointUrl({ path: shopApiPaths.mergeGuest }), {
      method: "POST",
      headers: { ...credentialHeaders(), "content-type": "application/json" },
      body: JSON.stringify({ token: guest.token }),
    });
    if (!response.ok) console.error(`Guest merge answered ${response.status}`);
  } catch (error) {
    console.error("Guest merge failed", error);
  }
}

/**
 * Signs in with email and password. With a second factor on, the password alone makes
 * no session: the answer says `secondFactor` and the form asks for a code next
 * (`verifySecondFactor`; the server keeps the challenge in a short-lived cookie).
 */
export async function signInWithEmail(input: {
  email: string;
  password: string;
}): Promise<AuthResult<{ secondFactor: boolean }>> {
  const result = await post("/sign-in/email", { email: input.email.trim(), password: input.password });
  if (!result.ok) return result;
  const body: unknown = await result.response.json().catch(() => undefined);
  if (field(body, "twoFactorRedirect") === true) return { ok: true, secondFactor: true };
  return (await startSession(await sessionOf(result.response, body)))
    ? { ok: true, secondFactor: false }
    : failure(500);
}

/**
 * Sign in with a passkey (WebAuthn): the browser asks the device (PIN, fingerprint, face,
 * a security key) to sign the shop's challenge. @simplewebauthn/browser loads on click.
 * `cancelled` when the person closed the browser's dialog or has no passkey here.
 */
export async function signInWithPasskey(): Promise<AuthResult | { ok: false; cancelled: true }> {
  let options: unknown;
  try {
    const response = await fetch(endpointUrl({ path: `${shopApiPaths.auth}/passkey/generate-authenticate-options` }));
    if (!response.ok) return failure(response.status);
    options = await response.json();
  } catch (error) {
    console.error("Passkey options failed", error);
    return failure(0);
  }
  let assertion: unknown;
  try {
    const { startAuthentication } = await import("@simplewebauthn/browser");
    assertion = await startAuthentication({ optionsJSON: options as never });
  } catch (error) {
    console.warn("Passkey sign-in cancelled", error);
    return { ok: false, cancelled: true };
  }
  const result = await post("/passkey/verify-authentication", { response: assertion });
  if (!result.ok) return result;
  return (await startSession(await sessionOf(result.response))) ? { ok: true } : failure(500);
}

/** The second step of a sign-in: a code from the authenticator app, or a one-use backup code. */
export async function verifySecondFactor(input: { code: string; kind: "totp" | "backup" }): Promise<AuthResult> {
  const path = input.kind === "totp" ? "/two-factor/verify-totp" : "/two-factor/verify-backup-code";
  const result = await post(path, { code: input.code.replace(/\s+/g, "") });
  if (!result.ok) return result;
  return (await startSession(await sessionOf(result.response))) ? { ok: true } : failure(500);
}

/** Signs up; `signedIn` is false when the shop wants the email confirmed first. */
export async function signUp(input: {
  name: string;
  email: string;
  password: string;
}): Promise<AuthResult<{ signedIn: boolean }>> {
  const result = await post("/sign-up/email", {
    name: input.name.trim(),
    email: input.email.trim(),
    password: input.password,
    callbackURL: CONFIRMED_URL,
  });
  if (!result.ok) return result;
  return { ok: true, signedIn: await startSession(await sessionOf(result.response)) };
}

export async function requestPasswordReset(email: string): Promise<AuthResult> {
  const result = await post("/request-password-reset", { email: email.trim(), redirectTo: "/reset-password" });
  return result.ok ? { ok: true } : result;
}

export async function resetPassword(input: { newPassword: string; token: string }): Promise<AuthResult> {
  const result = await post("/reset-password", input);
  return result.ok ? { ok: true } : result;
}

export async function sendVerificationEmail(email: string): Promise<AuthResult> {
  const result = await post("/send-verification-email", { email: email.trim(), callbackURL: CONFIRMED_URL });
  return result.ok ? { ok: true } : result;
}

/**
 * Social sign-in in a popup. Resolves "signed-in", or undefined when the popup was
 * blocked, closed or failed: the spec (section 8) ignores those silently.
 */
export async function signInWithPopup(providerId: string): Promise<"signed-in" | undefined> {
  try {
    const token = await openSignInPopup(providerId);
    if (!token) return undefined;
    return (await startSession({ token, user: undefined })) ? "signed-in" : undefined;
  } catch (error) {
    // window.open throws in some sandboxed frames; this too is a failure to ignore.
    console.warn("Social sign-in failed", error);
    return undefined;
  }
}

/** Logout from a menu or the login page: ends the session (failures are logged) and says so. */
export async function logOut(): Promise<void> {
  await signOut();
  toast("Signed out");
}
