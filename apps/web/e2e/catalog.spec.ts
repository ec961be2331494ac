/**
 * The shopper's catalogue: filtering a list, a product's page (variants, price, stock,
 * what search engines read), and axe on home, list and product pages, desktop and phone.
 */
import type { ProductListAnswer } from "@atelier/contract";
import AxeBuilder from "@axe-core/playwright";
import { adminToken } from "./support/admin-session.ts";
import { demoAdmin } from "./support/ports.ts";
import { type APIRequestContext, expect, type Page, test } from "./support/test.ts";

/** Men's Hoodies, reached the way a shopper does: the Men menu. */
async function openMensHoodies(page: Page) {
  await page.goto("/");
  await page.getByRole("button", { name: "Men", exact: true }).click();
  await page.getByTestId("menu-Men").getByRole("link", { name: "Hoodies", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Men's Hoodies");
}

async function listAnswer(page: Page): Promise<ProductListAnswer> {
  const id = /\/products\/(\d+)/.exec(page.url())?.[1];
  const response = await page.request.get(`/api/products?subSubCategoryId=${id}&gender=men`);
  return (await response.json()) as ProductListAnswer;
}

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

test("a shopper filters a list by size: the URL keeps the filter and the count changes", async ({ page }) => {
  await openMensHoodies(page);
  const all = await listAnswer(page);
  await expect(page.getByTestId("result-count")).toHaveText(`${all.total} products`);
  const size = all.facets.sizes.find((entry) => entry.count < all.total) ?? all.facets.sizes[0];
  if (!size) throw new Error("the seeded list has no sizes");
  const filters = page.getByTestId("filters");
  await filters.getByText(`${size.name} (${size.count})`, { exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]sizes=${size.id}(&|$)`));
  await expect(page).toHaveURL(/gender=men/);
  await expect(page.getByTestId("result-count")).toHaveText(size.count === 1 ? "1 product" : `${size.count} products`);
  await expect(page.getByTestId("product-card")).toHaveCount(Math.min(size.count, 24));
  // The filtered list is a link: reloading it shows the same thing, with the size still ticked.
  await page.reload();
  await expect(filters.getByRole("checkbox", { name: new RegExp(`^${size.name} \\(`) })).toBeChecked();
  await filters.getByRole("link", { name: "Clear filters" }).click();
  await expect(page.getByTestId("result-count")).toHaveText(`${all.total} products`);
});

test("a shopper sees a clear empty state when no product matches", async ({ page }) => {
  await openMensHoodies(page);
  await page.goto(`${page.url()}&minPrice=999999`);
  await expect(page.getByTestId("result-count")).toHaveText("0 products");
  await expect(page.getByText("No products match these filters.")).toBeVisible();
});

test("a shopper opens a product, picks a size and a color, and sees the price and the stock", async ({ page }) => {
  await openMensHoodies(page);
  const first = page.getByTestId("product-card").first();
  const name = (await first.getByRole("link").textContent()) ?? "";
  await first.getByRole("link").click();
  await expect(page).toHaveURL(/\/products\/details\/\d+$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  await expect(page.getByTestId("price")).toContainText("$");
  await expect(page.getByRole("navigation", { name: "Breadcrumb" })).toContainText("Hoodies");

  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(page.locator("[data-sonner-toast]")).toContainText("Choose a size and a color first.");

  const colors = page.getByRole("group", { name: /^Color/ });
  const sizes = page.getByRole("group", { name: /^Size/ });
  const color = colors.getByRole("radio").first();
  await color.check({ force: true });
  await expect(colors.locator("legend")).toContainText(/Color: \w+/);
  await sizes.getByRole("radio").first().check({ force: true });
  await expect(sizes.locator("legend")).toContainText(/Size: \w+/);
  await expect(page.getByTestId("stock-status")).toHaveText(
    /^(In stock|Only \d+ left|Sold out in this size and color)$/,
  );
});

test("the product page tells search engines and link previews about the product", async ({ page }) => {
  await openMensHoodies(page);
  await page.getByTestId("product-card").first().getByRole("link").click();
  await expect(page).toHaveURL(/\/products\/details\/(\d+)$/);
  const url = page.url();
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", url);
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", /\/api\/admin\/getimage\//);
  await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute("content", "summary_large_image");
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /\w+/);
  const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}");
  expect(jsonLd).toMatchObject({
    "@type": "Product",
    name: await page.getByRole("heading", { level: 1 }).textContent(),
    offers: {
      "@type": "Offer",
      priceCurrency: "USD",
      url,
      availability: expect.stringMatching(/schema\.org\/(In|OutOf)Stock/),
    },
  });
  // Every image reserves its space, and only the main one is fetched eagerly.
  const images = page.locator("main img");
  for (const image of await images.all()) {
    await expect(image).toHaveAttribute("width", /\d+/);
    await expect(image).toHaveAttribute("height", /\d+/);
  }
  await expect(page.getByTestId("gallery-main").locator("img")).toHaveAttribute("fetchpriority", "high");
});

test("an unknown product shows the 404 page", async ({ page }) => {
  const response = await page.goto("/products/details/99999999");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "404 - Page Not Found" })).toBeVisible();
});

/** Publishes or unpublishes products the way staff do: the admin API's bulk action. */
async function setPublished(request: APIRequestContext, token: string, ids: number[], published: boolean) {
  const response = await request.post("/api/admin/products/bulk", {
    headers: { authorization: `Bearer ${token}` },
    data: { action: published ? "publish" : "unpublish", ids },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

test("an unpublished product is a 404 for shoppers, and staff see it with a Not published notice", async ({
  page,
  browser,
  request,
}) => {
  // A demo product no other test opens (they go through Men's Hoodies or make their own):
  // the published one changed longest ago.
  const token = await adminToken(request);
  const list: { items: { id: number; name: string }[] } = await (
    await request.get("/api/admin/products?published=true&sort=updated&pageSize=100", {
      headers: { authorization: `Bearer ${token}` },
    })
  ).json();
  const id = list.items.filter((product) => !/hoodie/i.test(product.name)).at(-1)?.id ?? 0;
  await setPublished(request, token, [id], false);
  try {
    const shopper = await browser.newPage();
    expect((await shopper.goto(`/products/details/${id}`))?.status()).toBe(404);
    await shopper.close();

    // The demo admin signs in: the session cookie goes with the page request to the server.
    const signIn = await page.request.post("/api/auth/sign-in/email", {
      data: { email: demoAdmin.email, password: demoAdmin.password },
      headers: { origin: process.env.E2E_BASE_URL ?? "" },
    });
    expect(signIn.ok()).toBe(true);
    const response = await page.goto(`/products/details/${id}`);
    expect(response?.status()).toBe(200);
    expect(response?.headers()["cache-control"]).toContain("no-store");
    await expect(page.getByRole("status").filter({ hasText: "Not published" })).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  } finally {
    await setPublished(request, token, [id], true);
  }
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the filters still work as a plain form", async ({ page }) => {
    await page.goto("/categories/Men");
    const filters = page.getByTestId("filters");
    await filters.getByRole("checkbox", { name: "In stock only" }).check();
    await filters.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/inStock=true/);
    await expect(filters.getByRole("checkbox", { name: "In stock only" })).toBeChecked();
  });
});

test.describe("accessibility of the catalogue", () => {
  test("axe finds no violations on the home, a product list and a product page", async ({ page }) => {
    test.slow();
    await page.goto("/");
    await expectNoAxeViolations(page);
    await openMensHoodies(page);
    await expectNoAxeViolations(page);
    await page.getByTestId("product-card").first().getByRole("link").click();
    await expect(page.getByTestId("price")).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("axe finds no violations on the home, a product list and a product page on a phone @mobile", async ({
    page,
  }) => {
    test.slow();
    await page.goto("/");
    await expectNoAxeViolations(page);
    await page.goto("/categories/Men");
    await expectNoAxeViolations(page);
    await page.getByText("Filters", { exact: true }).click();
    await expect(page.getByTestId("filters")).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByTestId("product-card").first().getByRole("link").click();
    await expect(page.getByTestId("price")).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
