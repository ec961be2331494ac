/** Finding products to buy and reading the bag's badges, for the cart and wishlist browser tests. */
import type { ProductCollabInfo, ProductDetails, ProductListAnswer } from "@atelier/contract";
import { type APIRequestContext, expect, type Page } from "@playwright/test";

export interface Pick {
  productId: number;
  name: string;
  color: string;
  /** Sizes of `color` with stock enough for a test to add a few. */
  sizes: string[];
}

/**
 * A published product with at least `sizes` sizes of one color in stock (above the "Only N
 * left" limit each, 5 by default: the public API tells no exact count above it),
 * from the public API as a shopper's page would read it; of the product type named
 * `type` when given; credited to a collaborator when `collab` (its page then has the
 * collab credit, a lazy region). `skip` picks a different one.
 */
export async function productWithSizes(
  request: APIRequestContext,
  sizes = 2,
  skip = 0,
  type?: string,
  { collab: credited = false }: { collab?: boolean } = {},
): Promise<Pick> {
  const url = "/api/products?pageSize=60&inStock=true";
  let list: ProductListAnswer = await (await request.get(url)).json();
  if (type) {
    const typeId = list.facets.types.find((facet) => facet.name === type)?.id;
    if (typeId === undefined) throw new Error(`no product type ${type}`);
    list = await (await request.get(`${url}&productTypeId=${typeId}`)).json();
  }
  let skipped = 0;
  for (const card of list.items) {
    // Never a product in a drop: the collabs tests put some in drops that have not launched.
    const collab: ProductCollabInfo = await (await request.get(`/api/collabs/product/${card.id}`)).json();
    if (collab.drop) continue;
    if (credited && collab.collaborators.length === 0) continue;
    const details: ProductDetails = await (await request.get(`/api/products/${card.id}`)).json();
    const byColor = new Map<string, string[]>();
    for (const variant of details.variants) {
      if (variant.stockState !== "in_stock") continue; // more than the "Only N left" limit (5 by default)
      byColor.set(variant.color.name, [...(byColor.get(variant.color.name) ?? []), variant.size.name]);
    }
    const found = [...byColor.entries()].find(([, names]) => names.length >= sizes);
    if (!found) continue;
    if (skipped++ < skip) continue;
    return { productId: details.id, name: details.name, color: found[0], sizes: found[1].slice(0, sizes) };
  }
  throw new Error("no product with enough sizes in stock");
}

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** On the product page: picks the color and size and presses "Add to cart". */
export async function addToCart(page: Page, color: string, size: string): Promise<void> {
  await page
    .getByRole("group", { name: /^Color/ })
    .getByRole("radio", { name: new RegExp(`^${literal(color)}$`) })
    .check({ force: true });
  await page
    .getByRole("group", { name: /^Size/ })
    .getByRole("radio", { name: new RegExp(`^${literal(size)}$`) })
    .check({ force: true });
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: `, ${size}, ${color}.` })).toBeVisible();
}

/** The visible bag link (top bar on phones, desktop bar on wide screens). */
export function bagLink(page: Page, name: "Wishlist" | "Cart") {
  return page.getByTestId(name === "Cart" ? "cart-link" : "wishlist-link").filter({ visible: true });
}

export async function expectBadge(page: Page, name: "Wishlist" | "Cart", count: number): Promise<void> {
  const link = bagLink(page, name);
  const unit = name === "Cart" ? "item" : "product";
  await expect(link).toHaveAccessibleName(count === 0 ? name : `${name}, ${count} ${count === 1 ? unit : `${unit}s`}`);
  if (count > 0) await expect(link.getByTestId("bag-badge")).toHaveText(String(Math.min(count, 99)));
}
