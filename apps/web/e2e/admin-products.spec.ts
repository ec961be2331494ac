/**
 * Products (/admin/add/add-product, /admin/publish-product, /admin/all-products): staff
 * create a product with sizes, colors and images and publish it; then a shopper (not
 * signed in) finds it in its category, filters by one of its sizes and opens it.
 */

import type { Taxonomy } from "@atelier/contract";
import AxeBuilder from "@axe-core/playwright";
import sharp from "sharp";
import { adminToken, gotoAdmin, startSession } from "./support/admin-session.ts";
import { type ShopperVisit, shopperFindsTheProduct } from "./support/shopper-journey.ts";
import { type APIRequestContext, expect, type Page, test } from "./support/test.ts";

interface Options {
  currency: string;
  categories: {
    id: number;
    name: string;
    subCategories: { id: number; name: string; subSubCategories: { id: number; name: string }[] }[];
  }[];
  productTypes: { id: number; name: string }[];
  sizes: { id: number; name: string }[];
  colors: { id: number; name: string }[];
}

const bearerOf = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * A category chain of the demo catalogue that shoppers can open (its sub-category is not
 * disabled), away from Men's Hoodies, which the catalogue tests walk through.
 */
async function categoryChain(request: APIRequestContext, options: Options) {
  const taxonomy: Taxonomy = await (await request.get("/api/catalog/taxonomy")).json();
  const open = new Set(
    taxonomy.subSubCategories
      .filter((leaf) => taxonomy.subCategories.some((sub) => sub.id === leaf.subCategoryId && !sub.isDisabled))
      .filter((leaf) => leaf.name !== "Hoodies")
      .map((leaf) => leaf.id),
  );
  for (const category of options.categories)
    for (const sub of category.subCategories) {
      const leaf = sub.subSubCategories.find((candidate) => open.has(candidate.id));
      if (leaf) return { category, sub, leaf };
    }
  throw new Error("the demo catalogue has no category chain a shopper can open");
}

/** How the storefront writes an amount (lib/money.ts: en-US, the store's currency). */
const storePrice = (amount: number, currency: string) =>
  new Intl.NumberFormat("en-US", { style: "currency", currency }).format(amount);

async function picture(red: number): Promise<Buffer> {
  return sharp({ create: { width: 320, height: 400, channels: 3, background: { r: red, g: 120, b: 60 } } })
    .png()
    .toBuffer();
}

const mainImage = (page: Page) => page.getByTestId("product-image").first();

