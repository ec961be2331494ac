/**
 * The guest identity (spec sections 3 and 4): created once and reused. The browser makes
 * the username (`guest`, a timestamp and a number 0-999); the server backs it with a
 * generated email and a signed token, and that answer is kept under `guestCustomerInfo`.
 * The core takes its storage and its server call as arguments so it is testable as is.
 */
import type { Guest } from "@atelier/contract";
import { endpointUrl, shopApiPaths } from "@atelier/contract/constants";
import {
  type GuestCustomerInfo,
  isGuestCustomerInfo,
  type KeyValueStore,
  readJson,
  storageKeys,
} from "../../lib/credentials.ts";

export type CreateGuest = (username: string) => Promise<Guest>;

export function guestUsername(now: number = Date.now(), random: () => number = Math.random): string {
  return `guest${now}${Math.min(999, Math.floor(random() * 1000))}`;
}

/**
 * The stored guest if the server has backed it; otherwise asks the server to back it
 * (keeping a stored username, so an identity once shown is never replaced) and stores
 * the answer. A failed call stores nothing and rejects; the next page load tries again.
 */
export async function ensureGuest(
  storage: KeyValueStore,
  create: CreateGuest,
  makeUsername: () => string = guestUsername,
): Promise<GuestCustomerInfo> {
  const existing = readJson(storageKeys.guestCustomerInfo, isGuestCustomerInfo, storage);
  if (existing?.token) return existing;
  const guest = await create(existing?.username ?? makeUsername());
  const record: GuestCustomerInfo = { username: guest.username, email: guest.email, token: guest.token };
  storage.setItem(storageKeys.guestCustomerInfo, JSON.stringify(record));
  return record;
}

const createOnServer: CreateGuest = async (username) => {
  const response = await fetch(endpointUrl({ path: shopApiPaths.guests }), {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username }),
  });
  if (!response.ok) throw new Error(`POST ${shopApiPaths.guests} answered ${response.status}`);
  const body: unknown = await response.json();
  if (!isGuestCustomerInfo(body) || typeof body.token !== "string") throw new Error("The guest answer has no token");
  return { username: body.username, email: body.email, token: body.token };
};

let pending: Promise<GuestCustomerInfo | null> | undefined;

/** In the browser, for a signed-out visitor: one attempt per page load, shared by callers. */
export function ensureBrowserGuest(): Promise<GuestCustomerInfo | null> {
  if (typeof window === "undefined") return Promise.resolve(null);
  pending ??= ensureGuest(window.localStorage, createOnServer).catch((error: unknown) => {
    // Browsing works without it; the guest gets one on a later visit.
    console.warn("Could not create the guest identity", error);
    return null;
  });
  return pending;
}
