/**
 * /new-arrivals: every new arrival as the shop chose them (curated order, the last N
 * days, or the newest), server-rendered, with crawlable page links.
 */
import { promotionEndpoints } from "@atelier/contract";
import { Sparkles } from "lucide-react";
import { Link } from "react-router";
import { Pagination } from "../features/catalog/pagination.tsx";
import { ProductGrid } from "../features/catalog/product-card.tsx";
import { apiFrom } from "../lib/api.ts";
import { storefrontMeta } from "../lib/meta.ts";
import { paths } from "../lib/paths.ts";
import type { Route } from "./+types/new-arrivals";

export async function loader({ context, request }: Route.LoaderArgs) {
  const page = Number(new URL(request.url).searchParams.get("page") ?? "1");
  return apiFrom(context).get(promotionEndpoints.newArrivals, {
    query: { page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1, pageSize: 24 },
  });
}

export const meta: Route.MetaFunction = ({ matches }) =>
  storefrontMeta(matches, { description: "New arrivals: the latest clothing and merchandise in the shop." });

export default function NewArrivals({ loaderData }: Route.ComponentProps) {
  const { items, page, pageCount, total } = loaderData;
  return (
    <div className="mx-auto max-w-screen-xl px-4 py-10">
      <h1 className="font-bold text-3xl tracking-tight">New arrivals</h1>
      <p className="mt-1 mb-8 text-muted">
        {total} new piece{total === 1 ? "" : "s"}
      </p>
      {items.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-2xl border border-line bg-white px-6 py-14 text-center">
          <Sparkles aria-hidden className="size-8 text-muted" />
          <p className="font-medium">Nothing new right now.</p>
          <Link to={paths.home()} className="underline underline-offset-4">
            Back to the shop
          </Link>
        </div>
      ) : (
        <>
          <ProductGrid products={items} eagerCount={4} />
          <Pagination page={page} pageCount={pageCount} />
        </>
      )}
    </div>
  );
}
