/** The footer's content pages (/careers, /press, … /cookies). */
import { data } from "react-router";
import { contentPages } from "../features/content/pages.ts";
import { storefrontMeta } from "../lib/meta.ts";
import { contentSlugs } from "../lib/paths.ts";
import type { Route } from "./+types/content-page";

export function loader({ request }: Route.LoaderArgs) {
  // A client-side navigation asks for `/shipping.data`: the page is the path without it.
  const pathname = new URL(request.url).pathname.replace(/\.data$/, "");
  const slug = contentSlugs.find((candidate) => pathname === `/${candidate}`);
  if (!slug) throw data(null, { status: 404 });
  return contentPages[slug];
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  storefrontMeta(matches, { heading: loaderData?.title, description: loaderData?.intro ?? "" });

export default function ContentPage({ loaderData }: Route.ComponentProps) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="font-bold text-3xl tracking-tight">{loaderData.title}</h1>
      <p className="mt-3 text-lg text-muted">{loaderData.intro}</p>
      {loaderData.sections.map((section) => (
        <section key={section.heading} className="mt-8">
          <h2 className="font-semibold text-xl">{section.heading}</h2>
          {section.body.map((paragraph) => (
            <p key={paragraph} className="mt-3 leading-relaxed">
              {paragraph}
            </p>
          ))}
        </section>
      ))}
    </article>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "../features/layout/route-error-boundary.tsx";
