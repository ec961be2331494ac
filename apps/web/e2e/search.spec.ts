/**
 * Search in the browser (issue 5; spec sections 4, 5, 8 and 9): the header's suggestion
 * box (debounce, every state text, keyboard, broken thumbnails, out-of-order answers),
 * the mobile search, and the results page. The answers are the real server's: a test
 * that needs a slow answer delays the real response (route.continue after a wait).
 */
import type { SearchResultsAnswer, SearchSuggestion } from "@atelier/contract";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, type Request, type Route, test } from "./support/test.ts";

const barCalls = "**/api/admin/search-bar-products?**";
const isBarCall = (request: Request) => new URL(request.url()).pathname === "/api/admin/search-bar-products";

const headerBox = (page: Page) => page.getByTestId("header-search");
const headerInput = (page: Page) => headerBox(page).getByRole("combobox", { name: "Search products" });
const popup = (page: Page) => headerBox(page).getByTestId("search-popup");
const options = (page: Page) => headerBox(page).getByRole("option");

/** The home page, once the header's box has come alive (hydrated). */
async function openHome(page: Page) {
  await page.goto("/");
  await expect(page.locator("[data-testid=header-search][data-hydrated]")).toHaveCount(1);
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Lets the real answer through after `ms`; a request the page has given up on is left alone. */
const delayed = (ms: number) => async (route: Route) => {
  await wait(ms);
  await route.continue().catch(() => undefined);
};

async function suggestionsFor(page: Page, q: string): Promise<SearchSuggestion[]> {
  const response = await page.request.get(`/api/admin/search-bar-products?q=${encodeURIComponent(q)}`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as SearchSuggestion[];
}

async function resultsFor(page: Page, query: string): Promise<SearchResultsAnswer> {
  const response = await page.request.get(`/api/search?${query}`);
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as SearchResultsAnswer;
}

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

/**
 * Suggestion names in a stable order: ranking mixes in popularity, which page views from
 * tests running alongside can change between two calls.
 */
const sortedNames = (items: SearchSuggestion[]) => items.map((item) => item.name).sort();

async function shownNames(page: Page): Promise<string[]> {
  return (await options(page).allTextContents()).sort();
}

const countText = (total: number, text: string) => `${total === 1 ? "1 result" : `${total} results`} for “${text}”`;

test.describe("the header's search box", () => {
  test("fast typing sends one request, 300 ms after the last key, and shows the suggestions", async ({ page }) => {
    // The page runs on Playwright's clock, paused: the keys' 40 ms and the debounce's 300 ms
    // are the page's time, so a busy machine (which once spread real keys past 300 ms) cannot
    // change what the page sees.
    await page.clock.install();
    await openHome(page);
    const sent: string[] = [];
    page.on("request", (request) => {
      if (isBarCall(request)) sent.push(new URL(request.url()).searchParams.get("q") ?? "");
    });
    await page.clock.pauseAt(Date.now() + 1000);
    for (const key of "hoodie") {
      await headerInput(page).press(key);
      await page.clock.runFor(40);
    }
    // 299 ms after the last key: nothing asked yet (given real time to show up if it were).
    await page.clock.runFor(300 - 40 - 1);
    await wait(300);
    expect(sent).toEqual([]);
    await page.clock.runFor(1);
    await expect.poll(() => sent).toEqual(["hoodie"]);
    await page.clock.resume();
    await expect(options(page).first()).toBeVisible();
    await wait(300);
    expect(sent).toEqual(["hoodie"]);
    const expected = await suggestionsFor(page, "hoodie");
    expect(expected.length).toBeGreaterThan(0);
    await expect(options(page)).toHaveCount(expected.length);
    expect(await shownNames(page)).toEqual(sortedNames(expected));
    await expect(headerInput(page)).toHaveAttribute("aria-expanded", "true");
  });

  test("shows 'Searching...' while the answer is on its way, then the list; gibberish gives 'No products found'", async ({
    page,
  }) => {
    await openHome(page);
    await page.route(barCalls, delayed(1500));
    await headerInput(page).fill("hoodie");
    await expect(popup(page)).toHaveText("Searching...");
    await expect(headerBox(page).getByRole("status")).toHaveText("Searching...");
    await expect(options(page).first()).toBeVisible({ timeout: 5000 });
    await expect(popup(page)).not.toContainText("Searching...");

    await page.unroute(barCalls);
    await headerInput(page).fill("qzxwvjkq");
    await expect(popup(page)).toHaveText("No products found");
    await expect(options(page)).toHaveCount(0);
    await expect(headerInput(page)).toHaveAttribute("aria-expanded", "false");
  });

  test("clearing the text empties the suggestions", async ({ page }) => {
    await openHome(page);
    await headerInput(page).fill("hoodie");
    await expect(options(page).first()).toBeVisible();
    await headerInput(page).fill("");
    await expect(popup(page)).toHaveCount(0);
    // Typing again starts from nothing: the old list does not come back while typing.
    await headerInput(page).fill("h");
    await expect(options(page)).toHaveCount(0);
  });

  test("the Search button is disabled and Enter does nothing for empty or whitespace text", async ({ page }) => {
    await openHome(page);
    const button = headerBox(page).getByRole("button", { name: "Search" });
    await expect(button).toBeDisabled();
    await headerInput(page).fill("   ");
    await expect(button).toBeDisabled();
    await headerInput(page).press("Enter");
    await wait(300);
    await expect(page).toHaveURL(/\/$/);
    await expect(popup(page)).toHaveCount(0);
  });

  test("Enter submits the trimmed text, URL-encoded", async ({ page }) => {
    await openHome(page);
    await headerInput(page).fill("  tee & mug ");
    await expect(headerBox(page).getByRole("button", { name: "Search" })).toBeEnabled();
    await headerInput(page).press("Enter");
    await expect(page).toHaveURL(/\/search-product\?search=tee%20%26%20mug$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Results for “tee & mug”");
  });

  test("arrow keys move through the suggestions, Enter opens the highlighted product, Escape closes", async ({
    page,
  }) => {
    await openHome(page);
    const input = headerInput(page);
    await input.fill("hoodie");
    const expected = await suggestionsFor(page, "hoodie");
    expect(expected.length).toBeGreaterThan(1);
    await expect(options(page)).toHaveCount(expected.length);

    await input.press("ArrowDown");
    await expect(options(page).nth(0)).toHaveAttribute("aria-selected", "true");
    await input.press("ArrowDown");
    await expect(options(page).nth(1)).toHaveAttribute("aria-selected", "true");
    await expect(options(page).nth(0)).toHaveAttribute("aria-selected", "false");
    const activeId = await options(page).nth(1).getAttribute("id");
    await expect(input).toHaveAttribute("aria-activedescendant", activeId ?? "");
    await input.press("ArrowUp");
    await expect(options(page).nth(0)).toHaveAttribute("aria-selected", "true");

    await input.press("Escape");
    await expect(options(page)).toHaveCount(0);
    await expect(input).toHaveAttribute("aria-expanded", "false");
    await expect(input).toHaveValue("hoodie");

    // ArrowDown opens the list again; Enter opens the product (links use productId).
    await input.press("ArrowDown");
    await input.press("ArrowDown");
    await expect(options(page).nth(1)).toHaveAttribute("aria-selected", "true");
    const name = (await options(page).nth(1).textContent()) ?? "";
    const chosen = expected.find((item) => item.name === name);
    await input.press("Enter");
    await expect(page).toHaveURL(new RegExp(`/products/details/${chosen?.productId}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  });

  test("a click outside closes the list and a click on a suggestion opens it", async ({ page }) => {
    await openHome(page);
    await headerInput(page).fill("hoodie");
    const expected = await suggestionsFor(page, "hoodie");
    await expect(options(page).first()).toBeVisible();
    await page.locator("footer").click({ position: { x: 5, y: 5 } });
    await expect(options(page)).toHaveCount(0);
    await headerInput(page).click();
    await expect(options(page).first()).toBeVisible();
    const name = (await options(page).first().textContent()) ?? "";
    await options(page).first().click();
    const chosen = expected.find((item) => item.name === name);
    await expect(page).toHaveURL(new RegExp(`/products/details/${chosen?.productId}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  });

  test("a thumbnail that fails to load is hidden", async ({ page }) => {
    await openHome(page);
    await page.route("**/api/admin/getimage/**", (route) => route.fulfill({ status: 404, body: "" }));
    await headerInput(page).fill("hoodie");
    const thumbnail = options(page).first().getByTestId("suggestion-thumbnail");
    await expect(thumbnail).toHaveCount(1);
    await expect(thumbnail).toBeHidden();
    await expect(options(page).first()).toBeVisible();
  });

  test("a slow answer for an older query never replaces the newer one", async ({ page }) => {
    await openHome(page);
    let firstCall = true;
    await page.route(barCalls, async (route) => {
      if (firstCall) {
        firstCall = false;
        await wait(2500);
      }
      await route.continue().catch(() => undefined);
    });
    const input = headerInput(page);
    // "te" (tees) and "hoodie" have different suggestions, so the list shows whose they are.
    await input.fill("te");
    await expect(popup(page)).toHaveText("Searching...");
    await input.fill("hoodie");
    const expected = sortedNames(await suggestionsFor(page, "hoodie"));
    expect(expected).not.toEqual(sortedNames(await suggestionsFor(page, "te")));
    await expect(options(page)).toHaveCount(expected.length);
    expect(await shownNames(page)).toEqual(expected);
    // After the slow "te" answer could have arrived, the list is still hoodie's.
    await wait(3000);
    expect(await shownNames(page)).toEqual(expected);
  });

  test("axe finds no violations with the suggestion list open", async ({ page }) => {
    await openHome(page);
    await headerInput(page).fill("hoodie");
    await expect(options(page).first()).toBeVisible();
    await headerInput(page).press("ArrowDown");
    await expectNoAxeViolations(page);
  });
});

test.describe("on a phone @mobile", () => {
  test("the top bar's toggle opens the mobile search: same states, search-products, Escape closes", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/");
    const sent: string[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith("/api/admin/search-")) sent.push(url.pathname);
    });
    const toggle = page.getByRole("button", { name: "Search", exact: true });
    await toggle.click();
    const panel = page.getByTestId("mobile-search");
    const input = panel.getByRole("combobox", { name: "Search products" });
    await expect(input).toBeFocused();
    await expect(panel.getByRole("button", { name: "Search" })).toBeDisabled();

    await page.route("**/api/admin/search-products?**", delayed(1200));
    await input.pressSequentially("hoodie", { delay: 30 });
    await expect(panel.getByTestId("search-popup")).toHaveText("Searching...");
    await expect(panel.getByRole("option").first()).toBeVisible({ timeout: 5000 });
    // The mobile box asks search-products, as the header's does. (How many times is the
    // debounce's business, pinned on a paused clock above: here real keys run, and a busy
    // machine once spread them past 300 ms, which rightly sent "hoo" too.)
    expect(sent.length).toBeGreaterThan(0);
    expect(new Set(sent)).toEqual(new Set(["/api/admin/search-products"]));
    await page.unroute("**/api/admin/search-products?**");

    await input.fill("qzxwvjkq");
    await expect(panel.getByTestId("search-popup")).toHaveText("No products found");
    await input.fill("");
    await expect(panel.getByTestId("search-popup")).toHaveCount(0);

    // Escape closes the panel and gives focus back to the toggle.
    await input.press("Escape");
    await expect(panel).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Search", exact: true })).toBeFocused();

    // Enter submits; the panel closes on the results page.
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await page.getByTestId("mobile-search").getByRole("combobox").fill("hoodie");
    await page.getByTestId("mobile-search").getByRole("combobox").press("Enter");
    await expect(page).toHaveURL(/\/search-product\?search=hoodie$/);
    await expect(page.getByTestId("mobile-search")).toHaveCount(0);
    await expect(page.getByTestId("result-count")).toContainText("for “hoodie”");
    await expectNoAxeViolations(page);
  });
});

test.describe("the results page", () => {
  test("shows the count, marks the query in names, sorts, filters and pages with the search kept", async ({ page }) => {
    const answer = await resultsFor(page, "search=hoodie");
    expect(answer.total).toBeGreaterThan(0);
    await page.goto("/search-product?search=hoodie");
    await expect(page.getByTestId("result-count")).toHaveText(countText(answer.total, "hoodie"));
    // The header's box shows what was searched, without opening suggestions.
    await expect(headerInput(page)).toHaveValue("hoodie");
    await expect(headerInput(page)).toHaveAttribute("aria-expanded", "false");
    const cards = page.getByTestId("product-card");
    await expect(cards).toHaveCount(answer.items.length);
    await expect(cards.first().locator("mark").first()).toHaveText(/hoodie/i);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/search-product\?search=hoodie$/);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", /^Search: hoodie/);
    await expectNoAxeViolations(page);

    // Sort: price, low to high.
    await page.getByLabel("Sort by").selectOption("price-asc");
    await expect(page).toHaveURL(/sort=price-asc/);
    await expect(page).toHaveURL(/search=hoodie/);
    const sorted = await resultsFor(page, "search=hoodie&sort=price-asc");
    await expect(cards.first().getByRole("link")).toHaveText(sorted.items[0]?.name ?? "");

    // Filter by a size: the count changes, the search stays.
    const size = answer.facets.sizes.find((entry) => entry.count < answer.total) ?? answer.facets.sizes[0];
    if (size) {
      await page.getByTestId("filters").getByText(`${size.name} (`, { exact: false }).first().click();
      await expect(page).toHaveURL(new RegExp(`[?&]sizes=${size.id}(&|$)`));
      await expect(page).toHaveURL(/search=hoodie/);
      const filtered = await resultsFor(page, `search=hoodie&sort=price-asc&sizes=${size.id}`);
      await expect(page.getByTestId("result-count")).toHaveText(countText(filtered.total, "hoodie"));
    }
  });

  test("page links keep the search and the filters", async ({ page }) => {
    // A word most demo products share, so there is more than one page.
    let text = "";
    for (const candidate of ["tee", "cotton", "a"]) {
      const answer = await resultsFor(page, `search=${candidate}`);
      if (answer.pageCount > 1) {
        text = candidate;
        break;
      }
    }
    expect(text, "a word the demo catalogue has on more than one page of results").not.toBe("");
    await page.goto(`/search-product?search=${text}&sort=newest`);
    await page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: "Next page" }).click();
    await expect(page).toHaveURL(new RegExp(`search=${text}`));
    await expect(page).toHaveURL(/page=2/);
    await expect(page).toHaveURL(/sort=newest/);
    const second = await resultsFor(page, `search=${text}&sort=newest&page=2`);
    await expect(page.getByTestId("product-card").first().getByRole("link")).toHaveText(second.items[0]?.name ?? "");
  });

  test("nothing found: 'No products found', a did-you-mean when there is one, and popular products", async ({
    page,
  }) => {
    const gibberish = await resultsFor(page, "search=qzxwvjkq");
    expect(gibberish.total).toBe(0);
    await page.goto("/search-product?search=qzxwvjkq");
    await expect(page.getByTestId("result-count")).toHaveText("No products found");
    if (gibberish.popular.length > 0)
      await expect(page.getByRole("region", { name: "Popular right now" }).getByTestId("product-card")).toHaveCount(
        gibberish.popular.length,
      );
    await expectNoAxeViolations(page);

    // A misspelling that finds nothing as typed offers the spelling that does.
    let typo: SearchResultsAnswer | undefined;
    for (const candidate of ["hodie zzqxv", "hoddiee qzxwv", "hoodiexx"]) {
      const answer = await resultsFor(page, `search=${candidate}`);
      if (answer.total === 0 && answer.didYouMean) {
        typo = answer;
        break;
      }
    }
    expect(typo?.didYouMean, "a misspelling that finds nothing as typed but has a did-you-mean").toBeTruthy();
    if (!typo?.didYouMean) return;
    await page.goto(`/search-product?search=${encodeURIComponent(typo.query)}`);
    const link = page.getByRole("link", { name: typo.didYouMean, exact: true });
    await expect(page.getByText("Did you mean")).toBeVisible();
    await link.click();
    await expect(page).toHaveURL(new RegExp(`search=${encodeURIComponent(typo.didYouMean)}`));
    await expect(page.getByTestId("result-count")).toContainText(`for “${typo.didYouMean}”`);
  });

  test("an empty search shows a friendly prompt", async ({ page }) => {
    await page.goto("/search-product?search=%20%20");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Search the shop");
    await expect(page.getByTestId("product-card")).toHaveCount(0);
  });
});
