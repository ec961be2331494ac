/**
 * Promotions in the browser: staff create a coupon on /admin/promotions/create-coupon
 * (watching the preview sentence), find it on Manage Coupons; a guest applies it on the
 * cart, keeps it at checkout, orders, and sees the discount on the confirmation; the use
 * shows in the usage log. axe finds nothing wrong on the three admin pages.
 */
import AxeBuilder from "@axe-core/playwright";
import { adminToken, gotoAdmin, startSession } from "./support/admin-session.ts";
import { addToCart, productWithSizes } from "./support/cart.ts";
import { expect, type Page, test } from "./support/test.ts";

async function axeClean(page: Page) {
  // Toasts fade in and out: axe would measure their contrast mid-animation. They are the
  // shared Toaster's (sonner's rich colours), checked where they are the subject.
  const axe = await new AxeBuilder({ page }).exclude("[data-sonner-toaster]").analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

const shots = process.env.PROMO_SHOTS === "1";

test("staff create a coupon, a guest uses it from cart to order, and the use is logged", async ({
  browser,
  request,
}) => {
  test.slow();
  const code = `E2E${Date.now().toString(36).toUpperCase()}`;

  // Staff: the form with its live preview.
  const staff = await (await browser.newContext()).newPage();
  await startSession(staff, await adminToken(request));
  await gotoAdmin(staff, "/admin/promotions/create-coupon");
  await expect(staff.getByRole("heading", { name: "Create coupon", level: 1 })).toBeVisible();
  await staff.getByRole("textbox", { name: "Title" }).fill("Autumn 15");
  await staff.getByRole("textbox", { name: "Code" }).fill(code.toLowerCase());
  await staff.getByRole("textbox", { name: "Percent off" }).fill("15");
  await staff.getByRole("textbox", { name: "Uses per customer" }).fill("1");
  await expect(staff.getByTestId("coupon-preview")).toHaveText("15% off the order, 1 per customer");
  await staff.getByRole("textbox", { name: "Percent off" }).fill("150");
  await staff.getByRole("button", { name: "Create coupon" }).click();
  await expect(staff.getByText("Percent off must be between 1 and 100")).toBeVisible();
  await staff.getByRole("textbox", { name: "Percent off" }).fill("15");
  await axeClean(staff);
  if (shots) await staff.screenshot({ path: "/tmp/promo-create-coupon.png", fullPage: true });
  await staff.getByRole("button", { name: "Create coupon" }).click();
  await expect(staff).toHaveURL(/\/admin\/promotions\/manage-coupons$/);
  const row = staff.getByTestId("coupon-row").filter({ hasText: code });
  await expect(row).toContainText("Autumn 15");
  await expect(row).toContainText("Active");
  await axeClean(staff);
  if (shots) await staff.screenshot({ path: "/tmp/promo-manage-coupons.png", fullPage: true });

  // A guest: applies it on the cart, keeps it at checkout, orders.
  const page = await (await browser.newContext()).newPage();
  const pick = await productWithSizes(request, 1, 3);
  await page.goto(`/products/details/${pick.productId}`);
  await expect
    .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem("guestCustomerInfo") ?? "{}").token ?? null))
    .toBeTruthy();
  await addToCart(page, pick.color, pick.sizes[0] ?? "");
  await page.goto("/MyCart");
  await page.getByRole("textbox", { name: "Coupon code" }).fill("NOPE-NOT-A-CODE");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByTestId("coupon-message")).toHaveText("This coupon is not valid");
  await page.getByRole("button", { name: "Remove coupon NOPE-NOT-A-CODE" }).click();
  await page.getByRole("textbox", { name: "Coupon code" }).fill(code.toLowerCase());
  await page.getByRole("textbox", { name: "Coupon code" }).press("Enter");
  await expect(page.getByTestId("coupon-message")).toHaveText("Coupon applied.");
  await expect(page.getByTestId("discount")).toHaveText(/^−\$/);
  if (shots) await page.screenshot({ path: "/tmp/promo-cart.png", fullPage: true });

  await page.getByRole("link", { name: "Checkout" }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  const summary = page.getByRole("complementary", { name: "Order summary" });
  await expect(summary.getByText(`Coupon ${code}`)).toBeVisible();
  const box = (name: string) => page.getByRole("textbox", { name, exact: true });
  await box("Email").fill("coupon.buyer@example.com");
  await box("Phone").fill("+1 212 555 0199");
  await box("Full name").fill("Rui Tanaka");
  await box("Address").fill("77 Orchard Street");
  await box("City").fill("New York");
  await box("State or region").fill("NY");
  await box("Postal code").fill("10002");
  await page.getByRole("radio", { name: /^Outside the city/ }).check();
  await page.getByRole("radio", { name: "Cash on delivery" }).check();
  await expect(summary.getByTestId("coupon-message")).toHaveText("Coupon applied.");
  await axeClean(page);
  if (shots) await page.screenshot({ path: "/tmp/promo-checkout.png", fullPage: true });
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page).toHaveURL(/\/checkout\/complete\/A\d+$/);
  await expect(page.getByText(`Coupon ${code}`)).toBeVisible();
  const number = /A\d+$/.exec(page.url())?.[0] ?? "";

  // Staff: the use is in the log, linked to the order.
  await gotoAdmin(staff, "/admin/promotions/usage-logs");
  const use = staff.getByTestId("usage-row").filter({ hasText: number });
  await expect(use).toContainText("coupon.buyer@example.com");
  await expect(use).toContainText(code);
  await axeClean(staff);
  if (shots) await staff.screenshot({ path: "/tmp/promo-usage-logs.png", fullPage: true });
});

