/**
 * The shopper's bag as every page needs it: units in the cart and the wishlisted product
 * ids (badges and hearts). A small external store, loaded once after hydration and kept
 * current by the writes (their answers carry the new numbers); it reloads when the
 * shopper changes (sign-in merge, sign-out) or another tab writes. No TanStack Query
 * here, so the shell stays light; the cart and wishlist pages use their own queries.
 */
import { useSyncExternalStore } from "react";
import { storageKeys } from "../../lib/credentials.ts";
import { onShopperChanged } from "../../lib/shopper-events.ts";
import { cartRequests, wishlistRequests } from "./requests.ts";
import { hasShopper } from "./shopper.ts";

export interface Bag {
  loaded: boolean;
  cartCount: number;
  wishlist: ReadonlySet<number>;
}

const empty: Bag = { loaded: false, cartCount: 0, wishlist: new Set() };
let bag: Bag = empty;
let started = false;
let generation = 0;
const listeners = new Set<() => void>();

function set(next: Partial<Bag>): void {
  bag = { ...bag, ...next };
  for (const listener of listeners) listener();
}

/** Reloads both numbers from the server (an anonymous visitor has none). */
export async function refreshBag(): Promise<void> {
  const run = ++generation;
  if (!hasShopper()) return set({ loaded: true, cartCount: 0, wishlist: new Set() });
  try {
    const [count, ids] = await Promise.all([cartRequests.count(), wishlistRequests.ids()]);
    if (run === generation) set({ loaded: true, cartCount: count.count, wishlist: new Set(ids.productIds) });
  } catch (error) {
    // Badges are a convenience: the cart page itself reports failures.
    console.error("Could not load the cart and wishlist counts", error);
    if (run === generation) set({ loaded: true });
  }
}

export function setCartCount(count: number): void {
  generation++;
  set({ cartCount: count });
}

export function setWishlist(productIds: readonly number[]): void {
  generation++;
  set({ wishlist: new Set(productIds) });
}

function start(): void {
  if (started || typeof window === "undefined") return;
  started = true;
  onShopperChanged(() => void refreshBag());
  window.addEventListener("storage", (event) => {
    const keys: (string | null)[] = [null, storageKeys.accessToken, storageKeys.guestCustomerInfo];
    if (keys.includes(event.key)) void refreshBag();
  });
  void refreshBag();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  start();
  return () => listeners.delete(listener);
}

export function useBag(): Bag {
  return useSyncExternalStore(
    subscribe,
    () => bag,
    () => empty,
  );
}
