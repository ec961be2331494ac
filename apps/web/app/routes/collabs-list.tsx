/** /collabs/artist and /collabs/influencer: the live collaborators of that kind. */
import { collabEndpoints } from "@atelier/contract";
import { data } from "react-router";
import { Breadcrumbs } from "../features/catalog/breadcrumbs.tsx";
import { CollabCards } from "../features/collabs/collab-cards.tsx";
import { apiFrom } from "../lib/api.ts";
import { storefrontMeta } from "../lib/meta.ts";
import { paths } from "../lib/paths.ts";
import type { Route } from "./+types/collabs-list";

const copy = {
  artist: {
    heading: "Artist Collabs",
    intro: "Independent artists we print with: each collaboration pays its artist a royalty on every piece sold.",
  },
  influencer: {
    heading: "Influencer Collabs",
    intro: "Series designed together with creators you follow, often in limited drops.",
  },
} as const;

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const kind = params.kind;
  if (kind !== "artist" && kind !== "influencer") throw data(null, { status: 404 });
  const cards = await apiFrom(context).get(collabEndpoints.list, { query: { kind } });
  return { kind: kind as "artist" | "influencer", cards, canonical: `${new URL(request.url).origin}/collabs/${kind}` };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  storefrontMeta(matches, {
    heading: loaderData ? copy[loaderData.kind].heading : undefined,
    description: loaderData ? copy[loaderData.kind].intro : "",
    canonical: loaderData?.canonical,
  });

export default function CollabsList({ loaderData }: Route.ComponentProps) {
  const { kind, cards } = loaderData;
  return (
    <div className="mx-auto max-w-screen-xl px-4 py-8">
      <Breadcrumbs trail={[{ label: "Home", href: paths.home() }, { label: copy[kind].heading }]} />
      <h1 className="mt-4 font-bold text-3xl tracking-tight">{copy[kind].heading}</h1>
      <p className="mt-2 mb-8 max-w-2xl text-stone-700">{copy[kind].intro}</p>
      <CollabCards cards={cards} />
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "../features/layout/route-error-boundary.tsx";
