/**
 * /collabs/{kind}/{slug}: a collaborator's banner, portrait, bio (Markdown rendered on the
 * server, raw HTML escaped), links, drops with their countdowns, and their products with
 * the product list's filters and sorts. Title, description, OpenGraph image and JSON-LD
 * (Person for artists, Organization-like Person for influencers, with the products).
 */
import { catalogEndpoints, collabEndpoints } from "@atelier/contract";
import { data } from "react-router";
import { StoredImage } from "../components/stored-image.tsx";
import { JsonLdScript, MarkdownHtml } from "../components/trusted-html.tsx";
import { Breadcrumbs } from "../features/catalog/breadcrumbs.tsx";
import { CatalogListing } from "../features/catalog/catalog-listing.tsx";
import { listApiQuery, readListState } from "../features/catalog/list-query.ts";
import { Countdown } from "../features/collabs/countdown.tsx";
import { dropExpiryHeaders } from "../features/collabs/drop-expiry.ts";
import { LazyNotifyForm } from "../features/collabs/lazy-notify-form.tsx";
import { ApiError, apiFrom } from "../lib/api.ts";
import { imageUrl } from "../lib/images.ts";
import { renderMarkdown } from "../lib/markdown.server.ts";
import { canonicalUrl, storefrontMeta } from "../lib/meta.ts";
import { paths } from "../lib/paths.ts";
import { jsonLdText } from "../lib/structured-data.ts";
import type { Route } from "./+types/collab-page";

const kindHeading = { artist: "Artist Collabs", influencer: "Influencer Collabs" } as const;

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const kind = params.kind;
  if (kind !== "artist" && kind !== "influencer") throw data(null, { status: 404 });
  const api = apiFrom(context);
  let collab: Awaited<ReturnType<typeof api.get<typeof collabEndpoints.one>>>;
  try {
    collab = await api.get(collabEndpoints.one, { params: { kind, slug: params.slug } });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw data(null, { status: 404 });
    throw error;
  }
  const url = new URL(request.url);
  const state = readListState(url.searchParams);
  const settings = await api.get(catalogEndpoints.store);
  const list = await api.get(catalogEndpoints.products, {
    query: { ...listApiQuery(state, settings.currency), collaboratorId: collab.id, pageSize: 24 },
  });
  const origin = url.origin;
  const canonical = `${origin}/collabs/${kind}/${encodeURIComponent(collab.slug)}`;
  const picture = collab.banner ?? collab.portrait;
  const jsonLd = jsonLdText({
    "@context": "https://schema.org",
    "@type": "Person",
    name: collab.name,
    description: collab.shortBio,
    url: canonical,
    ...(collab.portrait ? { image: `${origin}${imageUrl(collab.portrait, 960)}` } : {}),
    ...(collab.socialLinks.length > 0 ? { sameAs: collab.socialLinks.map((link) => link.url) } : {}),
    ...(collab.country ? { nationality: collab.country } : {}),
    makesOffer: list.items.map((item) => ({
      "@type": "Offer",
      itemOffered: { "@type": "Product", name: item.name, url: `${origin}${paths.productDetails(item.id)}` },
    })),
  });
  // Cached for every shopper until the next launch or end of its drops (then rendered anew).
  return data(
    {
      collab,
      bioHtml: renderMarkdown(collab.bio),
      state,
      list,
      currency: settings.currency,
      canonical: canonicalUrl(request.url, ["page"]).replace(/^[^?]*/, canonical),
      image: picture
        ? { url: `${origin}${imageUrl(picture, 960)}`, width: 960, height: 540, alt: collab.name }
        : undefined,
      jsonLd,
    },
    { headers: dropExpiryHeaders(collab.drops) },
  );
}

// Passes the loader's X-Page-Expires on to the page cache.
export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  storefrontMeta(matches, {
    heading: loaderData?.collab.name,
    description: loaderData ? loaderData.collab.shortBio || `${loaderData.collab.name} at Atelier.` : "",
    canonical: loaderData?.canonical,
    image: loaderData?.image,
  });

export default function CollabPage({ loaderData }: Route.ComponentProps) {
  const { collab, bioHtml, state, list, currency, jsonLd } = loaderData;
  const upcoming = collab.drops.filter((drop) => drop.state === "upcoming");
  return (
    <div>
      {collab.banner && (
        <div className="aspect-[3/1] max-h-80 w-full overflow-hidden bg-stone-100">
          <StoredImage
            filename={collab.banner}
            srcWidth={1600}
            alt=""
            sizes="100vw"
            className="size-full object-cover"
          />
        </div>
      )}
      <div className="mx-auto max-w-screen-xl px-4 py-8">
        <Breadcrumbs
          trail={[
            { label: "Home", href: paths.home() },
            { label: kindHeading[collab.kind], href: `/collabs/${collab.kind}` },
            { label: collab.name },
          ]}
        />
        <div className="mt-6 flex flex-col gap-6 sm:flex-row sm:items-start">
          {collab.portrait && (
            <StoredImage
              filename={collab.portrait}
              srcWidth={240}
              alt={`Portrait of ${collab.name}`}
              className="size-32 shrink-0 rounded-full object-cover"
            />
          )}
          <div className="min-w-0 space-y-3">
            <h1 className="font-bold text-3xl tracking-tight">{collab.name}</h1>
            {collab.status === "ended" && <p className="text-muted text-sm">This collaboration has ended.</p>}
            <MarkdownHtml html={bioHtml} className="max-w-3xl" />
            {collab.socialLinks.length > 0 && (
              <ul className="flex flex-wrap gap-3 text-sm">
                {collab.socialLinks.map((link) => (
                  <li key={link.url}>
                    <a href={link.url} rel="noopener noreferrer me" target="_blank" className="underline">
                      {link.label}
                    </a>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </div>
        {upcoming.map((drop) => (
          <section
            key={drop.id}
            aria-label={`Drop: ${drop.title}`}
            className="mt-8 grid gap-4 rounded-2xl border border-amber-300 bg-amber-50 p-5 md:grid-cols-2"
          >
            <div>
              <h2 className="font-semibold text-xl">{drop.title}</h2>
              <Countdown launchAt={drop.launchAt} label="Launches in" />
            </div>
            <LazyNotifyForm target={{ dropId: drop.id }} />
          </section>
        ))}
        <h2 className="mt-10 mb-4 font-bold text-2xl tracking-tight">The collection</h2>
        <CatalogListing list={list} state={state} hidden={{}} currency={currency} />
      </div>
      <JsonLdScript json={jsonLd} />
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "../features/layout/route-error-boundary.tsx";
