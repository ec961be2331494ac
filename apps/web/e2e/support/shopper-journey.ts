/**
 * The shopper's half of the catalogue journey, shared by the desktop and phone tests: a
 * visitor who is not signed in opens a sub-sub-category, finds a product, filters the
 * list by one of its sizes, opens it and reads the price and the stock of a choice.
 */
import { expect, type Page } from "@playwright/test";

export interface ShopperVisit {
  name: string;
  subSubCategoryId: number;
  /** A size the product has: the filter that must keep it listed. */
  filterSize: string;
  /** The price as the store writes it ("$49.50"). */
  price: string;
  /** Each pick of a color and a size, and the stock line the shopper should read. */
  choices: { color: string; size: string; stock: string }[];
}

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Sold-out options keep their name plus a hidden "(sold out)" for screen readers. */
const option = (name: string) => new RegExp(`^${literal(name)}( \\(sold out\\))?$`);

export async function shopperFindsTheProduct(page: Page, visit: ShopperVisit): Promise<void> {
  await page.goto(`/products/${visit.subSubCategoryId}`);
  const card = page.getByTestId("product-card").filter({ hasText: visit.name });
  await expect(card).toHaveCount(1);
  await expect(card).toContainText(visit.price);

  // On a phone the filters sit behind a "Filters" disclosure.
  const filters = page.getByTestId("filters");
  if (!(await filters.isVisible())) await page.getByText("Filters", { exact: true }).click();
  const chip = filters.getByText(new RegExp(`^${literal(visit.filterSize)} \\((\\d+)\\)$`));
  const count = Number(/\((\d+)\)$/.exec((await chip.textContent()) ?? "")?.[1]);
  expect(count).toBeGreaterThan(0);
  await chip.click();
  await expect(page).toHaveURL(/[?&]sizes=\d+(&|$)/);
  await expect(page.getByTestId("result-count")).toHaveText(count === 1 ? "1 product" : `${count} products`);
  await expect(filters.getByRole("checkbox", { name: new RegExp(`^${literal(visit.filterSize)} \\(`) })).toBeChecked();
  await expect(card).toHaveCount(1);

  await card.getByRole("link", { name: visit.name }).click();
  await expect(page).toHaveURL(/\/products\/details\/\d+$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(visit.name);
  await expect(page.getByTestId("price")).toContainText(visit.price);
  const colors = page.getByRole("group", { name: /^Color/ });
  const sizes = page.getByRole("group", { name: /^Size/ });
  for (const choice of visit.choices) {
    await colors.getByRole("radio", { name: option(choice.color) }).check({ force: true });
    await sizes.getByRole("radio", { name: option(choice.size) }).check({ force: true });
    await expect(sizes.locator("legend")).toHaveText(`Size: ${choice.size}`);
    await expect(page.getByTestId("stock-status")).toHaveText(choice.stock);
  }
}
