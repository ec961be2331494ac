/**
 * The heart: shows whether a product is on the wishlist (aria-pressed) and toggles it,
 * with a toast either way. The server-rendered page shows an empty heart; the state
 * arrives with the bag after hydration.
 */
import { useState } from "react";
import { SpriteIcon } from "../../components/sprite-icon.tsx";
import { ApiError } from "../../lib/api.ts";
import { toast } from "../../lib/toast.ts";
import { setWishlisted } from "./api.ts";
import { useBag } from "./bag-store.ts";

export function useWishlistToggle(productId: number, name: string) {
  const bag = useBag();
  const [busy, setBusy] = useState(false);
  const saved = bag.wishlist.has(productId);
  const toggle = async () => {
    if (busy) return;
    setBusy(true);
    try {
      await setWishlisted(productId, !saved);
      toast.success(saved ? `${name} is off your wishlist.` : `${name} is on your wishlist.`);
    } catch (error) {
      toast.error(
        error instanceof ApiError || error instanceof Error ? error.message : "Could not change the wishlist.",
      );
    } finally {
      setBusy(false);
    }
  };
  return { saved, busy, toggle };
}

/** The round heart on product cards. */
export function WishlistHeart({
  productId,
  name,
  className = "",
}: {
  productId: number;
  name: string;
  className?: string;
}) {
  const { saved, busy, toggle } = useWishlistToggle(productId, name);
  return (
    <button
      type="button"
      onClick={() => void toggle()}
      aria-pressed={saved}
      aria-busy={busy}
      aria-label={`Save ${name} to your wishlist`}
      data-testid="wishlist-heart"
      className={`inline-flex size-10 items-center justify-center rounded-full bg-white/90 text-ink shadow-sm hover:bg-white ${className}`}
    >
      <SpriteIcon name="heart" className={`size-5 ${saved ? "fill-brand text-brand" : ""}`} />
    </button>
  );
}
