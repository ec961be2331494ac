/**
 * The wishlist and the cart in the browser: a guest hearts a product and fills a cart
 * (two sizes of one product), changes a quantity, saves a line for later, and the badges
 * follow; the guest's cart joins the account at sign-in; axe on both pages; a phone.
 */
import type { AdminProduct, ProductDetails } from "@atelier/contract";
import AxeBuilder from "@axe-core/playwright";
import { adminToken, newCustomer } from "./support/admin-session.ts";
import { addToCart, bagLink, expectBadge, productWithSizes } from "./support/cart.ts";
import { signIn } from "./support/shopper.ts";
import { expect, type Page, test } from "./support/test.ts";

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

/** Waits for the guest identity the layout makes after hydration. */
async function guestReady(page: Page) {
  await expect
    .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem("guestCustomerInfo") ?? "{}").token ?? null))
    .toBeTruthy();
}

const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
const formatUsd = (cents: number) => usd.format(cents / 100);

const cartLine = (page: Page, size: string) => page.getByTestId("cart-line").filter({ hasText: `Size ${size} ·` });

test("a guest hearts a product, adds two sizes, changes a quantity and saves one for later; the badges follow", async ({
  page,
  request,
}) => {
  test.slow();
  const hoodie = await productWithSizes(request, 2, 0, "Hoodie");
  const [small, large] = hoodie.sizes;
  if (!small || !large) throw new Error("two sizes");

  await page.goto("/");
  await guestReady(page);
  await expectBadge(page, "Wishlist", 0);
  await expectBadge(page, "Cart", 0);

  // The heart on a product card shows its state.
  const card = page.getByTestId("product-card").first();
  const hearted = (await card.getByRole("link").textContent()) ?? "";
  const heart = card.getByTestId("wishlist-heart");
  // Drawn from the page's icon sprite: hollow until saved, then filled with the brand colour.
  const icon = heart.locator('svg:has(use[href="#icon-heart"])');
  await expect(heart).toHaveAttribute("aria-pressed", "false");
  await expect(icon).toHaveCSS("fill", "none");
  await heart.click();
  await expect(heart).toHaveAttribute("aria-pressed", "true");
  await expect(icon).toHaveCSS("fill", "rgb(154, 52, 18)");
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "is on your wishlist" })).toBeVisible();
  await expectBadge(page, "Wishlist", 1);

  // Two sizes of one product.
  await page.goto(`/products/details/${hoodie.productId}`);
  await addToCart(page, hoodie.color, small);
  await addToCart(page, hoodie.color, large);
  await expectBadge(page, "Cart", 2);

  await bagLink(page, "Cart").click();
  await expect(page).toHaveURL(/\/MyCart$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your cart");
  await expect(page.getByTestId("cart-line")).toHaveCount(2);
  const first = cartLine(page, small);
  const lineTotal = await first.getByTestId("line-total").textContent();
  await first.getByRole("button", { name: `One more ${hoodie.name}` }).click();
  await expect(first.locator("output")).toHaveText("2");
  await expect(first.getByTestId("line-total")).not.toHaveText(lineTotal ?? "");
  await expectBadge(page, "Cart", 3);
  await expect(page.getByTestId("cart-summary")).toContainText("Estimated total");

  await cartLine(page, large)
    .getByRole("button", { name: `Save for later ${hoodie.name}` })
    .click();
  await expect(page.getByTestId("cart-line")).toHaveCount(1);
  await expectBadge(page, "Cart", 2);
  await expectBadge(page, "Wishlist", hearted === hoodie.name ? 1 : 2);

  await bagLink(page, "Wishlist").click();
  await expect(page).toHaveURL(/\/WishList$/);
  await expect(page.getByTestId("wishlist-item").filter({ hasText: hoodie.name })).toHaveCount(1);
  await expect(page.getByTestId("wishlist-item").filter({ hasText: hearted })).toHaveCount(1);

  // The badges survive a reload: they come from the server, not the page. (The wishlist
  // page's own load must not swallow the cart's count.)
  await page.reload();
  await expectBadge(page, "Cart", 2);
  await expectBadge(page, "Wishlist", hearted === hoodie.name ? 1 : 2);
});

