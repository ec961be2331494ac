/**
 * The coupon the shopper applied, kept for this browser tab (sessionStorage) so a code
 * applied on the cart page is still applied at checkout. Zod-free: the cart page uses it.
 */
const KEY = "atelier.coupon";

export function storedCoupon(): string | null {
  try {
    return typeof window === "undefined" ? null : window.sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function storeCoupon(code: string | null): void {
  try {
    if (code) window.sessionStorage.setItem(KEY, code);
    else window.sessionStorage.removeItem(KEY);
  } catch {
    // Private mode or storage full: the code simply is not remembered.
  }
}
