/**
 * The catalogue taxonomy in the admin: a staff member builds categories (with sub- and
 * sub-sub-categories) and series (with a banner), the storefront lists them at once, and
 * rearranging the navbar changes the storefront's order. axe checks every page.
 */
import type { Category } from "@atelier/contract";
import AxeBuilder from "@axe-core/playwright";
import sharp from "sharp";
import { adminToken, gotoAdmin, startSession } from "./support/admin-session.ts";
import { expect, type Page, test } from "./support/test.ts";

// One shop, one navigation: these tests change what the others read.
test.describe.configure({ mode: "serial" });

const suffix = () => Date.now().toString(36).slice(-5);

test.beforeEach(async ({ page, request }) => {
  await startSession(page, await adminToken(request));
});

test("a staff member adds a category with a sub-category and a sub-sub-category, and the storefront navigation shows them", async ({
  page,
}) => {
  test.slow();
  const name = `Outerwear ${suffix()}`;
  await gotoAdmin(page, "/admin/add/add-category");
  const form = page.getByRole("region", { name: "New category" });
  await form.getByRole("button", { name: "Add category" }).click();
  await expect(form.getByText("Name is required")).toBeVisible();
  await form.getByLabel("Name").fill(name);
  await form.getByRole("button", { name: "Add category" }).click();
  await expect(page.getByText(`Added the category ${name}`)).toBeVisible();
  await expect(form.getByLabel("Name")).toHaveValue("");

  // The same name again is refused beside the field, and what was typed stays.
  await form.getByLabel("Name").fill(name.toUpperCase());
  await form.getByRole("button", { name: "Add category" }).click();
  await expect(form.getByText("Name is already used by another category")).toBeVisible();
  await expect(form.getByLabel("Name")).toHaveValue(name.toUpperCase());

  const tree = page.getByRole("region", { name: "All categories" });
  await tree.getByRole("button", { name: `Add a sub-category to ${name}` }).click();
  const subDialog = page.getByRole("dialog", { name: `New sub-category in ${name}` });
  await subDialog.getByLabel("Name").fill("Jackets");
  await subDialog.getByRole("button", { name: "Add sub-category" }).click();
  await expect(page.getByText("Added the sub-category Jackets")).toBeVisible();

  const category = tree.getByTestId("category").filter({ has: page.getByRole("heading", { name, exact: true }) });
  await category.getByRole("button", { name: "Add a sub-sub-category to Jackets" }).click();
  const leafDialog = page.getByRole("dialog", { name: "New sub-sub-category in Jackets" });
  await leafDialog.getByLabel("Name").fill("Rain shells");
  await leafDialog.getByRole("button", { name: "Add sub-sub-category" }).click();
  await expect(page.getByText("Added the sub-sub-category Rain shells")).toBeVisible();
  await expect(category.getByTestId("sub-sub-category")).toHaveText(/Rain shells/);

  await page.goto("/");
  const nav = page.getByRole("navigation", { name: "Categories" });
  await nav.getByRole("button", { name, exact: true }).click();
  const menu = page.getByTestId(`menu-${name}`);
  await expect(menu.getByRole("region", { name: "Jackets" }).getByRole("link", { name: "Rain shells" })).toBeVisible();

  // Disabling the sub-category hides it from the storefront at once.
  await gotoAdmin(page, "/admin/show/show-all-categories");
  await page
    .getByTestId("category")
    .filter({ has: page.getByRole("heading", { name, exact: true }) })
    .getByRole("checkbox", { name: "Disabled (Jackets)" })
    .click();
  await expect(page.getByText("Saved Jackets")).toBeVisible();
  await page.goto("/");
  await page.getByRole("navigation", { name: "Categories" }).getByRole("button", { name, exact: true }).click();
  await expect(page.getByTestId(`menu-${name}`).getByRole("region", { name: "Jackets" })).toHaveCount(0);
});

test("a staff member adds a series with a banner image, and the shop lists it; a series in use is not deleted", async ({
  page,
}) => {
  test.slow();
  const name = `Midnight ${suffix()}`;
  await gotoAdmin(page, "/admin/add/add-series");
  const form = page.getByRole("region", { name: "New series" });
  await form.getByLabel("Name").fill(name);
  await form.getByLabel("Description").fill("Dark tones for late evenings.");
  const banner = await sharp({ create: { width: 1200, height: 400, channels: 3, background: "#223344" } })
    .png()
    .toBuffer();
  await form.locator('input[type="file"]').setInputFiles({ name: "banner.png", mimeType: "image/png", buffer: banner });
  await expect(form.locator("img")).toHaveAttribute("src", /getimage\/[0-9a-f]+\.webp/);
  await form.getByRole("button", { name: "Add series" }).click();
  await expect(page.getByText(`Added the series ${name}`)).toBeVisible();
  const row = page.getByTestId("series-row").filter({ hasText: name });
  await expect(row.locator("img")).toHaveAttribute("src", /getimage\/[0-9a-f]+\.webp/);

  await page.goto("/");
  const shopSeries = page.getByRole("region", { name: "Our series" }).getByRole("listitem").filter({ hasText: name });
  await expect(shopSeries.getByRole("heading", { name })).toBeVisible();
  await expect(shopSeries.getByText("Dark tones for late evenings.")).toBeVisible();
  await expect(shopSeries.locator("img")).toHaveAttribute("src", /getimage\/[0-9a-f]+\.webp/);

  await gotoAdmin(page, "/admin/show/show-all-series");
  const used = page.getByTestId("series-row").filter({ hasNot: page.getByRole("cell", { name: "0", exact: true }) });
  const usedName = (await used.first().getByRole("cell").nth(1).locator("p").first().textContent()) ?? "";
  await used
    .first()
    .getByRole("button", { name: `Delete ${usedName}` })
    .click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete series" }).click();
  await expect(page.getByText(/products? uses? this series\. Move them to another series first\./)).toBeVisible();
  await expect(page.getByTestId("series-row").filter({ hasText: usedName })).toHaveCount(1);
});