async function expectNoAxeViolations(page: Page) {
  // Toasts fade in and out: axe would measure their contrast mid-animation.
  const results = await new AxeBuilder({ page }).exclude("[data-sonner-toaster]").analyze();
  expect(
    results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((n) => n.target).join(", ")}`),
  ).toEqual([]);
}

test("a staff member creates a product with two sizes, two colors and three images, publishes it, and a shopper finds it", async ({
  page,
  browser,
  request,
}) => {
  // Upload, save, publish, find; then the shopper's visit: about 90 s on a loaded CI machine.
  test.setTimeout(240_000);
  const token = await adminToken(request);
  const options: Options = await (
    await request.get("/api/admin/products/options", { headers: bearerOf(token) })
  ).json();
  const { category, sub, leaf } = await categoryChain(request, options);
  const [firstSize, secondSize] = options.sizes;
  const [firstColor, secondColor] = options.colors;
  if (!firstSize || !secondSize || !firstColor || !secondColor)
    throw new Error("the demo catalogue lacks sizes or colors");
  const name = `Harbour Hoodie ${Date.now().toString(36)}`;

  await startSession(page, token);
  await gotoAdmin(page, "/admin/add/add-product");
  await expect(page.getByRole("heading", { name: "Add product" })).toBeVisible();

  // Saving an empty form says what is missing beside the fields.
  await page.getByRole("button", { name: "Create product" }).click();
  await expect(page.getByText("Name must have at least 2 characters")).toBeVisible();
  await expect(page.getByText("Price must be an amount like 12.50")).toBeVisible();
  await expect(page.getByLabel("Category", { exact: true })).toHaveAccessibleDescription("Choose a category");
  // A size chart's problems are listed under the chart, and mark the cell they name.
  await page.getByRole("button", { name: "Add a size chart" }).click();
  await page.getByRole("button", { name: "Create product" }).click();
  const chart = page.getByRole("region", { name: "Size chart" });
  await expect(chart.getByRole("alert")).toHaveText("Size of row 1 needs a size");
  await expect(chart.getByLabel("Size of row 1")).toHaveAttribute("aria-invalid", "true");
  await expectNoAxeViolations(page);
  await chart.getByRole("button", { name: "Remove size chart" }).click();

  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel(/^Price \(/).fill("49.50");
  await page.getByLabel("Category", { exact: true }).selectOption(category.name);
  await page.getByLabel("Sub-category", { exact: true }).selectOption(sub.name);
  await page.getByLabel("Sub-sub-category", { exact: true }).selectOption(leaf.name);
  await page.getByLabel("Product type", { exact: true }).selectOption({ index: 1 });
  for (const size of options.sizes.slice(0, 2))
    await page.getByRole("checkbox", { name: size.name, exact: true }).check();
  for (const color of options.colors.slice(0, 2))
    await page.getByRole("checkbox", { name: color.name, exact: true }).check();
  await expect(page.getByRole("textbox", { name: /^SKU of / })).toHaveCount(4);
  await page.getByRole("button", { name: "Generate SKUs" }).click();
  await expect(page.getByRole("textbox", { name: /^SKU of / }).first()).toHaveValue(/^HARBOUR-HOODIE-/);
  // Three left of one variant, plenty of two, none of the last.
  const stock = (size: { name: string }, color: { name: string }) =>
    page.getByRole("textbox", { name: `Stock of ${size.name} ${color.name}`, exact: true });
  await stock(firstSize, firstColor).fill("3");
  await stock(firstSize, secondColor).fill("12");
  await stock(secondSize, firstColor).fill("12");
  await stock(secondSize, secondColor).fill("0");

  await page.getByLabel("Add images").setInputFiles(
    await Promise.all(
      [10, 90, 170].map(async (red, index) => ({
        name: `photo-${index + 1}.png`,
        mimeType: "image/png",
        buffer: await picture(red),
      })),
    ),
  );
  await expect(page.getByTestId("product-image")).toHaveCount(3, { timeout: 20_000 });
  const third = await page.getByTestId("product-image").nth(2).getAttribute("data-filename");
  await page.getByRole("button", { name: "Make main (image 3)" }).click();
  await expect(mainImage(page)).toHaveAttribute("data-filename", third ?? "");
  await expect(mainImage(page).getByText("Main")).toBeVisible();
  await page.getByLabel("Alt text of image 1").fill("The hoodie from the front");
  await page.getByLabel("SEO title").fill("Harbour Hoodie, brushed cotton");
  await expect(page.getByText("30/70")).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole("button", { name: "Create product" }).click();
  await expect(page.getByText(`Created ${name}`)).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/edit\/edit-product\/\d+$/);
  await expect(mainImage(page)).toHaveAttribute("data-filename", third ?? "");

  await gotoAdmin(page, "/admin/publish-product");
  await page.getByLabel("Search products").fill(name);
  const row = page.getByRole("row", { name: new RegExp(name) });
  await expect(row).toHaveCount(1);
  await expect(row.getByText("Unpublished")).toBeVisible();
  await row.getByRole("button", { name: `Publish ${name}` }).click();
  await expect(page.getByText(`Published ${name}`)).toBeVisible();
  await expect(page.getByRole("row", { name: new RegExp(name) })).toHaveCount(0);

  await gotoAdmin(page, `/admin/all-products?q=${encodeURIComponent(name)}`);
  const published = page.getByRole("row", { name: new RegExp(name) });
  await expect(published.getByText("Published", { exact: true })).toBeVisible();
  await expect(published.getByRole("cell").nth(2)).toHaveText("4");
  await expectNoAxeViolations(page);

  // A shopper, not signed in, in a browser of their own.
  const shopperContext = await browser.newContext();
  const shopper = await shopperContext.newPage();
  await shopperFindsTheProduct(shopper, {
    name,
    subSubCategoryId: leaf.id,
    filterSize: secondSize.name,
    price: storePrice(49.5, options.currency),
    choices: [
      { color: firstColor.name, size: firstSize.name, stock: "Only 3 left" },
      { color: secondColor.name, size: secondSize.name, stock: "Sold out in this size and color" },
      { color: secondColor.name, size: firstSize.name, stock: "In stock" },
    ],
  });
  await shopperContext.close();
});

test("a shopper on a phone finds a new product in its category, filters by size and sees its price and stock @mobile", async ({
  page,
  request,
}) => {
  test.slow();
  // The staff half has its own desktop test: here the product is made through the admin API.
  const token = await adminToken(request);
  const options: Options = await (
    await request.get("/api/admin/products/options", { headers: bearerOf(token) })
  ).json();
  const { category, sub, leaf } = await categoryChain(request, options);
  const [size, otherSize] = options.sizes;
  const [color] = options.colors;
  if (!size || !otherSize || !color) throw new Error("the demo catalogue lacks sizes or colors");
  const name = `Pocket Tee ${Date.now().toString(36)}`;
  const suffix = Date.now().toString(36).toUpperCase();
  const created = await request.post("/api/admin/products", {
    headers: bearerOf(token),
    data: {
      name,
      price: 2400,
      categoryId: category.id,
      subCategoryId: sub.id,
      subSubCategoryId: leaf.id,
      productTypeId: options.productTypes[0]?.id,
      variants: [
        { sizeId: size.id, colorId: color.id, sku: `POCKET-${suffix}-1`, stock: 2 },
        { sizeId: otherSize.id, colorId: color.id, sku: `POCKET-${suffix}-2`, stock: 40 },
      ],
      isPublished: true,
    },
  });
  expect(created.ok(), await created.text()).toBe(true);

  const visit: ShopperVisit = {
    name,
    subSubCategoryId: leaf.id,
    filterSize: size.name,
    price: storePrice(24, options.currency),
    choices: [{ color: color.name, size: size.name, stock: "Only 2 left" }],
  };
  await shopperFindsTheProduct(page, visit);
});

test("a save made on an old version is refused and keeps what was typed", async ({ page, browser, request }) => {
  test.slow();
  const token = await adminToken(request);
  const list = await (await request.get("/api/admin/products?pageSize=1", { headers: bearerOf(token) })).json();
  const id: number = list.items[0].id;

  await startSession(page, token);
  await gotoAdmin(page, `/admin/edit/edit-product/${id}`);
  const nameField = page.getByLabel("Name", { exact: true });
  await expect(nameField).not.toHaveValue("");

  // Someone else saves the same product in another window first.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await startSession(otherPage, token);
  await gotoAdmin(otherPage, `/admin/edit/edit-product/${id}`);
  await otherPage.getByLabel("SEO title").fill("Changed elsewhere");
  await otherPage.getByRole("button", { name: "Save product" }).click();
  await expect(otherPage.getByText(/^Saved /)).toBeVisible();
  await other.close();

  await nameField.fill("My late edit");
  await page.getByRole("button", { name: "Save product" }).click();
  await expect(
    page
      .getByRole("alert")
      .filter({ hasText: "This product was changed by someone else. Reload to see their changes." }),
  ).toBeVisible();
  await expect(nameField).toHaveValue("My late edit");
});
