import { catalogEndpoints } from "@atelier/contract";
import { ArrowRight } from "lucide-react";
import { PrefetchLink } from "../components/prefetch-link.tsx";

import { StoredImage } from "../components/stored-image.tsx";
import { ProductGrid } from "../features/catalog/product-card.tsx";
import { apiFrom } from "../lib/api.ts";
import { storefrontMeta } from "../lib/meta.ts";
import { paths } from "../lib/paths.ts";
import type { Route } from "./+types/home";

export async function loader({ context }: Route.LoaderArgs) {
  return apiFrom(context).get(catalogEndpoints.home);
}

export const meta: Route.MetaFunction = ({ matches }) =>
  storefrontMeta(matches, {
    description:
      "Clothing and merchandise by series: hoodies, tees, ethnic wear, accessories and prints, made to last.",
  });

export default function Home({ loaderData }: Route.ComponentProps) {
  const { hero, newProducts, popularProducts, categories, series } = loaderData;
  return (
    <>
      <section className="relative isolate overflow-hidden bg-stone-900 text-white">
        {hero.filename && (
          <StoredImage
            filename={hero.filename}
            srcWidth={960}
            sizes="100vw"
            alt=""
            // Absolutely placed and cropped by CSS, so these only state the intrinsic ratio.
            width={1600}
            height={900}
            loading="eager"
            fetchPriority="high"
            className="-z-10 absolute inset-0 size-full object-cover opacity-60"
          />
        )}
        <div className="mx-auto flex min-h-[22rem] max-w-screen-xl flex-col justify-end gap-4 px-4 py-14 sm:min-h-[28rem] lg:py-20">
          <p className="font-semibold text-orange-200 text-sm uppercase tracking-widest">New season</p>
          <h1 className="max-w-2xl font-bold text-4xl tracking-tight sm:text-5xl">{hero.title}</h1>
          <p className="max-w-xl text-lg text-stone-100">{hero.subtitle}</p>
          <div className="mt-2 flex flex-wrap gap-3">
            <a
              href="#new-arrivals"
              className="inline-flex items-center gap-2 rounded-full bg-white px-6 py-3 font-semibold text-ink text-sm hover:bg-orange-50"
            >
              Shop new arrivals <ArrowRight aria-hidden className="size-4" />
            </a>
            <a
              href="#categories"
              className="inline-flex items-center rounded-full border border-white/70 px-6 py-3 font-semibold text-sm hover:bg-white/10"
            >
              Browse categories
            </a>
          </div>
        </div>
      </section>

      <section id="new-arrivals" aria-labelledby="new-arrivals-title" className="mx-auto max-w-screen-xl px-4 py-14">
        <div className="mb-6 flex items-baseline justify-between gap-4">
          <h2 id="new-arrivals-title" className="font-bold text-2xl tracking-tight">
            New arrivals
          </h2>
          <PrefetchLink
            to={paths.newArrivals()}
            className="inline-flex items-center gap-1 font-medium text-sm underline-offset-4 hover:underline"
          >
            See all <span className="sr-only">new arrivals</span>
            <ArrowRight aria-hidden className="size-4" />
          </PrefetchLink>
        </div>
        {/* Below the hero (the page's LCP image): the cards load lazily rather than compete with it. */}
        <ProductGrid products={newProducts} />
      </section>

      {popularProducts.length > 0 && (
        <section aria-labelledby="popular-title" className="mx-auto max-w-screen-xl px-4 pb-14">
          <h2 id="popular-title" className="mb-6 font-bold text-2xl tracking-tight">
            Popular right now
          </h2>
          <ProductGrid products={popularProducts} />
        </section>
      )}

      <section id="categories" aria-labelledby="categories-title" className="mx-auto max-w-screen-xl px-4 py-6">
        <h2 id="categories-title" className="mb-6 font-bold text-2xl tracking-tight">
          Shop by category
        </h2>
        <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4">
          {categories.map((category) => (
            <li key={category.id}>
              <PrefetchLink
                to={paths.category(category.name)}
                className="group relative block overflow-hidden rounded-xl bg-stone-200"
              >
                {category.filename && (
                  <StoredImage
                    filename={category.filename}
                    srcWidth={480}
                    sizes="(min-width: 1200px) 18rem, (min-width: 600px) 33vw, 50vw"
                    alt=""
                    loading="lazy"
                    width={480}
                    height={600}
                    className="aspect-[4/5] w-full object-cover transition-transform duration-300 group-hover:scale-105"
                  />
                )}
                <span className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/70 to-transparent p-4 font-semibold text-white">
                  {category.name}
                </span>
              </PrefetchLink>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="series-title" className="mx-auto max-w-screen-xl px-4 py-14">
        <h2 id="series-title" className="mb-6 font-bold text-2xl tracking-tight">
          Our series
        </h2>
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {series.map((entry) => (
            <li key={entry.id} className="relative overflow-hidden rounded-xl border border-line bg-white">
              {entry.filename && (
                <StoredImage
                  filename={entry.filename}
                  srcWidth={480}
                  sizes="(min-width: 1200px) 24rem, (min-width: 600px) 50vw, 100vw"
                  alt=""
                  loading="lazy"
                  width={480}
                  height={270}
                  className="aspect-video w-full object-cover"
                />
              )}
              <div className="p-5">
                <h3 className="font-semibold">
                  {/* A series' page is its name under /categories (see routes/category.tsx). */}
                  <PrefetchLink
                    to={paths.category(entry.name)}
                    className="after:absolute after:inset-0 hover:underline"
                  >
                    {entry.name}
                  </PrefetchLink>
                </h3>
                <p className="mt-1 text-muted text-sm">{entry.description}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>

      <section id="about" aria-labelledby="about-title" className="bg-brand-soft">
        <div className="mx-auto grid max-w-screen-xl gap-6 px-4 py-14 md:grid-cols-2">
          <h2 id="about-title" className="font-bold text-2xl tracking-tight">
            About Atelier
          </h2>
          <div className="space-y-3 text-muted">
            <p>
              Atelier began as a two-person print studio and grew into a shop for clothing and merchandise released in
              series: small, considered collections designed together and made in limited runs.
            </p>
            <p>
              We work with independent artists and creators on collabs, print on demand in our own workshop, and take
              customization requests for teams, events and gifts.
            </p>
          </div>
        </div>
      </section>
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "../features/layout/route-error-boundary.tsx";
