/**
 * Reports (issue 17): each report page renders its chart and its table, changes range and
 * grouping (kept in the URL), and exports exactly its table as CSV; axe finds nothing.
 * Orders are written in SQL, placed today: today's figures are computed live, so the
 * test does not wait for the roll-up job.
 */
import { readFile } from "node:fs/promises";
import AxeBuilder from "@axe-core/playwright";
import { adminToken, gotoAdmin, startSession } from "./support/admin-session.ts";
import { sql } from "./support/database.ts";
import { expect, type Page, test } from "./support/test.ts";

test.beforeEach(async ({ page, request }) => {
  await startSession(page, await adminToken(request));
});

/** A report page's first render loads the chart library: on a loaded 2-core machine, seconds. */
const firstRender = { timeout: 20_000 };

/** An order placed now with a coupon of its own: one line of the first published variant. */
async function orderToday(coupon: string): Promise<void> {
  const [variant] = await sql<{ id: number; product_id: number; name: string; price: number; sku: string }>(
    `select v.id, p.id as product_id, p.name, p.price, v.sku from product_variants v
     join products p on p.id = v.product_id where p.is_published order by v.id limit 1`,
  );
  if (!variant) throw new Error("the demo catalogue has no published variant");
  const subtotal = variant.price * 2;
  const [order] = await sql<{ id: number }>(
    `insert into buying_history (number, email, phone, customer_name, shipping_address, delivery_zone_name, currency,
       subtotal, discount, coupon_code, delivery_fee, tax, tax_rate_basis_points, total, status, payment_method, payment_state)
     values ('A' || nextval('order_number_seq'), $1, '+1 555 0100', 'Report Buyer',
       '{"fullName":"Report Buyer","phone":"+1 555 0100","line1":"1 Main St","line2":"","city":"Reportville","region":"CA","postalCode":"1","country":"US"}',
       'Inside the city', 'USD', $2, 0, $3, 300, $4, 1000, $5, 'placed', 'cod', 'unpaid') returning id`,
    [`${coupon.toLowerCase()}@example.com`, subtotal, coupon, subtotal / 10, subtotal + 300 + subtotal / 10],
  );
  await sql(
    `insert into order_lines (history_id, product_id, variant_id, product_name, size_name, color_name, sku, unit_price, quantity, total_price)
     values ($1, $2, $3, $4, 'M', 'Black', $5, $6, 2, $7)`,
    [order?.id, variant.product_id, variant.id, variant.name, variant.sku, variant.price, subtotal],
  );
}

async function exportCsv(page: Page): Promise<string> {
  // The table on screen is the answer to the URL's query, not the previous one kept while loading.
  await expect(page.getByTestId("report-body")).toHaveAttribute("aria-busy", "false");
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export CSV" }).click();
  return readFile(await (await download).path(), "utf8");
}

async function axeClean(page: Page) {
  // The toasts fade; other admin specs leave them out the same way.
  const results = await new AxeBuilder({ page }).exclude("[data-sonner-toaster]").analyze();
  expect(results.violations).toEqual([]);
}

/** The first cell of every table row (the row's label: a day, a coupon, a product …). */
async function rowLabels(page: Page): Promise<string[]> {
  return page.getByTestId("report-row").locator("td:first-child").allInnerTexts();
}

