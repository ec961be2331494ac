/** /customization: the shopper's customization requests and their status (issue 7). */
import { QueryClientProvider } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "react-router";
import { Skeleton } from "../components/form-field.tsx";
import { useMyCustomizations } from "../features/customization/api.ts";
import { createShopperQueryClient } from "../features/orders/api.ts";
import { useShopper } from "../features/orders/use-shopper.ts";
import { storefrontMeta } from "../lib/meta.ts";
import type { Route } from "./+types/customization-list";

export const meta: Route.MetaFunction = ({ matches }) => [
  ...storefrontMeta(matches, { heading: "My customization requests", description: "Your requests and their status." }),
  { name: "robots", content: "noindex" },
];

export default function CustomizationList() {
  const [client] = useState(createShopperQueryClient);
  return (
    <QueryClientProvider client={client}>
      <div className="mx-auto w-full max-w-3xl px-4 py-6 min-[900px]:py-10">
        <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
          <h1 className="font-semibold text-2xl">My customization requests</h1>
          <Link to="/customization/new" className="underline">
            Request a customization
          </Link>
        </div>
        <Requests />
      </div>
    </QueryClientProvider>
  );
}

function Requests() {
  const shopper = useShopper();
  const ready = shopper.status === "user" || shopper.status === "guest";
  const list = useMyCustomizations(ready ? shopper.key : "nobody", ready);
  if (shopper.status === "loading" || (ready && list.isPending)) return <Skeleton label="Loading your requests" />;
  if (!list.data) return <p role="alert">Your requests could not be loaded.</p>;
  if (list.data.length === 0) return <p>No requests yet.</p>;
  return (
    <ul className="grid gap-3">
      {list.data.map((request) => (
        <li key={request.id} className="rounded-xl border border-line bg-white p-4">
          <Link to={`/customization/${request.id}`} className="font-medium underline">
            Request #{request.id}
          </Link>{" "}
          <span className="text-sm">· {request.status}</span>
          <p className="line-clamp-2 text-muted text-sm">{request.description}</p>
        </li>
      ))}
    </ul>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "../features/layout/route-error-boundary.tsx";
