/**
 * /my-orders (spec section 2, order tracking): the shopper's orders, newest first, drafts
 * hidden (spec section 4). The server renders the shell; the list loads in the browser,
 * where the bearer or guest token is. Guests see their guest orders and an invitation to sign in.
 */
import type { OrderSummary } from "@atelier/contract";
import { QueryClientProvider } from "@tanstack/react-query";
import { Package } from "lucide-react";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { Skeleton } from "../components/form-field.tsx";
import { StoredImage } from "../components/stored-image.tsx";
import { createShopperQueryClient, errorMessage, useMyOrders } from "../features/orders/api.ts";
import { formatDate, paymentStateLabels, statusLabels, statusTone } from "../features/orders/labels.ts";
import { useShopper } from "../features/orders/use-shopper.ts";
import { storefrontMeta } from "../lib/meta.ts";
import { formatMoney } from "../lib/money.ts";
import { paths } from "../lib/paths.ts";
import type { Route } from "./+types/my-orders";

export const meta: Route.MetaFunction = ({ matches }) => [
  ...storefrontMeta(matches, { heading: "My orders", description: "Track your orders." }),
  { name: "robots", content: "noindex" },
];

export default function MyOrders() {
  const [client] = useState(createShopperQueryClient);
  return (
    <QueryClientProvider client={client}>
      <div className="mx-auto w-full max-w-4xl px-4 py-6 min-[900px]:py-10">
        <h1 className="mb-6 font-semibold text-2xl">My orders</h1>
        <OrdersList />
      </div>
    </QueryClientProvider>
  );
}

export function SignInInvitation({ what }: { what: string }) {
  return (
    <p className="rounded-xl border border-line bg-brand-soft p-4 text-sm">
      You are shopping as a guest. {what}{" "}
      <Link to={paths.login(paths.myOrders())} className="font-medium underline">
        Sign in
      </Link>{" "}
      to keep every order in your account; orders placed as a guest are also in the link of their confirmation email.
    </p>
  );
}

function OrdersList() {
  const shopper = useShopper();
  const [search, setSearch] = useSearchParams();
  const page = Math.max(1, Number(search.get("page")) || 1);
  const ready = shopper.status === "user" || shopper.status === "guest";
  const orders = useMyOrders(ready ? shopper.key : "", page, ready);

  if (shopper.status === "nobody")
    return <SignInInvitation what="Open the link in your order email to see an order." />;
  if (!ready || orders.isPending) {
    return (
      <div className="grid gap-3">
        <Skeleton label="Loading your orders" className="h-24" />
        <Skeleton label="Loading your orders" className="h-24" />
      </div>
    );
  }
  if (orders.isError) return <p role="alert">{errorMessage(orders.error)}</p>;
  const { items, pageCount } = orders.data;
  return (
    <div className="grid gap-4">
      {shopper.status === "guest" ? <SignInInvitation what="These are the orders placed in this browser." /> : null}
      {items.length === 0 ? (
        <div className="grid justify-items-center gap-3 rounded-xl border border-line bg-white p-10 text-center">
          <Package aria-hidden className="size-10 text-muted" />
          <p className="font-medium">No orders yet</p>
          <Link to={paths.home()} className="underline">
            Start shopping
          </Link>
        </div>
      ) : (
        <ul className="grid gap-3">
          {items.map((order) => (
            <OrderRow key={order.number} order={order} />
          ))}
        </ul>
      )}
      {pageCount > 1 ? (
        <nav aria-label="Pages" className="flex items-center justify-between text-sm">
          <button
            type="button"
            className="underline disabled:text-muted disabled:no-underline"
            disabled={page <= 1}
            onClick={() => setSearch({ page: String(page - 1) })}
          >
            Newer orders
          </button>
          <span>
            Page {page} of {pageCount}
          </span>
          <button
            type="button"
            className="underline disabled:text-muted disabled:no-underline"
            disabled={page >= pageCount}
            onClick={() => setSearch({ page: String(page + 1) })}
          >
            Older orders
          </button>
        </nav>
      ) : null}
    </div>
  );
}

export function OrderRow({ order }: { order: OrderSummary }) {
  return (
    <li>
      <Link
        to={paths.myOrder(order.number)}
        className="flex items-center gap-4 rounded-xl border border-line bg-white p-3 hover:border-stone-400 focus-visible:outline-2"
      >
        {order.filename ? (
          <StoredImage
            filename={order.filename}
            srcWidth={240}
            alt=""
            sizes="64px"
            className="size-16 rounded-lg object-cover"
            loading="lazy"
          />
        ) : (
          <span className="size-16 rounded-lg bg-stone-100" />
        )}
        <span className="grid min-w-0 flex-1 gap-0.5 text-sm">
          <span className="font-semibold">Order {order.number}</span>
          <span className="text-muted">
            {formatDate(order.placedAt)} · {order.itemCount} {order.itemCount === 1 ? "item" : "items"} ·{" "}
            {paymentStateLabels[order.paymentState]}
          </span>
        </span>
        <span className="grid justify-items-end gap-1 text-sm">
          <span className={`rounded-full px-2.5 py-0.5 font-medium text-xs ${statusTone(order.status)}`}>
            {statusLabels[order.status]}
          </span>
          <span className="font-medium">{formatMoney(order.total, order.currency)}</span>
        </span>
      </Link>
    </li>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "../features/layout/route-error-boundary.tsx";
