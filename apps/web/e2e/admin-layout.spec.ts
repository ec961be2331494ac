/** The admin layout (spec sections 2 and 9): titles, the side menu, collapsing, and accessibility. */
import AxeBuilder from "@axe-core/playwright";
import { homeLink, initiallyOpenGroups, menuGroups } from "../app/features/admin/layout/menu.ts";
import { adminMenu, adminToken, gotoAdmin, newCustomer, startSession } from "./support/admin-session.ts";
import { expect, type Page, test } from "./support/test.ts";

const groupButton = (page: Page, name: string) => adminMenu(page).getByRole("button", { name, exact: true });

test.beforeEach(async ({ page, request }) => {
  await startSession(page, await adminToken(request));
});

test("the demo admin sees the layout titled Admin Dashboard, and 'Admin - Add' under /admin/add", async ({ page }) => {
  await gotoAdmin(page, "/admin");
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  await expect(page).toHaveTitle("Admin Dashboard");
  await expect(adminMenu(page).getByRole("link", { name: homeLink.label })).toHaveAttribute("aria-current", "page");

  await adminMenu(page).getByRole("link", { name: "Add Product" }).click();
  await expect(page).toHaveURL(/\/admin\/add\/add-product$/);
  await expect(page).toHaveTitle("Admin - Add");
  await expect(page.getByRole("heading", { level: 1, name: "Add product" })).toBeVisible();
  await expect(adminMenu(page).getByRole("link", { name: "Add Product" })).toHaveAttribute("aria-current", "page");

  await adminMenu(page).getByRole("link", { name: "Statistics / Views" }).click();
  await expect(page).toHaveTitle("Admin Dashboard");

  await gotoAdmin(page, "/admin/add/add-color");
  await expect(page).toHaveTitle("Admin - Add");
  await expect(page.getByRole("heading", { level: 1, name: "Add color" })).toBeVisible();
});

test("the menu holds every group and link of the spec; Dashboard, Orders and Products start expanded", async ({
  page,
}) => {
  await gotoAdmin(page, "/admin");
  for (const group of menuGroups) {
    const button = groupButton(page, group.label);
    const startsOpen = initiallyOpenGroups.includes(group.id);
    await expect(button, group.label).toHaveAttribute("aria-expanded", String(startsOpen));
    if (!startsOpen) await button.click();
    const links = adminMenu(page).locator(`[data-group="${group.id}"]`).getByRole("link");
    await expect(links).toHaveText(group.links.map((link) => link.label));
    for (const [index, link] of group.links.entries()) {
      await expect(links.nth(index)).toHaveAttribute("href", link.href);
    }
  }
  await groupButton(page, "Settings").click();
  await expect(groupButton(page, "Settings")).toHaveAttribute("aria-expanded", "false");
  await expect(adminMenu(page).getByRole("link", { name: "Rearrange Navbar" })).toHaveCount(0);
});

test("the menu collapses to icons and the content's margin follows (16rem, then 2.5rem)", async ({ page }) => {
  await gotoAdmin(page, "/admin");
  const content = page.getByTestId("admin-content");
  await expect(content).toHaveCSS("margin-left", "256px");
  await expect(page.locator("#admin-sidebar")).toHaveCSS("width", "256px");
  const collapse = page.getByRole("button", { name: "Collapse menu" });
  await expect(collapse).toHaveAttribute("aria-expanded", "true");
  await collapse.click();
  await expect(content).toHaveCSS("margin-left", "40px");
  await expect(page.locator("#admin-sidebar")).toHaveCSS("width", "40px");
  await expect(adminMenu(page).getByRole("link", { name: "Add Product" })).toHaveCount(0);
  const expand = page.getByRole("button", { name: "Expand menu" });
  await expect(expand).toHaveAttribute("aria-expanded", "false");

  // An icon opens the menu on its group.
  await groupButton(page, "Settings").click();
  await expect(content).toHaveCSS("margin-left", "256px");
  await expect(adminMenu(page).getByRole("link", { name: "Rearrange Navbar" })).toBeVisible();

  await page.getByRole("button", { name: "Collapse menu" }).click();
  await page.getByRole("button", { name: "Expand menu" }).click();
  await expect(content).toHaveCSS("margin-left", "256px");
});

test("on a screen narrower than 900px the menu starts collapsed", async ({ page }) => {
  await page.setViewportSize({ width: 800, height: 900 });
  await gotoAdmin(page, "/admin");
  await expect(page.getByRole("button", { name: "Expand menu" })).toHaveAttribute("aria-expanded", "false");
  await expect(page.getByTestId("admin-content")).toHaveCSS("margin-left", "40px");
});

test("the current page's link is marked and its group opened", async ({ page }) => {
  await gotoAdmin(page, "/admin/show/show-users");
  await expect(groupButton(page, "User Management")).toHaveAttribute("aria-expanded", "true");
  await expect(adminMenu(page).getByRole("link", { name: "Show Users" })).toHaveAttribute("aria-current", "page");
  await expect(adminMenu(page).locator('[aria-current="page"]')).toHaveCount(1);
  await expect(adminMenu(page).getByRole("link", { name: homeLink.label })).not.toHaveAttribute("aria-current", "page");
});

test("Back to shop leads to the storefront", async ({ page }) => {
  await gotoAdmin(page, "/admin");
  await page.getByRole("link", { name: "Back to shop" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page).toHaveTitle("Atelier");
});

for (const path of [
  "/admin",
  "/admin/Manage/roles",
  "/admin/show/show-users",
  "/admin/show/user-details",
  "/admin/Analytics/user-insights",
  "/admin/add/add-product",
]) {
  test(`axe finds no violations on ${path}`, async ({ page }) => {
    await gotoAdmin(page, path);
    await expect(adminMenu(page)).toBeVisible();
    await expect(page.getByRole("status")).toHaveCount(0);
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations).toEqual([]);
  });
}

test("axe finds no violations on the 404 view", async ({ browser, request }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await startSession(page, (await newCustomer(request)).token);
  await page.goto("/admin");
  await expect(page.getByRole("heading", { name: "404 - Page Not Found" })).toBeVisible({ timeout: 20_000 });
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations).toEqual([]);
  await context.close();
});
