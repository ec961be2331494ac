/** Which kind of page a storefront path is, for the pop-ups' "pages" setting. */
import type { Taxonomy } from "@atelier/contract";

/** Whether a storefront path is a category's page or a product list, which belong to a category. */
export function isCategoryPath(pathname: string): boolean {
  return /^\/categories\/[^/]+\/?$/.test(pathname) || /^\/products\/\d+\/?$/.test(pathname);
}

/** The top-level category a storefront path belongs to, when the taxonomy knows it. */
export function categoryOfPath(
  pathname: string,
  taxonomy: Pick<Taxonomy, "categories" | "subCategories" | "subSubCategories">,
): number | undefined {
  const categoryPage = /^\/categories\/([^/]+)\/?$/.exec(pathname);
  if (categoryPage?.[1]) {
    let name: string;
    try {
      name = decodeURIComponent(categoryPage[1]).toLowerCase();
    } catch {
      return undefined; // a malformed address is no category's page
    }
    return taxonomy.categories.find((category) => category.name.toLowerCase() === name)?.id;
  }
  const listPage = /^\/products\/(\d+)\/?$/.exec(pathname);
  if (listPage?.[1]) {
    const subSub = taxonomy.subSubCategories.find((item) => item.id === Number(listPage[1]));
    return taxonomy.subCategories.find((item) => item.id === subSub?.subCategoryId)?.categoryId;
  }
  return undefined;
}
