/** /categories/{categoryName}: a category, or a gender ('Men', 'Women') with its categories. */

import { catalogEndpoints } from "@atelier/contract";
import { data } from "react-router";
import { PrefetchLink } from "../components/prefetch-link.tsx";
import { StoredImage } from "../components/stored-image.tsx";
import { ProductGrid } from "../features/catalog/product-card.tsx";
import { buildNavigation, navCategory } from "../features/navigation/build-navigation.ts";
import { SubCategoryColumns } from "../features/navigation/category-panel.tsx";
import { apiFrom } from "../lib/api.ts";
import { storefrontMeta } from "../lib/meta.ts";
import type { Route } from "./+types/category";

export async function loader({ params, context }: Route.LoaderArgs) {
  const api = apiFrom(context);
  const taxonomy = await api.get(catalogEndpoints.taxonomy);
  const wanted = params.categoryName.trim().toLowerCase();
  const gender = taxonomy.genders.find((entry) => entry.name.toLowerCase() === wanted);
  const category = taxonomy.categories.find((entry) => entry.name.toLowerCase() === wanted);
  if (!gender && !category) throw data(null, { status: 404 });
  const products = await api.get(catalogEndpoints.products, {
    query: gender ? { gender: gender.slug, pageSize: 8 } : { categoryId: category?.id, pageSize: 8 },
  });
  const sections = gender
    ? (buildNavigation(taxonomy).find((menu) => menu.kind === "gender" && menu.label === gender.name)?.categories ?? [])
    : category
      ? [navCategory(taxonomy, category)]
      : [];
  const title = gender?.name ?? category?.name ?? "";
  return { title, image: category?.filename ?? null, sections, products: products.items, total: products.total };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  storefrontMeta(matches, {
    heading: loaderData?.title,
    description: loaderData
      ? `Shop ${loaderData.title} at Atelier: ${loaderData.total} pieces in stock and on the way.`
      : "",
  });

export default function CategoryPage({ loaderData }: Route.ComponentProps) {
  const { title, image, sections, products, total } = loaderData;
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
          <p className="mt-1 text-muted text-sm">{total} products</p>
        </div>
      </header>
      <div className="mt-8 space-y-10">
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
      {products.length > 0 && (
        <section aria-labelledby="latest-title" className="mt-12">
          <h2 id="latest-title" className="mb-6 font-bold text-2xl tracking-tight">
            Latest in {title}
          </h2>
          <ProductGrid products={products} eagerCount={2} />
        </section>
      )}
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "../features/layout/route-error-boundary.tsx";
