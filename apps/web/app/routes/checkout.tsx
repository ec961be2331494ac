/**
 * /checkout: the server renders a shell; the shopper (bearer or guest token in local
 * storage) is known only in the browser, where the options and the quote load.
 */
import { QueryClientProvider } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { createCheckoutQueryClient, errorMessage, useCheckoutOptions } from "../features/checkout/api.ts";
import { CheckoutForm } from "../features/checkout/checkout-form.tsx";
import { useAuth } from "../features/identity/auth-store.ts";
import { ensureBrowserGuest } from "../features/identity/guest.ts";
import { storefrontMeta } from "../lib/meta.ts";
import type { Route } from "./+types/checkout";

export const meta: Route.MetaFunction = ({ matches }) => [
  ...storefrontMeta(matches, { heading: "Checkout", description: "Delivery, payment and your order." }),
  { name: "robots", content: "noindex" },
];

export default function Checkout() {
  const [client] = useState(createCheckoutQueryClient);
  return (
    <QueryClientProvider client={client}>
      <div className="mx-auto w-full max-w-6xl px-4 py-6 min-[900px]:py-10">
        <h1 className="mb-6 font-semibold text-2xl">Checkout</h1>
        <CheckoutPage />
      </div>
    </QueryClientProvider>
  );
}

function CheckoutPage() {
  const auth = useAuth();
  const [guestReady, setGuestReady] = useState(false);
  // A new key per visit to this page; a retry of the same submission reuses it.
  const [idempotencyKey] = useState(() =>
    typeof crypto !== "undefined" && "randomUUID" in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`,
  );
  useEffect(() => {
    if (auth.status !== "signed-out") return;
    let live = true;
    ensureBrowserGuest().finally(() => {
      if (live) setGuestReady(true);
    });
    return () => {
      live = false;
    };
  }, [auth.status]);
  const ready = auth.status === "signed-in" || (auth.status === "signed-out" && guestReady);
  const options = useCheckoutOptions(auth.user?.email ?? "guest", ready);

  if (!ready || options.isPending) {
    return (
      <div className="grid gap-4" role="status" aria-busy="true" aria-label="Loading checkout">
        <div className="h-32 animate-pulse rounded-xl bg-stone-200" />
        <div className="h-48 animate-pulse rounded-xl bg-stone-200" />
      </div>
    );
  }
  if (options.isError) return <p role="alert">{errorMessage(options.error)}</p>;
  if (options.data.zones.length === 0 || options.data.paymentMethods.length === 0) {
    return <p>Checkout is closed for now: the shop has no delivery zone or payment method set up.</p>;
  }
  return <CheckoutForm options={options.data} idempotencyKey={idempotencyKey} />;
}

export { RouteErrorBoundary as ErrorBoundary } from "../features/layout/route-error-boundary.tsx";
