/**
 * /dashboard (spec section 2): profile, saved addresses, recent orders, wishlist, open
 * requests, change password and sign out. A guest sees what a guest has (orders placed in
 * this browser, the wishlist) and an invitation to sign in. Data loads in the browser.
 */
import { QueryClientProvider } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "react-router";
import { Skeleton, secondaryButton } from "../components/form-field.tsx";
import { StoredImage } from "../components/stored-image.tsx";
import { AddressBook } from "../features/account/address-book.tsx";
import { useOverview } from "../features/account/api.ts";
import { PasswordSection } from "../features/account/password-form.tsx";
import { ProfileSection } from "../features/account/profile-form.tsx";
import { TwoStepSection } from "../features/account/two-step-section.tsx";
import { CustomizationSection } from "../features/customization/dashboard-section.tsx";
import { logOut } from "../features/identity/auth-client.ts";
import { createShopperQueryClient } from "../features/orders/api.ts";
import { formatDateTime, requestKindLabels, requestStatusLabels } from "../features/orders/labels.ts";
import { useShopper } from "../features/orders/use-shopper.ts";
import { storefrontMeta } from "../lib/meta.ts";
import { paths } from "../lib/paths.ts";
import type { Route } from "./+types/dashboard";
import { OrderRow, SignInInvitation } from "./my-orders.tsx";

export const meta: Route.MetaFunction = ({ matches }) => [
  ...storefrontMeta(matches, { heading: "Dashboard", description: "Your account, orders and wishlist." }),
  { name: "robots", content: "noindex" },
];

export default function Dashboard() {
  const [client] = useState(createShopperQueryClient);
  return (
    <QueryClientProvider client={client}>
      <div className="mx-auto w-full max-w-5xl px-4 py-6 min-[900px]:py-10">
        <DashboardPage />
      </div>
    </QueryClientProvider>
  );
}

function DashboardPage() {
  const shopper = useShopper();
  const ready = shopper.status === "user" || shopper.status === "guest";
  const overview = useOverview(ready ? shopper.key : "", ready);
  if (shopper.status === "nobody") {
    return (
      <>
        <h1 className="mb-6 font-semibold text-2xl">Dashboard</h1>
        <SignInInvitation what="Your orders and wishlist will show here." />
      </>
    );
  }
  if (!ready) return <Skeleton label="Loading your dashboard" className="h-64" />;
  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="font-semibold text-2xl">{shopper.status === "user" ? `Hello, ${shopper.name}` : "Dashboard"}</h1>
        {shopper.status === "user" ? (
          <button type="button" className={secondaryButton} onClick={() => void logOut()}>
            Sign out
          </button>
        ) : null}
      </div>
      {shopper.status === "guest" ? <SignInInvitation what="This is what this browser holds." /> : null}
      <div className="grid gap-6 min-[900px]:grid-cols-2">
        <section aria-labelledby="recent-heading" className="rounded-xl border border-line bg-white p-4">
          <div className="mb-3 flex items-baseline justify-between">
            <h2 id="recent-heading" className="font-semibold text-lg">
              Recent orders
            </h2>
            <Link to={paths.myOrders()} className="text-sm underline">
              All orders
            </Link>
          </div>
          {overview.isPending ? (
            <Skeleton label="Loading your orders" className="h-32" />
          ) : overview.isError ? (
            <p role="alert">{overview.error.message}</p>
          ) : overview.data.recentOrders.length === 0 ? (
            <p className="text-muted text-sm">No orders yet.</p>
          ) : (
            <ul className="grid gap-2">
              {overview.data.recentOrders.map((order) => (
                <OrderRow key={order.number} order={order} />
              ))}
            </ul>
          )}
        </section>
        <div className="grid content-start gap-6">
          <section aria-labelledby="wishlist-heading" className="rounded-xl border border-line bg-white p-4">
            <div className="mb-3 flex items-baseline justify-between">
              <h2 id="wishlist-heading" className="font-semibold text-lg">
                Wishlist
              </h2>
              <Link to={paths.wishlist()} className="text-sm underline">
                {overview.data ? `See all ${overview.data.wishlist.count}` : "See all"}
              </Link>
            </div>
            {overview.isPending ? (
              <Skeleton label="Loading your wishlist" className="h-20" />
            ) : overview.data?.wishlist.items.length ? (
              <ul className="grid grid-cols-4 gap-2">
                {overview.data.wishlist.items.map((item) => (
                  <li key={item.productId}>
                    <Link to={paths.productDetails(item.productId)} className="grid gap-1 text-xs">
                      {item.filename ? (
                        <StoredImage
                          filename={item.filename}
                          srcWidth={240}
                          alt=""
                          sizes="96px"
                          className="aspect-square w-full rounded-lg object-cover"
                          loading="lazy"
                        />
                      ) : (
                        <span className="aspect-square rounded-lg bg-stone-100" />
                      )}
                      <span className="line-clamp-2">{item.name}</span>
                    </Link>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-muted text-sm">Nothing saved yet. Tap the heart on a product to keep it here.</p>
            )}
          </section>
          <section aria-labelledby="requests-heading" className="rounded-xl border border-line bg-white p-4">
            <h2 id="requests-heading" className="mb-3 font-semibold text-lg">
              Open requests
            </h2>
            {overview.isPending ? (
              <Skeleton label="Loading your requests" className="h-16" />
            ) : overview.data?.openRequests.length ? (
              <ul className="grid gap-2 text-sm">
                {overview.data.openRequests.map((request) => (
                  <li key={request.id}>
                    <Link to={paths.myOrder(request.orderNumber)} className="underline">
                      {requestKindLabels[request.kind]} of order {request.orderNumber}
                    </Link>{" "}
                    · {requestStatusLabels[request.status]} · {formatDateTime(request.createdAt)}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-muted text-sm">No open cancel or return requests.</p>
            )}
          </section>
          <CustomizationSection who={shopper.key} />
        </div>
      </div>
      {shopper.status === "user" ? (
        <>
          <div className="grid gap-6 min-[900px]:grid-cols-2">
            <ProfileSection who={shopper.key} />
            <PasswordSection email={shopper.key.replace(/^user:/, "")} name={shopper.name} />
            <TwoStepSection who={shopper.key} />
          </div>
          <AddressBook who={shopper.key} />
        </>
      ) : null}
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "../features/layout/route-error-boundary.tsx";
