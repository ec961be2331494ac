/**
 * /sitemap.xml: the storefront pages a search engine should know — home, category, gender
 * and series pages, every enabled product list, every published product, the footer's
 * content pages, and the collab lists and collaborator pages (live and ended; drafts
 * never). Unpublished products never appear.
 */
import { contentSlugs, type Series, type Taxonomy } from "@atelier/contract";

const escapeXml = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (char) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[char] ?? char,
  );

export interface SitemapInput {
  taxonomy: Taxonomy;
  series: Pick<Series, "name">[];
  products: { id: number; updatedAt: string }[];
  /** Collaborators with a public page (issue 16). */
  collabs?: { kind: string; slug: string; updatedAt: string }[];
}

export function sitemapXml(publicUrl: string, { taxonomy, series, products, collabs = [] }: SitemapInput): string {
  const enabled = new Set(taxonomy.subCategories.filter((sub) => !sub.isDisabled).map((sub) => sub.id));
  const entries: { path: string; lastmod?: string }[] = [
    { path: "/" },
    ...taxonomy.genders.map((gender) => ({ path: `/categories/${encodeURIComponent(gender.name)}` })),
    ...taxonomy.categories.map((category) => ({ path: `/categories/${encodeURIComponent(category.name)}` })),
    ...series.map((entry) => ({ path: `/categories/${encodeURIComponent(entry.name)}` })),
    ...taxonomy.subSubCategories
      .filter((item) => enabled.has(item.subCategoryId))
      .map((item) => ({ path: `/products/${item.id}` })),
    ...products.map((product) => ({ path: `/products/details/${product.id}`, lastmod: product.updatedAt })),
    ...contentSlugs.map((slug) => ({ path: `/${slug}` })),
    { path: "/collabs/artist" },
    { path: "/collabs/influencer" },
    ...collabs.map((collab) => ({
      path: `/collabs/${collab.kind}/${encodeURIComponent(collab.slug)}`,
      lastmod: collab.updatedAt,
    })),
  ];
  const urls = entries
    .map(
      ({ path, lastmod }) =>
        `  <url><loc>${escapeXml(`${publicUrl}${path}`)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ""}</url>`,
    )
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

/** Pages that are private to a person or the staff: crawlers keep out. */
export const disallowedPaths = [
  "/admin",
  "/api/",
  "/dashboard",
  "/my-orders",
  "/MyCart",
  "/WishList",
  "/login",
  "/reset-password",
] as const;

export function robotsTxt(publicUrl: string): string {
  const rules = disallowedPaths.map((path) => `Disallow: ${path}`).join("\n");
  return `User-agent: *\n${rules}\n\nSitemap: ${publicUrl}/sitemap.xml\n`;
}
