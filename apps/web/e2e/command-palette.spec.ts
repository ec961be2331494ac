/**
 * The staff's ⌘K palette (issue 38): from any admin page, the shortcut opens it; an order
 * number typed finds the order, Enter lands on its page; a page's name finds the page. Keyboard
 * only. Axe on the open palette.
 */
import AxeBuilder from "@axe-core/playwright";
import { adminToken, gotoAdmin, newCustomer, startSession } from "./support/admin-session.ts";
import { placeOrder } from "./support/orders.ts";
import { expect, test } from "./support/test.ts";

test("staff press ⌘K, type an order number and land on the order", async ({ page, request }) => {
  const customer = await newCustomer(request, "Ines Palette");
  const number = await placeOrder(request, customer.token, customer.email);
  await startSession(page, await adminToken(request));
  await gotoAdmin(page, "/admin");

  await page.keyboard.press("ControlOrMeta+K");
  const palette = page.getByRole("dialog");
  const input = palette.getByRole("combobox");
  await expect(input).toBeFocused();
  await input.pressSequentially(number);
  const found = palette.getByRole("option", { name: new RegExp(`^${number} · `) });
  await expect(found).toBeVisible();
  const axe = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  await page.screenshot({ path: "test-results/command-palette.png" });
  await expect(palette.getByRole("option", { selected: true })).toHaveAccessibleName(new RegExp(number));
  await page.keyboard.press("Enter");

  await expect(page.getByRole("heading", { name: `Order ${number}`, level: 1 })).toBeVisible();
  await expect(palette).toHaveCount(0);

  // A page by its name, and Escape gives the page back.
  await page.keyboard.press("ControlOrMeta+K");
  await page.getByRole("dialog").getByRole("combobox").pressSequentially("stock status");
  await expect(page.getByRole("dialog").getByRole("option", { name: "Inventory: Stock Status" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await page.keyboard.press("ControlOrMeta+K");
  await page.getByRole("dialog").getByRole("combobox").pressSequentially("stock status");
  await expect(page.getByRole("dialog").getByRole("option", { selected: true })).toHaveAccessibleName(
    "Inventory: Stock Status",
  );
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/admin\/inventory\/stock-status$/);
});
