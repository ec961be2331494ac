/**
 * The desktop mega menus (disclosure buttons, features/navigation/category-menus.tsx):
 * keyboard, pointer and outside-press behaviour that Radix NavigationMenu used to give.
 */
import { expect, test } from "./support/test.ts";

test.describe("the desktop category menus", () => {
  test("a keyboard shopper opens Men with Enter, tabs into its links, and Escape closes it back onto Men", async ({
    page,
  }) => {
    await page.goto("/");
    const men = page.getByRole("button", { name: "Men", exact: true });
    await men.focus();
    await expect(men).toHaveAttribute("aria-expanded", "false");
    await page.keyboard.press("Enter");
    await expect(men).toHaveAttribute("aria-expanded", "true");
    const menu = page.getByTestId("menu-Men");
    await expect(menu).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(menu.getByRole("link").first()).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(menu).toHaveCount(0);
    await expect(men).toBeFocused();
    await expect(men).toHaveAttribute("aria-expanded", "false");
  });

  test("one menu is open at a time, and a press outside the menus closes it", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Men", exact: true }).click();
    await expect(page.getByTestId("menu-Men")).toBeVisible();
    await page.getByRole("button", { name: "Women", exact: true }).click();
    await expect(page.getByTestId("menu-Women")).toBeVisible();
    await expect(page.getByTestId("menu-Men")).toHaveCount(0);
    // The open panel covers the page below the bar; the search box above it stays in reach.
    await page.getByTestId("desktop-bar").getByRole("combobox", { name: "Search products" }).click();
    await expect(page.getByTestId("menu-Women")).toHaveCount(0);
  });

  test("pointing at a menu opens it, and leaving the menus closes it", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Women", exact: true }).hover();
    await expect(page.getByTestId("menu-Women")).toBeVisible();
    await page.getByTestId("menu-Women").getByRole("link").first().hover();
    await expect(page.getByTestId("menu-Women")).toBeVisible();
    await page.mouse.move(5, 790);
    await expect(page.getByTestId("menu-Women")).toHaveCount(0);
  });

  test("a second press on an open menu's button closes it", async ({ page }) => {
    await page.goto("/");
    const men = page.getByRole("button", { name: "Men", exact: true });
    await men.click();
    await expect(page.getByTestId("menu-Men")).toBeVisible();
    // Past the moment when a press right after hovering keeps the menu open.
    await page.waitForTimeout(700);
    await men.click();
    await expect(page.getByTestId("menu-Men")).toHaveCount(0);
  });
});
