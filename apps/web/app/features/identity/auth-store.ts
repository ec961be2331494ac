/**
 * The signed-in state (spec section 4, Authentication): loading, then signed in or
 * signed out. The token lives in local storage under `access_token` and the user under
 * `userInfo` (spec section 3). At start-up the token is verified with GET /api/me, so a
 * revoked or expired session turns into "signed out" and its keys are removed. Other
 * tabs follow through the `storage` event. Server rendering always sees "loading".
 */
import type { Me } from "@atelier/contract";
import { apiPaths, endpointUrl } from "@atelier/contract/constants";
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
  const token = readStorage(storageKeys.accessToken) ?? (await adoptCookieSession());
  if (run !== generation) return state;
  if (!token) {
    writeStorage(storageKeys.userInfo, null);
    set(signedOut);
    return state;
  }
  try {
    const response = await fetch(endpointUrl({ path: apiPaths.me }), { headers: credentialHeaders() });
    if (run !== generation) return state;
    if (response.status === 401) {
      forget();
      set(signedOut);
    } else if (response.ok) {
      const me = (await response.json()) as Me;
      const user: UserInfo = { username: me.user.name, email: me.user.email };
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
 * A session made by a redirect (the email-confirmation link signs the person in with a
 * cookie) has no access_token yet: adopt it, so every later call sends the bearer token.
 */
async function adoptCookieSession(): Promise<string | null> {
  try {
    const response = await fetch(endpointUrl({ path: `${apiPaths.auth}/get-session` }));
    const body = (await response.json()) as { session?: { token?: unknown } } | null;
    const token = response.ok && typeof body?.session?.token === "string" ? body.session.token : null;
    if (token) writeStorage(storageKeys.accessToken, token);
    return token;
  } catch {
    return null;
  }
}

/** After a sign-in (email and password or the social popup): keep the token, load the user. */
export async function acceptSession(token: string): Promise<AuthState> {
  writeStorage(storageKeys.accessToken, token);
  return refresh();
}

/**
 * Logout (spec section 4): ends the session on the server, then removes `userInfo` and
 * `access_token`. A failed server call is logged (spec section 8) and the keys go anyway.
 */
export async function signOut(): Promise<void> {
  const headers = { ...credentialHeaders(), "content-type": "application/json" };
  try {
    const response = await fetch(endpointUrl({ path: `${apiPaths.auth}/sign-out` }), {
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
