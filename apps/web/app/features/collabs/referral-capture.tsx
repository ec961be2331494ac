/**
 * A shareable referral link `/?ref=CODE` (any storefront page): the code becomes the
 * coupon applied for this tab (the same store the cart's coupon box uses, so the cart
 * shows it and the shopper can remove it), and a toast says so.
 */
import { useEffect } from "react";
import { useLocation } from "react-router";
import { toast } from "../../lib/toast.ts";
import { storeCoupon, storedCoupon } from "../promotions/coupon-store.ts";

const CODE = /^[A-Za-z0-9_-]{2,64}$/;

export function ReferralCapture() {
  const location = useLocation();
  useEffect(() => {
    const ref = new URLSearchParams(location.search).get("ref");
    if (!ref || !CODE.test(ref)) return;
    const code = ref.toUpperCase();
    if (storedCoupon() === code) return;
    storeCoupon(code);
    toast.success(`Code ${code} is saved: it will be applied in your cart.`);
  }, [location.search]);
  return null;
}
