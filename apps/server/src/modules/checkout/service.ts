/** Checkout's service: the use cases (quote.ts, place-order.ts, order-view.ts) bound to checkout's context and its plug-in points. */
import { bound } from "../../infra/bound.ts";
import {
  type CheckoutContext,
  type CheckoutDeps,
  type CheckoutState,
  emitPlaced,
  emitPlacedIn,
  onOrderCreated,
  onOrderPlaced,
  onOrderPlacedIn,
  useCouponEngine,
  usePlacementGuard,
} from "./checkout-context.ts";
import { noCoupons } from "./coupons.ts";
import { orderConfirmation } from "./order-view.ts";
import { placeOrder } from "./place-order.ts";
import { checkoutOptions, quoteOrder } from "./quote.ts";

export function checkoutServiceOf(deps: CheckoutContext) {
  return {
    onOrderPlaced: bound(deps, onOrderPlaced),
    emitPlaced: bound(deps, emitPlaced),
    onOrderPlacedIn: bound(deps, onOrderPlacedIn),
    emitPlacedIn: bound(deps, emitPlacedIn),
    onOrderCreated: bound(deps, onOrderCreated),
    usePlacementGuard: bound(deps, usePlacementGuard),
    useCouponEngine: bound(deps, useCouponEngine),
    options: bound(deps, checkoutOptions),
    quote: bound(deps, quoteOrder),
    place: bound(deps, placeOrder),
    confirmation: bound(deps, orderConfirmation),
  };
}

export function checkoutService(options: CheckoutDeps) {
  const state: CheckoutState = {
    coupons: options.coupons ?? noCoupons,
    listeners: [],
    inListeners: [],
    createdListeners: [],
    guards: [],
  };
  return checkoutServiceOf({ ...options, state });
}

export type CheckoutService = ReturnType<typeof checkoutService>;
