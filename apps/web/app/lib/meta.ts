/**
 * Page metadata. Every storefront path uses the storefront title (spec section 2):
 * the store's name. Pages add their own description and OpenGraph tags.
 */
import type { MetaDescriptor } from "react-router";

interface RootMatch {
  id: string;
  loaderData?: unknown;
}

export function storeNameFrom(matches: readonly (RootMatch | undefined)[]): string {
  const root = matches.find((match) => match?.id === "root")?.loaderData as
    | { settings?: { name?: string } }
    | undefined;
  return root?.settings?.name ?? "Atelier";
}

export function storefrontMeta(
  matches: readonly (RootMatch | undefined)[],
  page: { description: string; heading?: string },
): MetaDescriptor[] {
  const title = storeNameFrom(matches);
  return [
    { title },
    { name: "description", content: page.description },
    { property: "og:title", content: page.heading ? `${page.heading} · ${title}` : title },
    { property: "og:description", content: page.description },
    { property: "og:site_name", content: title },
    { property: "og:type", content: "website" },
  ];
}