test("the admin home shows today's figures and leads to the sales report, which changes range, grouping and rows, and exports its table", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const coupon = `E2E${Date.now().toString(36).toUpperCase()}`;
  await orderToday(coupon);
  await gotoAdmin(page, "/admin");
  const today = page.getByRole("region", { name: /^Today/ });
  await expect(today.getByTestId("today-figure").filter({ hasText: "Orders" })).not.toContainText(
    /^Orders(0|—)?$/,
    firstRender,
  );
  await today.getByRole("link", { name: "Sales report" }).click();
  await expect(page).toHaveURL(/\/admin\/reports\/sales\?preset=today/);
  await expect(page.getByRole("heading", { name: "Sales report" })).toBeVisible();
  await expect(page.getByTestId("report-chart")).toBeVisible(firstRender);
  await expect(page.getByTestId("report-row").first()).toBeVisible(firstRender);

  await page.getByLabel("Date range").selectOption("7d");
  await expect(page).toHaveURL(/preset=7d/);
  await page.getByLabel("Group by").selectOption("week");
  await expect(page).toHaveURL(/group=week/);
  await page.getByLabel("Compare with").selectOption("previous-period");
  await expect(page.getByTestId("report-range")).toContainText(" vs ");
  await page.getByLabel("Table rows").selectOption("coupon");
  await expect(page).toHaveURL(/view=coupon/);
  await expect(page.getByTestId("report-row").filter({ hasText: coupon })).toBeVisible();
  await expect(page.getByTestId("report-chart").locator("svg.recharts-surface").first()).toBeVisible();
  await axeClean(page);

  const shown = await rowLabels(page);
  const csv = await exportCsv(page);
  const lines = csv.trim().split("\r\n");
  expect(lines[0]).toMatch(/^Coupon,Orders,Units,Gross sales \(USD\)/);
  expect(lines.some((line) => line.startsWith(`${coupon},1,2,`))).toBe(true);
  // The CSV has the table's rows: every row shown before the export, and none the table does
  // not show after it (other tests place orders with their own coupons meanwhile, so a row
  // may appear between the two reads, never vanish).
  const exported = lines.slice(1).map((line) => line.split(",")[0]);
  expect(exported, csv).toEqual(expect.arrayContaining(shown));
  await page.reload();
  await expect(page.getByTestId("report-row").filter({ hasText: coupon })).toBeVisible();
  expect(await rowLabels(page), csv).toEqual(expect.arrayContaining(exported));

  // A bad custom range answers 422 and says which field.
  await page.getByLabel("Date range").selectOption("custom");
  await page.getByLabel("From", { exact: true }).fill("2026-03-10");
  await page.getByLabel("To", { exact: true }).fill("2026-03-01");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByRole("alert").filter({ hasText: /Check the report: (.*, )?to\b/ })).toBeVisible();
});

test("the inventory, customers and tax reports render their chart and table, change range, grouping and rows, and export CSV", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await orderToday(`T${Date.now().toString(36).toUpperCase()}`);
  for (const [kind, heading, view, group] of [
    ["inventory", "Inventory report", "sizes", "month"],
    ["customers", "Customers report", "top", "week"],
    ["tax", "Tax report", "rate", "month"],
  ] as const) {
    await gotoAdmin(page, `/admin/reports/${kind}`);
    await expect(page.getByRole("heading", { name: heading })).toBeVisible();
    await expect(page.getByTestId("report-chart")).toBeVisible(firstRender);
    await expect(page.getByTestId("report-row").first()).toBeVisible(firstRender);
    await page.getByLabel("Date range").selectOption("90d");
    await expect(page).toHaveURL(/preset=90d/);
    await page.getByLabel("Group by").selectOption(group);
    await expect(page).toHaveURL(new RegExp(`group=${group}`));
    await page.getByLabel("Table rows").selectOption(view);
    await expect(page).toHaveURL(new RegExp(`view=${view}`));
    await expect(page.getByTestId("report-row").first()).toBeVisible();
    const csv = await exportCsv(page);
    expect(csv.trim().split("\r\n").length - 1, kind).toBe(await page.getByTestId("report-row").count());
    await axeClean(page);
  }
});

test("a report URL with a bad filter says which filter and why, not that it is loading", async ({ page }) => {
  await gotoAdmin(page, "/admin/reports/sales?compare=last-decade");
  await expect(page.getByTestId("report-field-problems")).toContainText(
    "compare: must be none, previous-period or previous-year",
    firstRender,
  );
  await expect(page.getByTestId("report-range")).toHaveText("No report for these filters");
  await axeClean(page);
  await page.getByRole("link", { name: "Reset" }).click();
  await expect(page.getByTestId("report-range")).toContainText(" – ", firstRender);
  await expect(page.getByTestId("report-field-problems")).toHaveCount(0);
});
