/**
 * Checkout in the browser: a guest puts two sizes of a hoodie in the cart, checks out
 * with cash on delivery, and lands on the order's confirmation; axe finds nothing wrong
 * on the checkout page.
 */
import type { ProductDetails } from "@atelier/contract";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";

/** Men's Hoodies, reached the way a shopper does, and the first hoodie's page. */
async function openAHoodie(page: Page): Promise<ProductDetails> {
  await page.goto("/");
  await page.getByRole("button", { name: "Men", exact: true }).click();
  await page.getByTestId("menu-Men").getByRole("link", { name: "Hoodies", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Men's Hoodies");
  await page.locator('a[href^="/products/details/"]').first().click();
  await expect(page).toHaveURL(/\/products\/details\/\d+/);
  const id = /\/products\/details\/(\d+)/.exec(page.url())?.[1];
  return (await (await page.request.get(`/api/products/${id}`)).json()) as ProductDetails;
}

/** The browser's own guest token (made after hydration), as the cart API wants it. */
async function guestToken(page: Page): Promise<string> {
  await expect.poll(() => page.evaluate(() => localStorage.getItem("guestCustomerInfo"))).toContain("token");
  const stored = await page.evaluate(() => localStorage.getItem("guestCustomerInfo"));
  return (JSON.parse(stored ?? "{}") as { token: string }).token;
}

test("a guest adds two sizes of a hoodie to the cart and checks out with cash on delivery", async ({ page }) => {
  const hoodie = await openAHoodie(page);
  const bySize = new Map<string, ProductDetails["variants"][number]>();
  for (const variant of hoodie.variants)
    if (variant.stock > 0 && !bySize.has(variant.size.name)) bySize.set(variant.size.name, variant);
  const [first, second] = [...bySize.values()];
  if (!first || !second) throw new Error("the hoodie has fewer than two sizes in stock");

  const token = await guestToken(page);
  for (const variant of [first, second]) {
    const added = await page.request.post("/api/cart/lines", {
      headers: { "x-guest-token": token },
      data: { variantId: variant.id, quantity: 1 },
    });
    expect(added.ok()).toBe(true);
  }

  await page.goto("/checkout");
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