test("staff schedule a discount and the product page shows the sale price, the old price and the percent off", async ({
  browser,
  request,
}) => {
  test.slow();
  const token = await adminToken(request);
  // A product nobody else buys in these tests, with no compare-at price of its own.
  const list = await (await request.get("/api/products?pageSize=60&sort=name")).json();
  // The last by name: the other browser tests pick theirs from the top of the lists.
  const target = [...list.items]
    .reverse()
    .find((item: { compareAtPrice: number | null }) => item.compareAtPrice === null);
  if (!target) throw new Error("no product without a compare-at price");
  const percentOff = 30;
  // Its own name per attempt: a retry must not meet the sale an interrupted attempt left.
  const title = `E2E sale ${Date.now().toString(36)}`;
  const sale = Math.round((target.price * (100 - percentOff)) / 100);

  const staff = await (await browser.newContext()).newPage();
  await startSession(staff, token);
  await gotoAdmin(staff, "/admin/edit/update-discount");
  await expect(staff.getByRole("heading", { name: "Discounts", level: 1 })).toBeVisible();
  await staff.getByRole("button", { name: "New discount" }).click();
  const dialog = staff.getByRole("dialog", { name: "New discount" });
  await dialog.getByRole("textbox", { name: "Title" }).fill(title);
  await dialog.getByRole("textbox", { name: "Percent off" }).fill(String(percentOff));
  await dialog.getByRole("combobox", { name: "On sale" }).selectOption("product");
  await dialog.getByRole("textbox", { name: "Search products" }).fill(target.name);
  const choose = dialog.getByRole("combobox", { name: "Choose from products" });
  // Names repeat in the demo catalogue: choose by id.
  await expect(choose.locator(`option[value="${target.id}"]`)).toBeAttached();
  await choose.selectOption(String(target.id));
  await dialog.getByRole("button", { name: "Add", exact: true }).click();
  await expect(dialog.getByRole("list", { name: "On sale" })).toContainText(target.name);
  await axeClean(staff);
  if (shots) await staff.screenshot({ path: "/tmp/promo-discount-dialog.png" });
  await dialog.getByRole("button", { name: "Schedule discount" }).click();
  const row = staff.getByTestId("discount-row").filter({ hasText: title });
  await expect(row).toContainText("Running");
  await axeClean(staff);
  if (shots) await staff.screenshot({ path: "/tmp/promo-discounts.png", fullPage: true });

  const page = await (await browser.newContext()).newPage();
  await page.goto(`/products/details/${target.id}`);
  const price = page.getByTestId("price").first();
  await expect(price).toContainText(`$${(sale / 100).toFixed(2)}`);
  await expect(price).toContainText(`was $${(target.price / 100).toFixed(2)}`);
  await expect(price).toContainText(/\d+% off/);
  if (shots) await page.screenshot({ path: "/tmp/promo-sale-product.png" });

  // End it: the old price is back on the next request.
  await row.getByRole("button", { name: `Delete ${title}` }).click();
  await staff.getByRole("button", { name: "Delete discount" }).click();
  await expect(row).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId("price").first()).not.toContainText("was");
});
