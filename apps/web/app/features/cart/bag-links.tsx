/** The wishlist and cart icon links with their badges (top bar on phones, desktop bar on wide screens). */
import { Link } from "react-router";
import { SpriteIcon } from "../../components/sprite-icon.tsx";
import { paths } from "../../lib/paths.ts";
import { bagLabel } from "./badge-text.ts";
import { BagBadge } from "./bag-badge.tsx";
import { useBag } from "./bag-store.ts";

export function BagLinks({ linkClassName }: { linkClassName: string }) {
  const bag = useBag();
  return (
    <>
      <Link
        to={paths.wishlist()}
        className={`relative ${linkClassName}`}
        aria-label={bagLabel("Wishlist", bag.wishlist.size, "product")}
        data-testid="wishlist-link"
      >
        <SpriteIcon name="heart" className="size-5" />
        <BagBadge count={bag.wishlist.size} />
      </Link>
      <Link
        to={paths.cart()}
        className={`relative ${linkClassName}`}
        aria-label={bagLabel("Cart", bag.cartCount, "item")}
        data-testid="cart-link"
      >
        <SpriteIcon name="shopping-bag" className="size-5" />
        <BagBadge count={bag.cartCount} />
      </Link>
    </>
  );
}
