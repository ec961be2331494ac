/**
 * The full-page cache in the browser (issue 18, ADR 0015): a guest with a cart and a
 * signed-in customer with a wishlist get the very same cached HTML of a product page, and
 * each sees their own badges once the page has hydrated; the cached page runs under its
 * hash-based Content-Security-Policy without a single violation.
 */
import AxeBuilder from "@axe-core/playwright";
import { newCustomer, startSession } from "./support/admin-session.ts";
import { addToCart, expectBadge, productWithSizes } from "./support/cart.ts";
import { expect, type Page, test } from "./support/test.ts";

/** Waits for the guest identity the layout makes after hydration. */
async function guestReady(page: Page) {
  await expect
    .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem("guestCustomerInfo") ?? "{}").token ?? null))
    .toBeTruthy();
}

/** Content-Security-Policy violations the page reports from now on. */
function cspViolations(page: Page): string[] {
  const found: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && /Content Security Policy/i.test(message.text())) found.push(message.text());
  });
  return found;
}

test("two shoppers get the same cached page and each their own badges", async ({ browser, request }) => {
  test.slow();
  const pick = await productWithSizes(request, 2, 5);
  const url = `/products/details/${pick.productId}`;
  const [small, large] = pick.sizes;
  if (!small || !large) throw new Error("two sizes");

  // A guest with two lines in the cart.
  const guestContext = await browser.newContext();
  const guest = await guestContext.newPage();
  const guestViolations = cspViolations(guest);
  await guest.goto(url);
  await guestReady(guest);
  await addToCart(guest, pick.color, small);
  await addToCart(guest, pick.color, large);
  await expectBadge(guest, "Cart", 2);

  // A signed-in customer with the product on the wishlist and an empty cart.
  const customer = await newCustomer(request);
  const wished = await request.post("/api/wishlist/items", {
    data: { productId: pick.productId },
    headers: { authorization: `Bearer ${customer.token}`, origin: process.env.E2E_BASE_URL ?? "" },
  });
  expect(wished.ok(), await wished.text()).toBe(true);
  const userContext = await browser.newContext();
  const user = await userContext.newPage();
  const userViolations = cspViolations(user);
  await startSession(user, customer.token);

  const guestAnswer = await guest.goto(url);
  const userAnswer = await user.goto(url);
  expect(guestAnswer?.headers()["x-page-cache"]).toBe("hit");
  expect(userAnswer?.headers()["x-page-cache"]).toBe("hit");
  const guestHtml = (await guestAnswer?.text()) ?? "";
  expect(guestHtml.length).toBeGreaterThan(1000);
  expect(await userAnswer?.text()).toBe(guestHtml);

  await expectBadge(guest, "Cart", 2);
  await expectBadge(guest, "Wishlist", 0);
  await expectBadge(user, "Cart", 0);
  await expectBadge(user, "Wishlist", 1);
  await expect(user.getByRole("button", { name: "Wishlist", exact: true })).toHaveAttribute("aria-pressed", "true");
  await expect(guest.getByRole("button", { name: "Wishlist", exact: true })).toHaveAttribute("aria-pressed", "false");

  expect(guestViolations).toEqual([]);
  expect(userViolations).toEqual([]);
  const axe = await new AxeBuilder({ page: user }).analyze();
  expect(axe.violations.map((violation) => violation.id)).toEqual([]);
  await guestContext.close();
  await userContext.close();
});
