/**
 * /checkout/complete/:number: the order just placed, and where Stripe Checkout sends
 * the shopper back (?payment=success|cancelled). A card order waits for the webhook, so
 * the page checks again every few seconds while the payment is pending.
 */
import { QueryClientProvider } from "@tanstack/react-query";
import { useState } from "react";
import { Link, useParams, useSearchParams } from "react-router";
import { createCheckoutQueryClient, errorMessage, useOrder } from "../features/checkout/api.ts";
import { OrderSummary } from "../features/checkout/order-summary.tsx";
import { useAuth } from "../features/identity/auth-store.ts";
import { storefrontMeta } from "../lib/meta.ts";
import { paths } from "../lib/paths.ts";
import type { Route } from "./+types/checkout-complete";

export const meta: Route.MetaFunction = ({ matches }) => [
  ...storefrontMeta(matches, { heading: "Your order", description: "Your order confirmation." }),
  { name: "robots", content: "noindex" },
];

export default function CheckoutComplete() {
  const [client] = useState(createCheckoutQueryClient);
  const auth = useAuth();
  return (
    <QueryClientProvider client={client}>
      <div className="mx-auto w-full max-w-3xl px-4 py-6 min-[900px]:py-10">
        {auth.status === "loading" ? <Skeleton /> : <Confirmation />}
      </div>
    </QueryClientProvider>
  );
}

function Skeleton() {
  return (
    <div
      className="h-64 animate-pulse rounded-xl bg-stone-200"
      role="status"
      aria-busy="true"
      aria-label="Loading your order"
    />
  );
}

const paymentLabels: Record<string, string> = {
  cod: "Cash on delivery",
  manual_transfer: "Manual transfer",
  card: "Card",
};

function Confirmation() {
  const { number = "" } = useParams();
  const [search] = useSearchParams();
  const returned = search.get("payment");
  const order = useOrder(number, { poll: returned === "success" });
  if (order.isPending) return <Skeleton />;
  if (order.isError) {
    return (
      <div>
        <h1 className="mb-2 font-semibold text-2xl">Order not found</h1>
        <p role="alert">{errorMessage(order.error)}</p>
      </div>
    );
  }
  const data = order.data;
  const pending = data.status === "pending_payment";
  const cancelled = data.status === "cancelled";
  return (
    <div className="grid gap-6">
      <div>
        <h1 className="font-semibold text-2xl">
          {cancelled ? `Order ${data.number} was cancelled` : `Thank you! Order ${data.number} is placed.`}
        </h1>
        <p className="mt-1 text-muted">
          We sent the details to {data.email}.{" "}
          <Link to={paths.myOrders()} className="underline">
            Track it in My orders
          </Link>
          .
        </p>
      </div>
      {pending && returned === "success" ? (
        <p role="status" className="rounded-lg bg-stone-100 p-3">
          Your payment is being confirmed by the card processor; this page updates by itself.
        </p>
      ) : null}
      {pending && returned !== "success" ? (
        <p role="status" className="rounded-lg border border-amber-700 bg-amber-50 p-3">
          Your card payment is not finished
          {data.holdExpiresAt ? `; we keep your items until ${new Date(data.holdExpiresAt).toLocaleTimeString()}` : ""}.
        </p>
      ) : null}
      {data.transferInstructions ? (
        <section className="rounded-xl border border-stone-200 bg-white p-4">
          <h2 className="mb-2 font-semibold">{data.transferInstructions.title}</h2>
          <p className="whitespace-pre-line text-sm">{data.transferInstructions.instructions}</p>
          <p className="mt-2 text-sm">
            Transaction id you gave: <strong>{data.transferReference}</strong>. We will confirm the payment once it
            arrives.
          </p>
        </section>
      ) : null}
      <section className="rounded-xl border border-stone-200 bg-white p-4">
        <h2 className="mb-2 font-semibold">Summary</h2>
        <OrderSummary currency={data.currency} lines={data.lines} totals={data.totals} discounts={data.discounts} />
      </section>
      <section className="grid gap-4 rounded-xl border border-stone-200 bg-white p-4 text-sm min-[600px]:grid-cols-2">
        <div>
          <h2 className="mb-1 font-semibold text-base">Delivery</h2>
          <p>
            {data.shippingAddress.fullName}
            <br />
            {data.shippingAddress.line1}
            {data.shippingAddress.line2 ? `, ${data.shippingAddress.line2}` : ""}
            <br />
            {data.shippingAddress.city} {data.shippingAddress.region} {data.shippingAddress.postalCode},{" "}
            {data.shippingAddress.country}
          </p>
          <p className="mt-1 text-muted">{data.deliveryZoneName}</p>
        </div>
        <div>
          <h2 className="mb-1 font-semibold text-base">Payment</h2>
          <p>{paymentLabels[data.paymentMethod] ?? data.paymentMethod}</p>
          <p className="text-muted">{data.paymentState.replaceAll("_", " ")}</p>
        </div>
      </section>
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "../features/layout/route-error-boundary.tsx";
