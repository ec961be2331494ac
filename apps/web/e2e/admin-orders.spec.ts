/**
 * Running the shop: orders (issue 7). A shopper places an order through the real checkout
 * API; the admin's Show Orders badge rises without a reload (the menu polls every 10 s);
 * staff open the order, mark it checked (the badge falls), move it to shipped with a
 * courier and tracking number, and the customer sees it in My orders. Axe on the pages.
 */
import AxeBuilder from "@axe-core/playwright";
import { adminMenu, adminToken, gotoAdmin, newCustomer, startSession } from "./support/admin-session.ts";
import { sql } from "./support/database.ts";
import { placeOrder, variantInStock } from "./support/orders.ts";
import { expect, type Page, test } from "./support/test.ts";

async function expectNoAxeViolations(page: Page) {
  const axe = await new AxeBuilder({ page }).exclude("[data-sonner-toaster]").analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

test("a new order raises the badge without a reload; staff check it, ship it, and the customer sees it", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  // Start from a known badge: every order already in the stack counts as checked.
  await sql("update buying_history set is_checked = true, checked_date = now() where not is_checked");
  await startSession(page, await adminToken(request));
  await gotoAdmin(page, "/admin/show/show-orders");
  await expect(page.getByRole("heading", { name: "Show Orders", level: 1 })).toBeVisible();
  const showOrders = adminMenu(page).getByRole("link", { name: /Show Orders/ });
  await expect(showOrders).not.toContainText("unchecked");
  await expectNoAxeViolations(page);

  const customer = await newCustomer(request, "Noor Castell");
  const number = await placeOrder(request, customer.token, customer.email);
  // No reload: the menu asks for the badges again within 10 s. (Other specs running at the
  // same time may place orders too, so the test asks for "at least one", then "fewer".)
  const badge = async () => Number(/(\d+) unchecked/.exec((await showOrders.textContent()) ?? "")?.[1] ?? 0);
  await expect.poll(badge, { timeout: 20_000 }).toBeGreaterThanOrEqual(1);
  await page.screenshot({ path: "test-results/admin-orders-badge.png" });

  await page.getByRole("textbox", { name: "Search" }).fill(number);
  await page.getByRole("button", { name: "Apply", exact: true }).click();
  await expect(page.getByRole("link", { name: number })).toBeVisible();
  await page.setViewportSize({ width: 600, height: 900 });
  await page.screenshot({ path: "test-results/admin-orders-list-600.png", fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole("link", { name: number }).click();
  await expect(page.getByRole("heading", { name: `Order ${number}`, level: 1 })).toBeVisible();
  await expectNoAxeViolations(page);

  const beforeCheck = await badge();
  await page.getByRole("button", { name: "Mark checked" }).click();
  await expect(page.getByRole("button", { name: "Undo checked" })).toBeVisible();
  await expect.poll(badge).toBeLessThan(beforeCheck);

  await page.getByRole("button", { name: "Mark confirmed" }).click();
  await page.getByRole("button", { name: "Mark packed" }).click();
  await page.getByRole("button", { name: "Mark shipped" }).click();
  await page.getByLabel("Courier").fill("DHL Express");
  await page.getByLabel("Tracking number").fill("JD014600006281");
  await page.getByRole("button", { name: "Ship", exact: true }).click();
  await expect(page.getByTestId("tracking")).toHaveText("DHL Express: JD014600006281");
  const timeline = page.getByRole("region", { name: "Timeline" });
  await expect(timeline).toContainText("Shipped with DHL Express");
  await expect(timeline).toContainText("Marked checked.");
  await page.screenshot({ path: "test-results/admin-orders-order.png", fullPage: true });

  const shopper = await browser.newContext();
  const customerPage = await shopper.newPage();
  await startSession(customerPage, customer.token);
  await customerPage.goto(`/my-orders/${number}`);
  await expect(customerPage.getByRole("heading", { name: `Order ${number}`, level: 1 })).toBeVisible();
  await expect(customerPage.getByText("JD014600006281").first()).toBeVisible();
  await shopper.close();
});

test("staff see the customers' carts next to their own on /MyCart; shoppers do not", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(60_000);
  const customer = await newCustomer(request, "Lena Cartwright");
  const { product, variant } = await variantInStock(request);
  const added = await request.post("/api/cart/lines", {
    headers: { origin: process.env.E2E_BASE_URL ?? "", authorization: `Bearer ${customer.token}` },
    data: { variantId: variant.id, quantity: 1 },
  });
  expect(added.ok(), await added.text()).toBe(true);

  await startSession(page, await adminToken(request));
  await page.goto("/MyCart");
  const carts = page.getByRole("region", { name: "Customer carts" });
  await expect(carts.getByRole("row", { name: /Lena Cartwright/ })).toContainText("Open");
  await expectNoAxeViolations(page);
  await page.screenshot({ path: "test-results/admin-orders-carts.png", fullPage: true });

  const shopper = await browser.newContext();
  const customerPage = await shopper.newPage();
  await startSession(customerPage, customer.token);
  await customerPage.goto("/MyCart");
  await expect(customerPage.getByRole("heading", { name: "Your cart", level: 1 })).toBeVisible();
  await expect(customerPage.getByText(product.name).first()).toBeVisible();
  await expect(customerPage.getByRole("region", { name: "Customer carts" })).toHaveCount(0);
  await shopper.close();
});
