/**
 * The spec's local storage keys (section 3) and the headers they turn into.
 * - access_token: the session token from sign-in, sent as `Authorization: Bearer`;
 * - userInfo: `{ username, email }` of the signed-in user;
 * - guestCustomerInfo: the guest record `{ username, email }` plus the server's signed token.
 * Storage can be unavailable (private modes, server rendering): every read tolerates it.
 */
export const storageKeys = {
  accessToken: "access_token",
  userInfo: "userInfo",
  guestCustomerInfo: "guestCustomerInfo",
} as const;

export interface UserInfo {
  username: string;
  email: string;
}

export interface GuestCustomerInfo {
  username: string;
  email: string;
  /** The server's signed guest token (absent until the server has backed the record). */
  token?: string;
}

/** The part of `Storage` this module needs, so tests can hand in a plain object. */
export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

function browserStorage(): KeyValueStore | undefined {
  try {
    return typeof localStorage === "undefined" ? undefined : localStorage;
  } catch {
    // Reading `localStorage` itself throws when the browser blocks storage.
    return undefined;
  }
}

export function readStorage(key: string, storage: KeyValueStore | undefined = browserStorage()): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Storage full or blocked: the session still works for this page's life.
  }
}

/** The stored JSON under `key` when it parses and passes `guard`; null otherwise. */
export function readJson<T>(key: string, guard: (value: unknown) => value is T, storage?: KeyValueStore): T | null {
  const raw = readStorage(key, storage);
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return guard(value) ? value : null;
  } catch {
    return null;
  }
}

export const isUserInfo = (value: unknown): value is UserInfo =>
  typeof value === "object" &&
  value !== null &&
  "username" in value &&
  typeof value.username === "string" &&
  "email" in value &&
  typeof value.email === "string";

export const isGuestCustomerInfo = (value: unknown): value is GuestCustomerInfo =>
  isUserInfo(value) && (!("token" in value) || value.token === undefined || typeof value.token === "string");

/** Headers for a same-origin API call from the browser. */
export function credentialHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const token = readStorage(storageKeys.accessToken);
  if (token) headers.authorization = `Bearer ${token}`;
  const guest = readJson(storageKeys.guestCustomerInfo, isGuestCustomerInfo);
  if (guest?.token) headers["x-guest-token"] = guest.token;
  return headers;
}