async function plainOrder(page: Page): Promise<string[]> {
  const categories: Category[] = await (await page.request.get("/api/admin/view-product-categories")).json();
  return categories
    .filter((category) => category.name !== "Customize" && !category.isGenderVaried)
    .sort((a, b) => a.serial - b.serial)
    .map((category) => category.name);
}

test("rearranging the navbar by keyboard changes the storefront's order", async ({ page }) => {
  test.slow();
  const before = await plainOrder(page);
  const last = before.at(-1) ?? "";
  await gotoAdmin(page, "/admin/settings/rearrange-navbar");
  const items = page.getByTestId("navbar-item");
  const handle = page.getByRole("button", { name: `Move ${last}` });
  await expect(handle).toBeVisible();
  const count = await items.count();
  // Each key waits for what a screen reader hears: dnd-kit measures the list after picking up.
  const announced = (text: string) => expect(page.getByText(text, { exact: true })).toBeAttached();
  const handles = await items.getByRole("button").evaluateAll((buttons) => buttons.map((b) => b.ariaLabel));
  const from = handles.indexOf(`Move ${last}`) + 1;
  await handle.focus();
  await page.keyboard.press("Space");
  // The live region keeps the latest announcement: picking up is followed at once by "over".
  await announced(`${last} is over position ${from} of ${count}.`);
  for (let position = from - 1; position >= 1; position--) {
    await page.keyboard.press("ArrowUp");
    await announced(`${last} is over position ${position} of ${count}.`);
  }
  await page.keyboard.press("Space");
  await announced(`${last} dropped at position 1 of ${count}.`);
  await expect(items.first()).toContainText(last);
  await page.getByRole("button", { name: "Save order" }).click();
  await expect(page.getByText("Saved the navigation order")).toBeVisible();

  await page.goto("/");
  const nav = page.getByRole("navigation", { name: "Categories" });
  await expect(nav.locator(":scope > div > ul > li")).toHaveText([
    "Home",
    "Men",
    "Women",
    last,
    ...before.slice(0, -1),
  ]);
});

test("dragging a category with the mouse moves it, and Reset puts the saved order back", async ({ page }) => {
  await gotoAdmin(page, "/admin/settings/rearrange-navbar");
  const items = page.getByTestId("navbar-item");
  await expect(items.first()).toBeVisible();
  const [first, second] = await items.getByRole("button").evaluateAll((buttons) => buttons.map((b) => b.ariaLabel));
  const handle = page.getByRole("button", { name: first ?? "" });
  const target = (await items.nth(1).boundingBox()) ?? { x: 0, y: 0, width: 0, height: 0 };
  const start = (await handle.boundingBox()) ?? { x: 0, y: 0, width: 0, height: 0 };
  await page.mouse.move(start.x + start.width / 2, start.y + start.height / 2);
  await page.mouse.down();
  await page.mouse.move(start.x + start.width / 2, target.y + target.height * 0.9, { steps: 12 });
  await page.mouse.up();
  await expect(items.first().getByRole("button")).toHaveAccessibleName(second ?? "");
  await expect(items.nth(1).getByRole("button")).toHaveAccessibleName(first ?? "");
  await expect(page.getByRole("button", { name: "Save order" })).toBeEnabled();
  await page.getByRole("button", { name: "Reset" }).click();
  await expect(items.first().getByRole("button")).toHaveAccessibleName(first ?? "");
  await expect(page.getByRole("button", { name: "Save order" })).toBeDisabled();
});

// /admin/show/show-all-categories is the page header every admin page has and the category
// tree /admin/add/add-category shows beside its form: scanned there (the tree is the
// largest admin page, about 3,000 elements, 15-30 s of axe on a busy machine).
for (const path of [
  "/admin/add/add-series",
  "/admin/show/show-all-series",
  "/admin/add/add-category",
  "/admin/add/add-product-type",
  "/admin/show/product-type",
  "/admin/add/add-color",
  "/admin/add/add-size",
  "/admin/add/add-fabric",
  "/admin/settings/rearrange-navbar",
]) {
  test(`axe finds no violations on ${path}`, async ({ page }) => {
    await gotoAdmin(page, path);
    await expect(page.getByRole("status", { name: /^Loading/ })).toHaveCount(0); // the lists have loaded
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations).toEqual([]);
  });
}
