/** /products/{categoryId}: the published products of a sub-sub-category, paginated. */
import { catalogEndpoints, type ProductSort } from "@atelier/contract";
import { productSorts } from "@atelier/contract/constants";
import { data, Form, Link, useSubmit } from "react-router";
import { Pagination } from "../features/catalog/pagination.tsx";
import { ProductGrid } from "../features/catalog/product-card.tsx";
import { apiFrom } from "../lib/api.ts";
import { storefrontMeta } from "../lib/meta.ts";
import { paths } from "../lib/paths.ts";
import type { Route } from "./+types/products";

const sortLabels: Record<ProductSort, string> = {
  newest: "Newest",
  popular: "Most popular",
  "price-asc": "Price: low to high",
  "price-desc": "Price: high to low",
  name: "Name",
};

function parseSort(value: string | null): ProductSort {
  return productSorts.find((sort) => sort === value) ?? "newest";
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  if (!/^\d{1,9}$/.test(params.categoryId)) throw data(null, { status: 404 });
  const id = Number(params.categoryId);
  const url = new URL(request.url);
  const page = Math.max(1, Math.min(10_000, Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1));
  const sort = parseSort(url.searchParams.get("sort"));
  const api = apiFrom(context);
  const taxonomy = await api.get(catalogEndpoints.taxonomy);
  const subSub = taxonomy.subSubCategories.find((entry) => entry.id === id);
  const sub = taxonomy.subCategories.find((entry) => entry.id === subSub?.subCategoryId);
  const category = taxonomy.categories.find((entry) => entry.id === sub?.categoryId);
  if (!subSub || !sub || !category || sub.isDisabled) throw data(null, { status: 404 });
  const gender = taxonomy.genders.find((entry) => entry.slug === url.searchParams.get("gender"));
  const list = await api.get(catalogEndpoints.products, {
    query: { subSubCategoryId: id, page, sort, gender: gender?.slug, pageSize: 24 },
  });
  return { subSub, sub, category, gender: gender ?? null, sort, list };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  storefrontMeta(matches, {
    heading: loaderData?.subSub.name,
    description: loaderData
      ? `${loaderData.subSub.name} in ${loaderData.category.name}: ${loaderData.list.total} products at Atelier.`
      : "",
  });

export default function ProductList({ loaderData }: Route.ComponentProps) {
  const { subSub, sub, category, gender, sort, list } = loaderData;
  const submit = useSubmit();
  return (
    <div className="mx-auto max-w-screen-xl px-4 py-8">
      <nav aria-label="Breadcrumb" className="text-muted text-sm">
        <ol className="flex flex-wrap items-center gap-1">
          <li>
            <Link to={paths.home()} className="hover:text-ink">
              Home
            </Link>{" "}
            /
          </li>
          {gender && (
            <li>
              <Link to={paths.category(gender.name)} className="hover:text-ink">
                {gender.name}
              </Link>{" "}
              /
            </li>
          )}
          <li>
            <Link to={paths.category(category.name)} className="hover:text-ink">
              {category.name}
            </Link>{" "}
            / {sub.name}
          </li>
        </ol>
      </nav>
      <div className="mt-4 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="font-bold text-3xl tracking-tight">
            {gender ? `${gender.name}'s ` : ""}
            {subSub.name}
          </h1>
          <p className="mt-1 text-muted text-sm" data-testid="result-count">
            {list.total === 1 ? "1 product" : `${list.total} products`}
          </p>
        </div>
        <Form method="get" className="flex items-center gap-2" onChange={(event) => submit(event.currentTarget)}>
          {gender && <input type="hidden" name="gender" value={gender.slug} />}
          <label htmlFor="sort" className="text-muted text-sm">
            Sort by
          </label>
          <select
            id="sort"
            name="sort"
            defaultValue={sort}
            className="h-10 rounded-full border border-line bg-white px-3 text-sm"
          >
            {productSorts.map((value) => (
              <option key={value} value={value}>
                {sortLabels[value]}
              </option>
            ))}
          </select>
          <noscript>
            <button type="submit" className="rounded-full border border-line px-3 py-2 text-sm">
              Apply
            </button>
          </noscript>
        </Form>
      </div>
      <div className="mt-8">
        {list.items.length > 0 ? (
          <ProductGrid products={list.items} eagerCount={4} headingLevel={2} />
        ) : (
          <div className="rounded-2xl border border-line border-dashed bg-white p-12 text-center">
            <p className="font-medium">No products here yet.</p>
            <p className="mt-1 text-muted text-sm">
              New pieces arrive every week: have a look at our other categories.
            </p>
          </div>
        )}
      </div>
      <Pagination page={list.page} pageCount={list.pageCount} />
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "../features/layout/route-error-boundary.tsx";
