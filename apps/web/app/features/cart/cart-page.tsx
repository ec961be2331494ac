/**
 * /MyCart: the cart as the server reads it now (prices and stock re-checked on every
 * load), with its notices, lines and totals. Changes show at once (optimistic) and the
 * server's answer replaces the guess; a refused change puts the old cart back with the
 * server's message in a toast.
 */
import type { Cart } from "@atelier/contract";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ShoppingBag } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { paths } from "../../lib/paths.ts";
import { toast } from "../../lib/toast.ts";
import { rememberZone } from "../catalog/delivery-zone.ts";
import { type CartChange, cartKeys, changeCart, fetchCart } from "./api.ts";
import { CartLine } from "./cart-line.tsx";
import { CartNotices } from "./cart-notices.tsx";
import { CartSummary } from "./cart-summary.tsx";
import { optimisticCart } from "./optimistic.ts";
import { errorMessage } from "./query-provider.tsx";

const doneMessage: Record<CartChange["kind"], string | undefined> = {
  quantity: undefined,
  remove: "Removed from your cart.",
  "save-for-later": "Saved to your wishlist for later.",
  "accept-prices": "New prices accepted.",
};

function useCartChange(zoneId: number | undefined) {
  const queryClient = useQueryClient();
  const key = cartKeys.cart(zoneId);
  return useMutation({
    mutationFn: (change: CartChange) => changeCart(change, zoneId),
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<Cart | null>(key);
      if (previous) queryClient.setQueryData(key, optimisticCart(previous, change));
      return { previous };
    },
    onError: (error, _change, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
      toast.error(errorMessage(error));
      void queryClient.invalidateQueries({ queryKey: cartKeys.all });
    },
    onSuccess: (cart, change) => {
      queryClient.setQueryData(key, cart);
      const message = doneMessage[change.kind];
      if (message) toast.success(message);
      if (change.kind === "save-for-later") void queryClient.invalidateQueries({ queryKey: cartKeys.wishlist() });
    },
  });
}

export function CartPage() {
  const [zoneId, setZoneId] = useState<number | undefined>(undefined);
  const query = useQuery({
    queryKey: cartKeys.cart(zoneId),
    queryFn: () => fetchCart(zoneId),
    placeholderData: keepPreviousData,
  });
  const change = useCartChange(zoneId);
  const busyLine = change.isPending && "lineId" in change.variables ? change.variables.lineId : undefined;
  const cart = query.data ?? null;

  return (
    <div className="mx-auto max-w-screen-xl px-4 py-8 sm:py-12">
      <h1 className="font-bold text-3xl tracking-tight">Your cart</h1>
      {query.isPending ? (
        <CartSkeleton />
      ) : query.isError ? (
        <div role="alert" className="mt-8 rounded-2xl border border-line bg-white p-6">
          <p>We could not load your cart. {errorMessage(query.error)}</p>
          <button
            type="button"
            onClick={() => void query.refetch()}
            className="mt-3 h-10 rounded-full bg-ink px-4 font-semibold text-white"
          >
            Try again
          </button>
        </div>
      ) : !cart || cart.lines.length === 0 ? (
        <EmptyCart />
      ) : (
        <div className="mt-6 grid gap-8 lg:grid-cols-[1fr_22rem]">
          <div className="min-w-0 space-y-4">
            <p className="text-muted">
              {cart.count} {cart.count === 1 ? "item" : "items"}
            </p>
            <CartNotices
              cart={cart}
              busy={change.isPending}
              onAcceptPrices={() => change.mutate({ kind: "accept-prices" })}
            />
            <ul className="divide-y divide-line border-line border-y" aria-label="Items in your cart">
              {cart.lines.map((line) => (
                <CartLine
                  key={line.id}
                  line={line}
                  currency={cart.currency}
                  busy={busyLine === line.id}
                  onChange={(next) => change.mutate(next)}
                />
              ))}
            </ul>
          </div>
          <CartSummary
            cart={cart}
            onZone={(id) => {
              rememberZone(id);
              setZoneId(id);
            }}
          />
        </div>
      )}
    </div>
  );
}

function EmptyCart() {
  return (
    <div className="mt-10 flex flex-col items-center gap-4 rounded-2xl border border-line bg-white px-6 py-14 text-center">
      <ShoppingBag aria-hidden className="size-10 text-muted" />
      <h2 className="font-semibold text-xl">Your cart is empty</h2>
      <p className="max-w-md text-muted">Find something you love: new arrivals and favourites are waiting.</p>
      <div className="flex flex-wrap justify-center gap-3">
        <Link to={paths.home()} className="rounded-full bg-ink px-6 py-3 font-semibold text-white hover:bg-stone-700">
          Start shopping
        </Link>
        <Link
          to={paths.wishlist()}
          className="rounded-full border border-line px-6 py-3 font-semibold hover:bg-stone-100"
        >
          Your wishlist
        </Link>
      </div>
    </div>
  );
}

function CartSkeleton() {
  return (
    <div className="mt-6 grid gap-8 lg:grid-cols-[1fr_22rem]" aria-busy="true" data-testid="cart-skeleton">
      <p className="sr-only" role="status">
        Loading your cart…
      </p>
      <ul className="divide-y divide-line border-line border-y">
        {[0, 1].map((n) => (
          <li key={n} className="flex animate-pulse gap-4 py-5">
            <div className="h-30 w-24 rounded-lg bg-stone-200 sm:h-36 sm:w-28" />
            <div className="flex-1 space-y-3">
              <div className="h-4 w-2/3 rounded bg-stone-200" />
              <div className="h-3 w-1/3 rounded bg-stone-200" />
              <div className="h-3 w-1/4 rounded bg-stone-200" />
            </div>
          </li>
        ))}
      </ul>
      <div className="h-64 animate-pulse rounded-2xl bg-stone-200" />
    </div>
  );
}
