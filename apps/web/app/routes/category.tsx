/**
 * /categories/{categoryName}: a category, a gender ('Men', 'Women') with its categories,
 * or a series, by name; then its products with the list's filters, sort and pages.
 * (Series have no route of their own in the spec; their page lives here.)
 */
import { catalogEndpoints } from "@atelier/contract";
import { data } from "react-router";
import { PrefetchLink } from "../components/prefetch-link.tsx";
import { StoredImage } from "../components/stored-image.tsx";
import { CatalogListing } from "../features/catalog/catalog-listing.tsx";
import { listApiQuery, readListState } from "../features/catalog/list-query.ts";
import { navCategory, navigationOf } from "../features/navigation/build-navigation.ts";
import { SubCategoryColumns } from "../features/navigation/category-panel.tsx";
import { apiFrom } from "../lib/api.ts";
import { canonicalUrl, storefrontMeta } from "../lib/meta.ts";
import type { Route } from "./+types/category";

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const api = apiFrom(context);
  const [taxonomy, allSeries, settings] = await Promise.all([
    api.get(catalogEndpoints.taxonomy),
    api.get(catalogEndpoints.series),
    api.get(catalogEndpoints.store),
  ]);
  const wanted = params.categoryName.trim().toLowerCase();
  const gender = taxonomy.genders.find((entry) => entry.name.toLowerCase() === wanted);
  const category = gender ? undefined : taxonomy.categories.find((entry) => entry.name.toLowerCase() === wanted);
  const series = gender || category ? undefined : allSeries.find((entry) => entry.name.toLowerCase() === wanted);
  if (!gender && !category && !series) throw data(null, { status: 404 });
  const state = readListState(new URL(request.url).searchParams);
  const base = gender ? { gender: gender.slug } : category ? { categoryId: category.id } : { seriesId: series?.id };
  const list = await api.get(catalogEndpoints.products, {
    query: { ...listApiQuery(state, settings.currency), ...base, pageSize: 24 },
  });
  const sections = gender
    ? (navigationOf(taxonomy).find((menu) => menu.kind === "gender" && menu.label === gender.name)?.categories ?? [])
    : category
      ? [navCategory(taxonomy, category)]
      : [];
  return {
    title: gender?.name ?? category?.name ?? series?.name ?? "",
    intro: series?.description ?? null,
    image: category?.filename ?? series?.filename ?? null,
    isSeries: Boolean(series),
    sections,
    state,
    list,
    currency: settings.currency,
    canonical: canonicalUrl(request.url),
  };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  storefrontMeta(matches, {
    heading: loaderData?.title,
    canonical: loaderData?.canonical,
    description: loaderData
      ? loaderData.intro ||
        `Shop ${loaderData.title} at Atelier: ${loaderData.list.total} pieces in stock and on the way.`
      : "",
  });

export default function CategoryPage({ loaderData }: Route.ComponentProps) {
  const { title, intro, image, isSeries, sections, state, list, currency } = loaderData;
  return (
    <div className="mx-auto max-w-screen-xl px-4 py-10">
      <header className="flex items-center gap-6">
        {image && (
          <StoredImage
            filename={image}
            srcWidth={240}
            sizes="6rem"
            alt=""
            width={96}
            height={120}
            className="hidden aspect-[4/5] w-24 rounded-xl object-cover lg:block"
          />
        )}
        <div>
          <h1 className="font-bold text-3xl tracking-tight">{title}</h1>
          {intro && <p className="mt-1 max-w-2xl text-muted">{intro}</p>}
          {title.toLowerCase() === "customize" && (
            <a href="/customization/new" className="mt-3 inline-block rounded-lg bg-ink px-4 py-2 text-white">
              Request a customization
            </a>
          )}
        </div>
      </header>
      {sections.length > 0 && (
        <div className="mt-8 space-y-6">
          {sections.map((section) => (
            <section key={section.id} aria-label={section.name} className="rounded-2xl border border-line bg-white p-6">
              {sections.length > 1 && (
                <h2 className="mb-4 font-semibold text-xl">
                  <PrefetchLink to={section.href} className="hover:underline">
                    {section.name}
                  </PrefetchLink>
                </h2>
              )}
              <SubCategoryColumns category={section} headingLevel={sections.length > 1 ? 3 : 2} />
            </section>
          ))}
        </div>
      )}
      <h2 className="mt-12 mb-6 font-bold text-2xl tracking-tight">All {title}</h2>
      <CatalogListing list={list} state={state} showSeries={!isSeries} currency={currency} cardHeadingLevel={3} />
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "../features/layout/route-error-boundary.tsx";
