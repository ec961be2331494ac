/**
 * The activity log (issue 20): a staff member changes a product's price, opens the log
 * (Role Management), finds the entry with its price before and after, filters it, and
 * axe finds nothing wrong, on a desktop and a phone-sized window.
 */
import AxeBuilder from "@axe-core/playwright";
import { adminMenu, adminToken, gotoAdmin, startSession } from "./support/admin-session.ts";
import { expect, type Page, test } from "./support/test.ts";

const bearerOf = (token: string) => ({ authorization: `Bearer ${token}` });

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

test("a price change shows in the activity log with its before and after, and filters find it", async ({
  page,
  request,
}) => {
  test.slow(); // an edit, then the log with three filters
  const token = await adminToken(request);
  const list = await (
    await request.get("/api/admin/products?pageSize=1&page=2&sort=name", { headers: bearerOf(token) })
  ).json();
  const product: { id: number; name: string } = list.items[0];

  await startSession(page, token);
  await gotoAdmin(page, `/admin/edit/edit-product/${product.id}`);
  const price = page.getByLabel(/^Price \(/);
  await expect(price).not.toHaveValue("");
  const before = await price.inputValue();
  const after = (Number(before) + 1.25).toFixed(2);
  await price.fill(after);
  await page.getByRole("button", { name: "Save product" }).click();
  await expect(page.getByText(/^Saved /)).toBeVisible();

  await gotoAdmin(page, "/admin");
  await adminMenu(page).getByRole("button", { name: "Role Management" }).click();
  await adminMenu(page).getByRole("link", { name: "Activity Log" }).click();
  await expect(page).toHaveURL(/\/admin\/Manage\/activity-log$/);
  await expect(page.getByRole("heading", { name: "Activity Log", level: 1 })).toBeVisible();

  const row = page.getByTestId("activity-row").filter({ hasText: product.name }).first();
  await expect(row).toContainText("Edited a product");
  await expect(row).toContainText("Avery Owner");
  await row.getByRole("button", { name: /^Show/ }).click();
  const changes = page.getByRole("table", { name: "Changes: Edited a product" }).first();
  const priceRow = changes.getByRole("row", { name: /^price/ });
  await expect(priceRow).toContainText(before);
  await expect(priceRow).toContainText(after);
  await expectNoAxeViolations(page);

  // Filters: the action and words narrow to this entry; another action finds nothing.
  await page.getByLabel("Search").fill(product.name);
  await page.getByLabel("Action").selectOption({ label: "Edited a product" });
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/action=product\.update/);
  await expect(page.getByTestId("activity-row").first()).toContainText(product.name);
  await page.getByLabel("Action").selectOption({ label: "Refunded an order" });
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByText("Nothing matches these filters")).toBeVisible();
  await expectNoAxeViolations(page);

  // The CSV download takes the same filters.
  await page.getByRole("link", { name: "Clear" }).click();
  await expect(page.getByTestId("activity-row").first()).toBeVisible();
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download CSV" }).click();
  expect((await download).suggestedFilename()).toMatch(/^activity-log-\d{4}-\d{2}-\d{2}\.csv$/);

  if (process.env.ACTIVITY_SCREENSHOTS) {
    const toggle = page
      .getByTestId("activity-row")
      .first()
      .getByRole("button", { name: /^(Show|Hide)/ });
    if ((await toggle.getAttribute("aria-expanded")) !== "true") await toggle.click();
    for (const width of [600, 900, 1200, 1536]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `/tmp/activity-log-${width}.png`, fullPage: true });
    }
  }
});

test("on a phone the log's filters and rows stay usable @mobile", async ({ page, request }) => {
  await page.setViewportSize({ width: 600, height: 900 });
  await startSession(page, await adminToken(request));
  await gotoAdmin(page, "/admin/Manage/activity-log");
  await expect(page.getByRole("heading", { name: "Activity Log", level: 1 })).toBeVisible();
  await expect(page.getByLabel("Staff member")).toBeVisible();
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(600);
  await expectNoAxeViolations(page);
});
