/**
 * /sitemap.xml: the storefront pages a search engine should know — home, category and
 * gender pages, every enabled product list, and the footer's content pages.
 */
import { contentSlugs, type Taxonomy } from "@atelier/contract";

const escapeXml = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (char) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[char] ?? char,
  );

export function sitemapXml(publicUrl: string, taxonomy: Taxonomy): string {
  const enabled = new Set(taxonomy.subCategories.filter((sub) => !sub.isDisabled).map((sub) => sub.id));
  const paths = [
    "/",
    ...taxonomy.genders.map((gender) => `/categories/${encodeURIComponent(gender.name)}`),
    ...taxonomy.categories.map((category) => `/categories/${encodeURIComponent(category.name)}`),
    ...taxonomy.subSubCategories
      .filter((item) => enabled.has(item.subCategoryId))
      .map((item) => `/products/${item.id}`),
    ...contentSlugs.map((slug) => `/${slug}`),
  ];
  const urls = paths.map((path) => `  <url><loc>${escapeXml(`${publicUrl}${path}`)}</loc></url>`).join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}
