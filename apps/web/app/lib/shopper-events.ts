/**
 * "Whose cart is this?" changed: a sign-in merged the guest's things into the account, or
 * a sign-out went back to the guest. Identity announces it; whatever shows the shopper's
 * cart or wishlist (badges, hearts, the cart page) listens and reloads. A tiny event hub
 * in lib, so identity and cart code need not import each other.
 */
const listeners = new Set<() => void>();

export function onShopperChanged(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function notifyShopperChanged(): void {
  for (const listener of listeners) listener();
}
