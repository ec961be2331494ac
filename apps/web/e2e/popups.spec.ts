/**
 * Pop-ups (issue 13, item 5): a staff member creates one in the admin (with its live
 * preview), a shopper sees it once on the home page as an accessible modal, dismisses it
 * with Esc and does not see it again on reload (once per session). axe checks the admin
 * pages and the open modal; a phone check makes sure the modal fits a small screen.
 *
 * Other browser tests share the shop and visit the home page as guests: the pop-ups made
 * here are for signed-in customers (or one category's pages), end within minutes and are
 * deleted when the test ends, so no other test meets them.
 */
import AxeBuilder from "@axe-core/playwright";
import { adminToken, gotoAdmin, newCustomer, startSession } from "./support/admin-session.ts";
import { type APIRequestContext, type Browser, expect, type Page, test } from "./support/test.ts";

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

const origin = () => ({ origin: process.env.E2E_BASE_URL ?? "" });
const unique = () => Date.now().toString(36).slice(-6);
const pad = (value: number) => String(value).padStart(2, "0");

/** A datetime-local value `minutes` from now, in the browser's (and this process's) time zone. */
function localInput(minutes: number): string {
  const date = new Date(Date.now() + minutes * 60_000);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

async function deletePopups(request: APIRequestContext, token: string, title: string) {
  const list: { id: number; title: string }[] = await (
    await request.get("/api/admin/popups", { headers: { authorization: `Bearer ${token}` } })
  ).json();
  for (const popup of list.filter((item) => item.title === title)) {
    await request.delete(`/api/admin/popups/${popup.id}`, {
      headers: { authorization: `Bearer ${token}`, ...origin() },
    });
  }
}

/** A shopper's own browser, signed in as a new customer. */
async function signedInShopper(browser: Browser, request: APIRequestContext): Promise<Page> {
  const customer = await newCustomer(request, "Mira Okafor");
  const context = await browser.newContext();
  const page = await context.newPage();
  await startSession(page, customer.token);
  return page;
}

/** Loads a page and waits until the pop-up host has asked which pop-ups run there. */
async function gotoAndAskPopups(page: Page, path: string) {
  const asked = page.waitForResponse((response) => response.url().includes("/api/popups/active"), { timeout: 20_000 });
  await page.goto(path);
  await asked;
}

test("staff create a pop-up; a signed-in shopper sees it once on the home page and dismisses it with Esc", async ({
  page,
  browser,
  request,
}) => {
  test.slow(); // the admin form, then a shopper's own browser
  const token = await adminToken(request);
  const title = `Members' week ${unique()}`;
  await startSession(page, token);
  try {
    await gotoAdmin(page, "/admin/add/add-new-pop-up");
    await expect(page.getByRole("heading", { name: "Add new pop-up", level: 1 })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByLabel("Title").fill(title);
    await page.getByLabel("Text").fill("<b>Not bold</b>: 10% off for members.\nThis week only.");
    await page.getByLabel("Button label").fill("Contact us");
    await page.getByLabel("Button link").fill("javascript:alert(1)");
    await page.getByLabel("Coupon code").fill("MEMBERS10");
    await page.getByLabel("Ends").fill(localInput(4));
    await page.getByLabel("Audience").selectOption({ label: "Signed-in customers" });
    // The live preview follows the form.
    const preview = page.getByRole("region", { name: "Preview" });
    await expect(preview).toContainText(title);
    await expect(preview).toContainText("MEMBERS10");

    await page.getByRole("button", { name: "Add pop-up" }).click();
    await expect(page.getByText(/^Button link must be a path on this site/)).toBeVisible();
    await page.getByLabel("Button link").fill("/contact");
    await expect(preview.getByText("Contact us")).toBeVisible();
    await page.getByRole("button", { name: "Add pop-up" }).click();
    await expect(page.getByText(`Added the pop-up “${title}”`)).toBeVisible();

    // Saving opens it on the update page, in the list with its status.
    await expect(page).toHaveURL(/\/admin\/edit\/update-pop-up\?id=\d+/);
    const row = page.getByRole("row").filter({ hasText: title });
    await expect(row).toContainText("Active");
    await expect(row).toContainText("Signed-in customers");
    await expect(page.getByRole("region", { name: `Edit “${title}”` })).toBeVisible();
    await expectNoAxeViolations(page);

    const shopper = await signedInShopper(browser, request);
    await gotoAndAskPopups(shopper, "/");
    const modal = shopper.getByRole("dialog", { name: title });
    await expect(modal).toBeVisible();
    // Plain text: the markup staff typed is shown as text, never run or rendered.
    await expect(modal.getByText("<b>Not bold</b>: 10% off for members.")).toBeVisible();
    await expect(modal.locator("b")).toHaveCount(0);
    await expect(modal.getByText("MEMBERS10")).toBeVisible();
    await expect(modal.getByRole("button", { name: "Copy code" })).toBeVisible();
    await expect(modal.getByRole("link", { name: "Contact us" })).toHaveAttribute("href", "/contact");
    await expect(modal.getByRole("button", { name: "Close" })).toBeVisible();
    // Showing it moved nothing on the page, and the page's largest paint is the page's own.
    const paint = await shopper.evaluate(async () => {
      const asked = performance
        .getEntriesByType("resource")
        .find((entry) => entry.name.includes("/api/popups/active")) as PerformanceResourceTiming | undefined;
      const since = asked?.responseEnd ?? 0;
      const entries = (type: string) =>
        new Promise<PerformanceEntry[]>((resolve) => {
          new PerformanceObserver((list, observer) => {
            observer.disconnect();
            resolve(list.getEntries());
          }).observe({ type, buffered: true });
          setTimeout(() => resolve([]), 1000);
        });
      const shifts = (await entries("layout-shift")) as (PerformanceEntry & { value: number })[];
      const largest = (await entries("largest-contentful-paint")).at(-1) as
        | (PerformanceEntry & { element: Element | null })
        | undefined;
      return {
        shiftAfterPopup: shifts.filter((entry) => entry.startTime >= since).reduce((sum, e) => sum + e.value, 0),
        lcpInModal: Boolean(largest?.element?.closest('[role="dialog"]')),
        lcpBeforePopup: (largest?.startTime ?? 0) <= since,
      };
    });
    expect(paint).toEqual({ shiftAfterPopup: 0, lcpInModal: false, lcpBeforePopup: true });
    // The focus is trapped in the modal.
    await expect(modal.locator(":focus")).toHaveCount(1);
    for (let step = 0; step < 5; step += 1) {
      await shopper.keyboard.press("Tab");
      await expect(modal.locator(":focus")).toHaveCount(1);
    }
    await expectNoAxeViolations(shopper);

    await shopper.keyboard.press("Escape");
    await expect(modal).toBeHidden();

    // Once per session: a reload in the same session shows nothing.
    await gotoAndAskPopups(shopper, "/");
    await shopper.waitForTimeout(1000);
    await expect(shopper.getByRole("dialog")).toHaveCount(0);
    await shopper.context().close();

    // Staff disable it from the list.
    await row.getByRole("button", { name: `Disable ${title}` }).click();
    await expect(page.getByText(`Disabled “${title}”`)).toBeVisible();
    await expect(row).toContainText("Disabled");
    await row.getByRole("button", { name: `Delete ${title}` }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete pop-up" }).click();
    await expect(page.getByText(`Deleted “${title}”`)).toBeVisible();
    await expect(page.getByRole("row").filter({ hasText: title })).toHaveCount(0);
  } finally {
    await deletePopups(request, token, title);
  }
});

test("on a phone the pop-up fits the screen and its close button is easy to reach @mobile", async ({
  page,
  request,
}) => {
  test.slow();
  const token = await adminToken(request);
  const title = `Phone drop ${unique()}`;
  const taxonomy: { categories: { id: number; name: string }[] } = await (
    await request.get("/api/catalog/taxonomy")
  ).json();
  const category = taxonomy.categories[0];
  if (!category) throw new Error("the demo shop has no categories");
  const created = await request.post("/api/admin/popups", {
    headers: { authorization: `Bearer ${token}`, ...origin() },
    data: {
      title,
      text: "New pieces in this category.",
      buttonLabel: "See them",
      buttonHref: `/categories/${encodeURIComponent(category.name)}`,
      couponCode: "PHONE5",
      audience: "signed-in",
      placement: "category",
      categoryId: category.id,
      endsAt: new Date(Date.now() + 4 * 60_000).toISOString(),
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  try {
    const customer = await newCustomer(request, "Ravi Lind");
    await startSession(page, customer.token);
    await gotoAndAskPopups(page, `/categories/${encodeURIComponent(category.name)}`);
    const modal = page.getByRole("dialog", { name: title });
    await expect(modal).toBeVisible();
    const viewport = page.viewportSize();
    const box = await modal.boundingBox();
    expect(viewport && box).toBeTruthy();
    if (viewport && box) {
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
      expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
    }
    const close = modal.getByRole("button", { name: "Close" });
    const closeBox = await close.boundingBox();
    expect(closeBox?.height ?? 0).toBeGreaterThanOrEqual(32);
    await expectNoAxeViolations(page);
    await close.click();
    await expect(modal).toBeHidden();
    // The page behind never scrolled sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  } finally {
    await deletePopups(request, token, title);
  }
});
