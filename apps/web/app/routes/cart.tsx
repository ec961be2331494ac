/**
 * /MyCart (spec section 2). The server renders the page's frame and a skeleton: the
 * shopper's token lives in local storage, so the cart itself loads in the browser.
 */
import { CartPage } from "../features/cart/cart-page.tsx";
import { CustomerCarts } from "../features/cart/customer-carts.tsx";
import { ShopQueryProvider } from "../features/cart/query-provider.tsx";
import { storefrontMeta } from "../lib/meta.ts";
import type { Route } from "./+types/cart";

export const meta: Route.MetaFunction = ({ matches }) =>
  storefrontMeta(matches, { heading: "Your cart", description: "The items in your cart.", noindex: true });

export default function CartRoute() {
  return (
    <ShopQueryProvider>
      <CartPage />
      <CustomerCarts />
    </ShopQueryProvider>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "../features/layout/route-error-boundary.tsx";
