/**
 * /WishList (spec section 2). The server renders the frame and a skeleton; the list
 * loads in the browser, where the shopper's token is.
 */
import { ShopQueryProvider } from "../features/cart/query-provider.tsx";
import { WishlistPage } from "../features/cart/wishlist-page.tsx";
import { storefrontMeta } from "../lib/meta.ts";
import type { Route } from "./+types/wishlist";

export const meta: Route.MetaFunction = ({ matches }) =>
  storefrontMeta(matches, { heading: "Your wishlist", description: "The products you saved.", noindex: true });

export default function WishlistRoute() {
  return (
    <ShopQueryProvider>
      <WishlistPage />
    </ShopQueryProvider>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "../features/layout/route-error-boundary.tsx";
