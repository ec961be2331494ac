/**
 * Collabs and drops in the browser, at 390 and 1440 px: a shopper opens /collabs/artist,
 * the collaborator's page (banner-less here, bio, drop countdown), waits on the product
 * page through a drop that launches a few seconds later (countdown and Notify me, then
 * the purchase form without a reload), and buys. axe finds nothing wrong on the pages.
 * Staff set it up through the admin API (the admin pages have their own checks below).
 */
import AxeBuilder from "@axe-core/playwright";
import { adminToken, gotoAdmin, startSession } from "./support/admin-session.ts";
import { addToCart, productWithSizes } from "./support/cart.ts";
import { type APIRequestContext, expect, type Page, test } from "./support/test.ts";

async function axeClean(page: Page) {
  const axe = await new AxeBuilder({ page }).exclude("[data-sonner-toaster]").analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

const shots = process.env.COLLAB_SHOTS === "1";

async function setUp(request: APIRequestContext, width: number, launchInMs: number) {
  const token = await adminToken(request);
  const headers = { authorization: `Bearer ${token}` };
  // Different products per width, away from the top of the lists the other tests pick from,
  // and others again on a retry (a product belongs to one upcoming drop at a time).
  const shift = test.info().retry * 6;
  const pick = await productWithSizes(request, 1, (width === 390 ? 7 : width === 1440 ? 9 : 11) + shift);
  const suffix = `${width}-${Date.now().toString(36)}`;
  const name = `Ines Vale ${suffix}`;
  const collab = await request.post("/api/admin/collabs", {
    headers,
    data: {
      kind: "artist",
      name,
      slug: `ines-vale-${suffix}`,
      bio: "Ines draws **tidal** maps. <b>Not bold</b>",
      socialLinks: [{ label: "Portfolio", url: "https://example.com/ines" }],
      status: "live",
      productIds: [pick.productId],
      rateKind: "percent",
      ratePercent: 15,
    },
  });
  expect(collab.status()).toBe(200);
  const drop = await request.post("/api/admin/drops", {
    headers,
    data: {
      title: `Tides ${suffix}`,
      collaboratorId: (await collab.json()).id,
      productIds: [pick.productId],
      launchAt: new Date(Date.now() + launchInMs).toISOString(),
      beforeLaunch: "coming_soon",
      perCustomerLimit: 2,
    },
  });
  expect(drop.status()).toBe(200);
  const made = await drop.json();
  /** Moves the launch to `ms` from now (staff editing the drop). */
  const launchIn = async (ms: number) => {
    const moved = await request.put(`/api/admin/drops/${made.id}`, {
      headers,
      data: {
        title: made.title,
        collaboratorId: made.collaboratorId,
        productIds: made.productIds,
        launchAt: new Date(Date.now() + ms).toISOString(),
        beforeLaunch: "coming_soon",
        perCustomerLimit: 2,
      },
    });
    expect(moved.status()).toBe(200);
  };
  return { pick, name, slug: `ines-vale-${suffix}`, token, launchIn };
}

for (const width of [390, 1440]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test("a shopper finds an artist, waits through a drop's launch and buys", async ({ page, request }) => {
      test.setTimeout(240_000);
      const { pick, name, slug, launchIn } = await setUp(request, width, 3_600_000);

      await page.goto("/collabs/artist");
      await expect(page.getByRole("heading", { name: "Artist Collabs", level: 1 })).toBeVisible();
      const card = page.locator("#main").getByRole("link", { name: new RegExp(name) });
      await expect(card).toContainText("1 product");
      await axeClean(page);
      if (shots) await page.screenshot({ path: `/tmp/collabs-list-${width}.png`, fullPage: true });
      await card.click();

      await expect(page).toHaveURL(new RegExp(`/collabs/artist/${slug}$`));
      await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
      // Markdown rendered, raw HTML shown as text.
      await expect(page.locator("strong", { hasText: "tidal" })).toBeVisible();
      await expect(page.getByText("<b>Not bold</b>")).toBeVisible();
      await expect(page.getByTestId("countdown").first()).toContainText("Launches in");
      const jsonLd = await page.locator('script[type="application/ld+json"]').first().textContent();
      expect(JSON.parse(jsonLd ?? "{}")).toMatchObject({ "@type": "Person", name });
      await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", new RegExp(name));
      await axeClean(page);
      if (shots) await page.screenshot({ path: `/tmp/collab-page-${width}.png`, fullPage: true });

      await page.goto(`/products/details/${pick.productId}`);
      await expect(page.getByTestId("collab-credit")).toContainText(`In collaboration with ${name}`);
      await expect(page.getByText(/^Coming soon:/)).toBeVisible();
      await expect(page.getByRole("button", { name: "Add to cart" })).toHaveCount(0);
      await expect(page.getByRole("textbox", { name: "Notify me: your email" })).toBeVisible();
      await expect
        .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem("guestCustomerInfo") ?? "{}").token ?? null))
        .toBeTruthy();
      await axeClean(page);
      if (shots) await page.screenshot({ path: `/tmp/collab-product-${width}.png`, fullPage: true });

      // Staff bring the launch a few seconds ahead; the shopper reloads, sees the countdown,
      // and the purchase form appears at the launch without another reload.
      await launchIn(15_000);
      await page.reload();
      await expect(page.getByText(/^Coming soon:/)).toBeVisible();
      await expect(page.getByTestId("countdown")).toContainText(/Launches in 00:00:[01]\d/);
      await expect(page.getByRole("button", { name: "Add to cart" })).toBeVisible({ timeout: 90_000 });
      await expect(page.getByText("Limited drop: at most 2 per customer.")).toBeVisible();
      await addToCart(page, pick.color, pick.sizes[0] ?? "");

      await page.goto("/checkout");
      const box = (label: string) => page.getByRole("textbox", { name: label, exact: true });
      await box("Email").fill(`drop.buyer.${width}@example.com`);
      await box("Phone").fill("+1 212 555 0199");
      await box("Full name").fill("Rui Tanaka");
      await box("Address").fill("77 Orchard Street");
      await box("City").fill("New York");
      await box("State or region").fill("NY");
      await box("Postal code").fill("10002");
      await page.getByRole("radio", { name: /^Outside the city/ }).check();
      await page.getByRole("radio", { name: "Cash on delivery" }).check();
      await page.getByRole("button", { name: "Place order" }).click();
      await expect(page).toHaveURL(/\/checkout\/complete\/A\d+$/);
    });
  });
}