test("a guest moves a wishlisted product to the cart with a size and color", async ({ page, request }) => {
  const pick = await productWithSizes(request, 1, 1);
  await page.goto(`/products/details/${pick.productId}`);
  await guestReady(page);
  const wishlistButton = page.getByRole("button", { name: "Wishlist", exact: true });
  await wishlistButton.click();
  await expect(wishlistButton).toHaveAttribute("aria-pressed", "true");
  await page.goto("/WishList");
  const item = page.getByTestId("wishlist-item").filter({ hasText: pick.name });
  await item.getByRole("button", { name: `Move to cart ${pick.name}` }).click();
  await item.getByLabel(`Size and color of ${pick.name}`).selectOption({ label: `${pick.sizes[0]} / ${pick.color}` });
  await item.getByRole("button", { name: "Add to cart" }).click();
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: `${pick.name} is in your cart.` })).toBeVisible();
  await expect(item).toHaveCount(0);
  await expectBadge(page, "Cart", 1);
  await expect(page.getByText("Your wishlist is empty")).toBeVisible();
});

test("a collab product's size and Add to cart work before the collab code has come, and the toast waits for sonner", async ({
  page,
  request,
}) => {
  // The collab credit is a lazy region: its code loads while the page hydrates. The purchase
  // form must not wait for it (when it sat inside the lazy drop gate, a size picked before the
  // code came was undone and the add-to-cart toast never showed: checkout.spec's hoodie).
  const pick = await productWithSizes(request, 1, 0, undefined, { collab: true });
  let releaseCollab = () => {};
  const collabHeld = new Promise<void>((resolve) => {
    releaseCollab = resolve;
  });
  let releaseSonner = () => {};
  const sonnerHeld = new Promise<void>((resolve) => {
    releaseSonner = resolve;
  });
  // Sonner (the toasts) is a chunk of its own, loaded on the first toast or when the page is idle.
  await page.route(/\/assets\/[^/]+\.js$/, async (route) => {
    const response = await route.fetch();
    const body = await response.text();
    if (body.includes("data-sonner-toaster")) await sonnerHeld;
    await route.fulfill({ status: response.status(), contentType: "text/javascript", body });
  });
  await page.route(/\/assets\/product-collab-[^/]+\.js$/, async (route) => {
    await collabHeld;
    await route.continue();
  });

  await page.goto(`/products/details/${pick.productId}`, { waitUntil: "domcontentloaded" });
  await guestReady(page);
  await expect(page.getByTestId("collab-credit")).toBeVisible(); // the server's HTML, its code held back
  const size = pick.sizes[0] ?? "";
  await page
    .getByRole("group", { name: /^Color/ })
    .getByRole("radio", { name: pick.color, exact: true })
    .check({ force: true });
  await page
    .getByRole("group", { name: /^Size/ })
    .getByRole("radio", { name: size, exact: true })
    .check({ force: true });
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expectBadge(page, "Cart", 1);
  // The toast was raised before sonner had loaded: it waits for it, and then shows.
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0);
  releaseSonner();
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: `, ${size}, ${pick.color}.` })).toBeVisible();
  releaseCollab();
  await expect(page.getByTestId("collab-credit").getByRole("link").first()).toBeVisible();
});

test("a guest's cart joins the account's cart at sign-in", async ({ page, request }) => {
  test.slow();
  const customer = await newCustomer(request, "Ines Albarran");
  const theirs = await productWithSizes(request, 1, 2);
  const mine = await productWithSizes(request, 1, 3);
  // Something already in the account's cart, from another device.
  const details: ProductDetails = await (await request.get(`/api/products/${theirs.productId}`)).json();
  const variant = details.variants.find((v) => v.size.name === theirs.sizes[0] && v.color.name === theirs.color);
  const added = await request.post("/api/cart/lines", {
    headers: { authorization: `Bearer ${customer.token}`, origin: process.env.E2E_BASE_URL ?? "" },
    data: { variantId: variant?.id, quantity: 1 },
  });
  expect(added.ok(), await added.text()).toBe(true);

  await page.goto(`/products/details/${mine.productId}`);
  await guestReady(page);
  await addToCart(page, mine.color, mine.sizes[0] ?? "");
  await expectBadge(page, "Cart", 1);

  await page.goto("/login");
  await signIn(page, customer.email, customer.password);
  await expectBadge(page, "Cart", 2);
  await page.goto("/MyCart");
  await expect(page.getByTestId("cart-line")).toHaveCount(2);
  await expect(page.getByTestId("cart-line").filter({ hasText: mine.name })).toHaveCount(1);
  await expect(page.getByTestId("cart-line").filter({ hasText: theirs.name })).toHaveCount(1);
});

