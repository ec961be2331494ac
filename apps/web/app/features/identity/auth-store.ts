/**
 * The signed-in state (spec section 4, Authentication): loading, then signed in or
 * signed out. The token lives in local storage under `access_token` and the user under
 * `userInfo` (spec section 3). At start-up the token is verified with GET /api/me, so a
 * revoked or expired session turns into "signed out" and its keys are removed. Other
 * tabs follow through the `storage` event. Server rendering always sees "loading".
 */
import { endpointUrl, shopApiPaths } from "@atelier/contract/constants";
import { useSyncExternalStore } from "react";
import {
  credentialHeaders,
  isUserInfo,
  readJson,
  readStorage,
  storageKeys,
  type UserInfo,
  writeStorage,
} from "../../lib/credentials.ts";
import { notifyShopperChanged } from "../../lib/shopper-events.ts";
import { field, stringField } from "./json-field.ts";

export type AuthState =
  | { status: "loading"; user: null }
  | { status: "signed-in"; user: UserInfo }
  | { status: "signed-out"; user: null };

const loading: AuthState = { status: "loading", user: null };
const signedOut: AuthState = { status: "signed-out", user: null };

let state: AuthState = loading;
let started = false;
let generation = 0;
const listeners = new Set<() => void>();

function set(next: AuthState): void {
  state = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  start();
  return () => listeners.delete(listener);
}

function start(): void {
  if (started || typeof window === "undefined") return;
  started = true;
  window.addEventListener("storage", (event) => {
    if (event.key === null || event.key === storageKeys.accessToken) void refresh();
  });
  void refresh();
}

/** Re-reads the token and asks the server who it belongs to. */
export async function refresh(): Promise<AuthState> {
  const run = ++generation;
  const token = readStorage(storageKeys.accessToken);
  if (!token) {
    writeStorage(storageKeys.userInfo, null);
    set(signedOut);
    return state;
  }
  try {
    const response = await fetch(endpointUrl({ path: shopApiPaths.me }), { headers: credentialHeaders() });
    if (run !== generation) return state;
    if (response.status === 401 || response.status === 403) {
      forget();
      set(signedOut);
    } else if (response.ok) {
      const me: unknown = await response.json();
      const username = stringField(field(me, "user"), "name");
      const email = stringField(field(me, "user"), "email");
      if (username === undefined || email === undefined) throw new Error("GET /api/me answered without a user");
      const user: UserInfo = { username, email };
      writeStorage(storageKeys.userInfo, JSON.stringify(user));
      set({ status: "signed-in", user });
    } else {
      throw new Error(`GET /api/me answered ${response.status}`);
    }
  } catch (error) {
    // The server could not be asked: trust the cached user until it can.
    console.error("Could not check the session", error);
    if (run !== generation) return state;
    const cached = readJson(storageKeys.userInfo, isUserInfo);
    set(cached ? { status: "signed-in", user: cached } : signedOut);
  }
  return state;
}

/**
 * The email-confirmation link signs the person in with a cookie (better-auth's redirect),
 * which carries no access_token: the page it lands on adopts that session as the token.
 * Only that page does, so a logout whose server call failed is not undone by the cookie.
 */
export async function adoptCookieSession(): Promise<AuthState> {
  try {
    const response = await fetch(endpointUrl({ path: `${shopApiPaths.auth}/get-session` }));
    const body: unknown = response.ok ? await response.json() : null;
    const token = stringField(field(body, "session"), "token");
    if (token) return acceptSession(token);
  } catch (error) {
    console.error("Could not read the confirmed session", error);
  }
  return refresh();
}

/**
 * After a sign-in (email and password or the social popup): keep the token, load the
 * user. The user from the sign-in answer, when there is one, is cached first, so a
 * momentarily unreachable /api/me does not turn a successful sign-in into "signed out".
 */
export async function acceptSession(token: string, user?: UserInfo): Promise<AuthState> {
  writeStorage(storageKeys.accessToken, token);
  if (user) writeStorage(storageKeys.userInfo, JSON.stringify(user));
  return refresh();
}

/**
 * Logout (spec section 4): ends the session on the server, then removes `userInfo` and
 * `access_token`. A failed server call is logged (spec section 8) and the keys go anyway.
 */
export async function signOut(): Promise<void> {
  const headers = { ...credentialHeaders(), "content-type": "application/json" };
  try {
    const response = await fetch(endpointUrl({ path: `${shopApiPaths.auth}/sign-out` }), {
      method: "POST",
      headers,
      body: "{}",
    });
    if (!response.ok) console.error(`Logout failed: the server answered ${response.status}`);
  } catch (error) {
    console.error("Logout failed", error);
  }
  generation++;
  forget();
  set(signedOut);
  notifyShopperChanged();
}

function forget(): void {
  writeStorage(storageKeys.userInfo, null);
  writeStorage(storageKeys.accessToken, null);
}

/** The spec: "A cached user-info entry supplies an email when no user is signed in." */
export function cachedEmail(): string | undefined {
  return (state.user ?? readJson(storageKeys.userInfo, isUserInfo))?.email;
}

export function useAuth(): AuthState {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => loading,
  );
}
