/**
 * /my-orders/:number: one order with its status timeline, lines, totals, payment state
 * and requests. Its owner reaches it signed in (or with their guest token); anyone with
 * the signed link from the order's email (`?token=`) reaches it too.
 */
import { QueryClientProvider } from "@tanstack/react-query";
import { useState } from "react";
import { Link, useParams, useSearchParams } from "react-router";
import { Skeleton } from "../components/form-field.tsx";
import { createShopperQueryClient, errorMessage, useCreateRequest, useMyOrder } from "../features/orders/api.ts";
import { OrderDetail } from "../features/orders/order-detail.tsx";
import { useShopper } from "../features/orders/use-shopper.ts";
import { ApiError } from "../lib/api.ts";
import { storefrontMeta } from "../lib/meta.ts";
import { paths } from "../lib/paths.ts";
import type { Route } from "./+types/my-order";

export const meta: Route.MetaFunction = ({ matches, params }) => [
  ...storefrontMeta(matches, { heading: `Order ${params.number}`, description: "Your order." }),
  { name: "robots", content: "noindex" },
];

export default function MyOrder() {
  const [client] = useState(createShopperQueryClient);
  return (
    <QueryClientProvider client={client}>
      <div className="mx-auto w-full max-w-4xl px-4 py-6 min-[900px]:py-10">
        <p className="mb-4 text-sm">
          <Link to={paths.myOrders()} className="underline">
            ← My orders
          </Link>
        </p>
        <Order />
      </div>
    </QueryClientProvider>
  );
}

function Order() {
  const { number = "" } = useParams();
  const [search] = useSearchParams();
  const token = search.get("token") ?? undefined;
  const shopper = useShopper();
  const ready = shopper.status !== "loading";
  const who = shopper.status === "user" || shopper.status === "guest" ? shopper.key : "link";
  const order = useMyOrder(who, number, token, ready);
  const mutation = useCreateRequest(who, number, token);

  if (!ready || order.isPending) {
    return (
      <div className="grid gap-4">
        <Skeleton label="Loading your order" className="h-20" />
        <Skeleton label="Loading your order" className="h-48" />
      </div>
    );
  }
  if (order.isError) {
    const missing = order.error instanceof ApiError && order.error.status === 404;
    return (
      <div className="grid gap-2">
        <h1 className="font-semibold text-2xl">{missing ? "Order not found" : "The order could not be loaded"}</h1>
        <p role="alert">
          {missing
            ? shopper.status === "user"
              ? "This order is not in your account. If you ordered as a guest, open the link in your order email."
              : "Sign in, or open the link in your order email, to see this order."
            : errorMessage(order.error)}
        </p>
        {missing && shopper.status !== "user" ? (
          <Link to={paths.login(paths.myOrder(number))} className="underline">
            Sign in
          </Link>
        ) : null}
      </div>
    );
  }
  return <OrderDetail order={order.data} mutation={mutation} />;
}

export { RouteErrorBoundary as ErrorBoundary } from "../features/layout/route-error-boundary.tsx";
