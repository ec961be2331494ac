/** /products/{categoryId}: the published products of a sub-sub-category, filtered, sorted, paginated. */
import { catalogEndpoints } from "@atelier/contract";
import { data } from "react-router";
import { Breadcrumbs } from "../features/catalog/breadcrumbs.tsx";
import { CatalogListing } from "../features/catalog/catalog-listing.tsx";
import { listApiQuery, readListState } from "../features/catalog/list-query.ts";
import { apiFrom } from "../lib/api.ts";
import { canonicalUrl, storefrontMeta } from "../lib/meta.ts";
import { paths } from "../lib/paths.ts";
import type { Route } from "./+types/products";

export async function loader({ params, request, context }: Route.LoaderArgs) {
  if (!/^\d{1,9}$/.test(params.categoryId)) throw data(null, { status: 404 });
  const id = Number(params.categoryId);
  const url = new URL(request.url);
  const state = readListState(url.searchParams);
  const api = apiFrom(context);
  const [taxonomy, settings] = await Promise.all([api.get(catalogEndpoints.taxonomy), api.get(catalogEndpoints.store)]);
  const subSub = taxonomy.subSubCategories.find((entry) => entry.id === id);
  const sub = taxonomy.subCategories.find((entry) => entry.id === subSub?.subCategoryId);
  const category = taxonomy.categories.find((entry) => entry.id === sub?.categoryId);
  if (!subSub || !sub || !category || sub.isDisabled) throw data(null, { status: 404 });
  const gender = taxonomy.genders.find((entry) => entry.slug === url.searchParams.get("gender"));
  const list = await api.get(catalogEndpoints.products, {
    query: { ...listApiQuery(state, settings.currency), subSubCategoryId: id, gender: gender?.slug, pageSize: 24 },
  });
  return {
    subSub,
    sub,
    category,
    gender: gender ?? null,
    state,
    list,
    currency: settings.currency,
    canonical: canonicalUrl(request.url, ["gender", "page"]),
  };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  storefrontMeta(matches, {
    heading: loaderData?.subSub.name,
    canonical: loaderData?.canonical,
    description: loaderData
      ? `${loaderData.subSub.name} in ${loaderData.category.name}: ${loaderData.list.total} products at Atelier.`
      : "",
  });

export default function ProductList({ loaderData }: Route.ComponentProps) {
  const { subSub, sub, category, gender, state, list, currency } = loaderData;
  return (
    <div className="mx-auto max-w-screen-xl px-4 py-8">
      <Breadcrumbs
        trail={[
          { label: "Home", href: paths.home() },
          ...(gender ? [{ label: gender.name, href: paths.category(gender.name) }] : []),
          { label: category.name, href: paths.category(category.name) },
          { label: sub.name },
          { label: subSub.name },
        ]}
      />
      <h1 className="mt-4 mb-6 font-bold text-3xl tracking-tight">
        {gender ? `${gender.name}'s ` : ""}
        {subSub.name}
      </h1>
      <CatalogListing list={list} state={state} hidden={gender ? { gender: gender.slug } : {}} currency={currency} />
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "../features/layout/route-error-boundary.tsx";