test("staff see the Collabs link under Promotions and the collaborators, drops and statements pages", async ({
  page,
  request,
}) => {
  test.slow(); // three admin pages, each with an axe scan
  const { name, pick } = await setUp(request, 1280, 3_600_000);
  await startSession(page, await adminToken(request));
  await gotoAdmin(page, "/admin/promotions/collabs");
  await expect(page.getByRole("heading", { name: "Collabs", level: 1 })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Collabs" })).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: name });
  await row.getByRole("button", { name: /^Edit/ }).click();
  await expect(page.getByRole("heading", { name: `Edit ${name}` })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Royalty statements" })).toBeVisible();
  await axeClean(page);
  if (shots) await page.screenshot({ path: "/tmp/admin-collabs.png", fullPage: true });
  // A slug clash is told beside the field.
  await page.getByRole("button", { name: "New collaborator" }).click();
  // The edit form gives way to the new one: fill only once it is there (else `first()` is the old form's field).
  await expect(page.getByRole("heading", { name: "New collaborator" })).toBeVisible();
  await expect(page.getByRole("heading", { name: `Edit ${name}` })).toBeHidden();
  await page.getByRole("textbox", { name: "Name", exact: true }).first().fill("Mira Sol");
  await page.getByRole("textbox", { name: "Slug" }).first().fill("mira-sol");
  await page.getByRole("textbox", { name: "Percent" }).first().fill("10");
  await page.getByRole("button", { name: "Add collaborator" }).click();
  await expect(page.getByText("is already taken", { exact: true })).toBeVisible();

  await gotoAdmin(page, "/admin/promotions/drops");
  await expect(page.getByRole("heading", { name: "Drops", level: 1 })).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: "Tides 1280" }).first()).toContainText("upcoming");
  // The drop form: products picked by name (chips), times in the store's zone, a past launch said before saving.
  await page.getByRole("button", { name: "New drop" }).click();
  await expect(page.getByText("Times are in the store's time zone (")).toBeVisible();
  await page.getByRole("searchbox", { name: "Find products by name or SKU" }).fill(pick.name);
  // The seeded catalogue has two products of that name (one a draft): the one in the drop.
  await page
    .getByRole("list", { name: "Matching products" })
    .getByRole("listitem")
    .filter({ hasText: "In another drop" })
    .getByRole("button", { name: `Add ${pick.name}`, exact: true })
    .click();
  const chips = page.getByRole("list", { name: "Products of the drop: chosen" });
  await expect(chips.getByText(pick.name, { exact: true })).toBeVisible();
  await expect(chips.getByText("In another drop")).toBeVisible();
  await page.getByLabel(/^Launch \(/).fill("2020-01-01T10:00:00");
  await expect(page.getByTestId("drop-past-launch")).toContainText("in the past");
  await axeClean(page);
  if (shots) await page.screenshot({ path: "/tmp/admin-drops.png", fullPage: true });
  await page.getByRole("button", { name: "Cancel" }).click();
});
