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

export function readStorage(key: string): string | null {
  try {
    return typeof localStorage === "undefined" ? null : localStorage.getItem(key);
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

export function readJson<T>(key: string, guard: (value: unknown) => value is T): T | null {
  const raw = readStorage(key);
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
  typeof (value as UserInfo).username === "string" &&
  typeof (value as UserInfo).email === "string";

export const isGuestCustomerInfo = (value: unknown): value is GuestCustomerInfo =>
  isUserInfo(value) &&
  ((value as GuestCustomerInfo).token === undefined || typeof (value as GuestCustomerInfo).token === "string");

/** Headers for a same-origin API call from the browser. */
export function credentialHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const token = readStorage(storageKeys.accessToken);
  if (token) headers.authorization = `Bearer ${token}`;
  const guest = readJson(storageKeys.guestCustomerInfo, isGuestCustomerInfo);
  if (guest?.token) headers["x-guest-token"] = guest.token;
  return headers;
}
