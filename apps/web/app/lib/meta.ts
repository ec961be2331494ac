/**
 * Page metadata. Every storefront path uses the storefront title (spec section 2):
 * the store's name. Pages add their own description, canonical URL, OpenGraph and
 * Twitter tags (with their main image, for link previews).
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

export interface PageMeta {
  description: string;
  heading?: string | undefined;
  /** The absolute URL search engines should index this page under. */
  canonical?: string | undefined;
  image?: { url: string; width: number; height: number; alt: string } | undefined;
  type?: "website" | "product";
  /** Staff previews of unpublished products stay out of search engines. */
  noindex?: boolean;
}

export function storefrontMeta(matches: readonly (RootMatch | undefined)[], page: PageMeta): MetaDescriptor[] {
  const title = storeNameFrom(matches);
  const fullTitle = page.heading ? `${page.heading} · ${title}` : title;
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: page.description },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: page.description },
    { property: "og:site_name", content: title },
    { property: "og:type", content: page.type ?? "website" },
    { name: "twitter:card", content: page.image ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: fullTitle },
    { name: "twitter:description", content: page.description },
  ];
  if (page.canonical) {
    tags.push({ tagName: "link", rel: "canonical", href: page.canonical });
    tags.push({ property: "og:url", content: page.canonical });
  }
  if (page.image) {
    tags.push(
      { property: "og:image", content: page.image.url },
      { property: "og:image:width", content: String(page.image.width) },
      { property: "og:image:height", content: String(page.image.height) },
      { property: "og:image:alt", content: page.image.alt },
      { name: "twitter:image", content: page.image.url },
      { name: "twitter:image:alt", content: page.image.alt },
    );
  }
  if (page.noindex) tags.push({ name: "robots", content: "noindex" });
  return tags;
}

/** The canonical URL of a list page: its path and page number, without filters or sort. */
export function canonicalUrl(requestUrl: string, keep: readonly string[] = ["page"]): string {
  const url = new URL(requestUrl);
  const search = new URLSearchParams();
  for (const key of keep) {
    const value = url.searchParams.get(key);
    if (value && !(key === "page" && value === "1")) search.set(key, value);
  }
  const qs = search.toString();
  return `${url.origin}${url.pathname}${qs ? `?${qs}` : ""}`;
}
