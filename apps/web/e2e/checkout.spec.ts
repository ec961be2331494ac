/**
 * Checkout in the browser: a guest puts two sizes of a hoodie in the cart from the product
 * page, goes from /MyCart to checkout, pays cash on delivery, and lands on the order's
 * confirmation; axe finds nothing wrong on the checkout page.
 */
import AxeBuilder from "@axe-core/playwright";
import { addToCart, productWithSizes } from "./support/cart.ts";
import { expect, test } from "./support/test.ts";

test("a guest adds two sizes of a hoodie to the cart and checks out with cash on delivery", async ({
  page,
  request,
}) => {
  test.slow();
  // skip 1: the cart tests buy the first such hoodie.
  const hoodie = await productWithSizes(request, 2, 1, "Hoodie");
  const [small, large] = hoodie.sizes;
  if (!small || !large) throw new Error("two sizes");
  await page.goto("/");
  await expect
    .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem("guestCustomerInfo") ?? "{}").token ?? null))
    .toBeTruthy();
  await page.goto(`/products/details/${hoodie.productId}`);
  await addToCart(page, hoodie.color, small);
  await addToCart(page, hoodie.color, large);
  const first = { size: { name: small }, color: { name: hoodie.color } };
  const second = { size: { name: large }, color: { name: hoodie.color } };

  await page.goto("/MyCart");
  await page.getByRole("link", { name: "Checkout" }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole("heading", { name: "Checkout", level: 1 })).toBeVisible();
  const summary = page.getByRole("complementary", { name: "Order summary" });
  await expect(summary.getByText(`${first.size.name} · ${first.color.name} · Qty 1`)).toBeVisible();
  await expect(summary.getByText(`${second.size.name} · ${second.color.name} · Qty 1`)).toBeVisible();

  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);

  const box = (name: string) => page.getByRole("textbox", { name, exact: true });
  await box("Email").fill("guest.buyer@example.com");
  await box("Phone").fill("+1 212 555 0199");
  await box("Full name").fill("Rui Tanaka");
  await box("Address").fill("77 Orchard Street");
  await box("City").fill("New York");
  await box("State or region").fill("NY");
  await box("Postal code").fill("10002");
  await page.getByRole("radio", { name: /^Outside the city/ }).check();
  await page.getByRole("radio", { name: "Cash on delivery" }).check();
  await expect(summary.getByText("$12.00")).toBeVisible();
  await page.getByRole("button", { name: "Place order" }).click();

  await expect(page).toHaveURL(/\/checkout\/complete\/A\d+$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/Thank you! Order A\d+ is placed\./);
  await expect(page.getByText(`${first.size.name} · ${first.color.name} · Qty 1`)).toBeVisible();
  await expect(page.getByText(`${second.size.name} · ${second.color.name} · Qty 1`)).toBeVisible();
  await expect(page.getByText("Cash on delivery")).toBeVisible();

  // The cart is empty now: going back to checkout says so.
  await page.goto("/checkout");
  await expect(page.getByText("Your cart is empty.")).toBeVisible();
});

test("on a phone, checkout fits the screen and its summary follows the form @mobile", async ({ page, request }) => {
  test.slow();
  const pick = await productWithSizes(request, 1, 7);
  await page.goto(`/products/details/${pick.productId}`);
  await expect
    .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem("guestCustomerInfo") ?? "{}").token ?? null))
    .toBeTruthy();
  await addToCart(page, pick.color, pick.sizes[0] ?? "");
  await page.goto("/checkout");
  const summary = page.getByRole("complementary", { name: "Order summary" });
  await expect(summary.getByTestId("order-total")).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  const form = await page.getByRole("heading", { name: "Contact" }).boundingBox();
  const total = await summary.boundingBox();
  expect(total?.y ?? 0).toBeGreaterThan(form?.y ?? 0);
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);
});
