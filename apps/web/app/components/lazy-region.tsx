/**
 * A region of a page that needs no script before a shopper uses it, and whose code is not
 * worth loading with the page: the server renders it whole, and in the browser its code
 * loads while the page hydrates (React keeps the server's HTML until then, and hydrates it
 * when the code is there). Off the page's modulepreloads: the footer, the icon sprite, the
 * size chart, a product's collab credit and drop gate.
 *
 * Nothing a shopper operates may sit inside one: until the region's code has come its HTML
 * is inert, so a radio checked there is undone at hydration and a button's press is lost.
 * (The product page's purchase form sat inside the drop gate of every collab product, and
 * "Add to cart" pressed early did nothing: checkout.spec's hoodie.)
 *
 * Memoized on its props: a region still waiting for its code that received new props (its
 * parent rendered again, as the layout does when the sign-in state settles) would be thrown
 * away and rendered again in the browser, blank until its code came: a flicker.
 */
import { type ComponentType, createElement, lazy, memo, Suspense } from "react";

export function lazyRegion<Props extends object>(load: () => Promise<ComponentType<Props>>): ComponentType<Props> {
  const Lazy = lazy(() => load().then((component) => ({ default: component })));
  return memo(function LazyRegion(props: Props) {
    return <Suspense>{createElement(Lazy, props)}</Suspense>;
  });
}