test("the empty cart and wishlist invite the shopper to shop, and axe finds nothing on either page", async ({
  page,
  request,
}) => {
  test.slow(); // four axe runs
  await page.goto("/MyCart");
  await expect(page.getByText("Your cart is empty")).toBeVisible();
  await expect(page.getByRole("link", { name: "Start shopping" })).toHaveAttribute("href", "/");
  await expectNoAxeViolations(page);
  await page.goto("/WishList");
  await expect(page.getByText("Your wishlist is empty")).toBeVisible();
  await expectNoAxeViolations(page);

  // And filled, with a notice-free cart and a saved product.
  const pick = await productWithSizes(request, 1, 4);
  await page.goto(`/products/details/${pick.productId}`);
  await guestReady(page);
  await addToCart(page, pick.color, pick.sizes[0] ?? "");
  await page.getByRole("button", { name: "Wishlist", exact: true }).click();
  await expectBadge(page, "Wishlist", 1);
  await page.goto("/MyCart");
  await expect(page.getByTestId("cart-line")).toHaveCount(1);
  await expectNoAxeViolations(page);
  await page.goto("/WishList");
  await expect(page.getByTestId("wishlist-item")).toHaveCount(1);
  await expectNoAxeViolations(page);
});

test("on a phone, the top bar's badge counts and the cart page fits the screen @mobile", async ({ page, request }) => {
  test.slow();
  const pick = await productWithSizes(request, 1, 5);
  await page.goto(`/products/details/${pick.productId}`);
  await guestReady(page);
  await addToCart(page, pick.color, pick.sizes[0] ?? "");
  await expectBadge(page, "Cart", 1);
  // The toast sits under the top bar (it slides in from above), not over its cart link.
  const topBar = await page.getByRole("banner").boundingBox();
  await expect
    .poll(async () => (await page.locator("[data-sonner-toast]").first().boundingBox())?.y ?? 0)
    .toBeGreaterThanOrEqual((topBar?.y ?? 0) + (topBar?.height ?? 0));
  await bagLink(page, "Cart").click();
  await expect(page.getByTestId("cart-line")).toHaveCount(1);
  await expect(page.getByTestId("cart-summary")).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expectNoAxeViolations(page);
});

test("a price change and a sold-out size are shown in the cart, never charged silently; the shopper settles both", async ({
  page,
  request,
}) => {
  test.slow();
  const pick = await productWithSizes(request, 2, 6);
  const [kept, soldOut] = pick.sizes;
  if (!kept || !soldOut) throw new Error("two sizes");
  await page.goto(`/products/details/${pick.productId}`);
  await guestReady(page);
  await addToCart(page, pick.color, kept);
  await addToCart(page, pick.color, soldOut);

  // Staff raise the price and sell the last of one size, through the admin API.
  const token = await adminToken(request);
  const headers = { authorization: `Bearer ${token}`, origin: process.env.E2E_BASE_URL ?? "" };
  const product: AdminProduct = await (await request.get(`/api/admin/products/${pick.productId}`, { headers })).json();
  const options: { sizes: { id: number; name: string }[] } = await (
    await request.get("/api/admin/products/options", { headers })
  ).json();
  const soldOutSizeId = options.sizes.find((size) => size.name === soldOut)?.id;
  const { id: _id, currency: _currency, updatedAt: _updatedAt, ...fields } = product;
  const saved = await request.put(`/api/admin/products/${pick.productId}`, {
    headers,
    data: {
      ...fields,
      price: product.price + 500,
      compareAtPrice: null,
      variants: product.variants.map(({ id: _variantId, ...variant }) =>
        variant.sizeId === soldOutSizeId ? { ...variant, stock: 0 } : variant,
      ),
    },
  });
  expect(saved.ok(), await saved.text()).toBe(true);

  await page.goto("/MyCart");
  const notices = page.getByTestId("cart-notices");
  await expect(notices).toContainText("The price of an item changed since you added it.");
  await expect(notices).toContainText("An item is sold out or no longer available");
  await expect(cartLine(page, kept).getByTestId("price-changed")).toHaveText(`was ${formatUsd(product.price)}`);
  await expect(cartLine(page, soldOut).getByTestId("line-stock")).toHaveText("Sold out");
  await expect(page.getByRole("button", { name: "Checkout" })).toBeDisabled();
  await expect(page.getByTestId("subtotal")).toHaveText(formatUsd(product.price + 500));

  await page.getByRole("button", { name: "Accept new prices" }).click();
  await expect(notices).not.toContainText("The price of an item changed");
  await cartLine(page, soldOut)
    .getByRole("button", { name: `Remove ${pick.name}` })
    .click();
  await expect(page.getByTestId("cart-notices")).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Checkout" })).toHaveAttribute("href", "/checkout");
  await expectBadge(page, "Cart", 1);
});
