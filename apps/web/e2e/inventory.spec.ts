/**
 * Inventory (issue 14), as a stock keeper walks it: the most urgent low-stock item and
 * its history chart, a delivery received for it, a transfer to the second warehouse (the
 * demo seed's East depot) sent and received, all of it in the variant's history; then a
 * stock count from CSV, checked line by line (an unknown SKU refused, nothing posted)
 * and posted. axe finds nothing on the pages on the way.
 */
import AxeBuilder from "@axe-core/playwright";
import { adminToken, gotoAdmin, startSession } from "./support/admin-session.ts";
import { sql } from "./support/database.ts";
import { expect, type Page, test } from "./support/test.ts";

test.beforeEach(async ({ page, request }) => {
  // Admin pages, the chart library and axe scans on the shared 2-core machine.
  test.setTimeout(120_000);
  await startSession(page, await adminToken(request));
});

const firstRender = { timeout: 20_000 };

async function axeClean(page: Page) {
  // The toasts fade; other admin specs leave them out the same way.
  const results = await new AxeBuilder({ page }).exclude("[data-sonner-toaster]").analyze();
  expect(results.violations).toEqual([]);
}

test("a stock keeper sees the most urgent low-stock item and its history, receives stock for it and transfers it", async ({
  page,
}) => {
  await gotoAdmin(page, "/admin/inventory/low-stock");
  await expect(page.getByRole("heading", { name: "Low Stock", level: 1 })).toBeVisible();
  const first = page.getByTestId("low-stock-row").first();
  await expect(first).toBeVisible(firstRender);
  await axeClean(page);
  const name = (await first.getByRole("link").innerText()).trim();
  const sku = ((await first.locator("span.block").innerText()).split("·")[0] ?? "").trim();
  expect(sku).not.toBe("");

  await first.getByRole("link").click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(name);
  await expect(page.getByTestId("stock-chart").locator("svg.recharts-surface").first()).toBeVisible(firstRender);
  await axeClean(page);

  // A delivery arrives in Main.
  await gotoAdmin(page, `/admin/inventory/stock-status?q=${encodeURIComponent(sku)}`);
  const row = page.getByTestId("stock-row").filter({ hasText: sku });
  await expect(row).toHaveCount(1, firstRender);
  await row.getByRole("button", { name: `Adjust ${sku}` }).click();
  const adjust = page.getByRole("form", { name: `Adjust ${sku}` });
  await adjust.getByLabel("Warehouse").selectOption({ label: "Main warehouse" });
  await adjust.getByLabel("Change").fill("10");
  await adjust.getByLabel("Reason").selectOption("received");
  await adjust.getByLabel("Note").fill("E2E delivery");
  await axeClean(page);
  await adjust.getByRole("button", { name: "Adjust" }).click();
  await expect(page.getByText(`Stock of ${sku} adjusted.`)).toBeVisible();

  // Four units go to East: out of Main at once, in transit, then received there.
  await row.getByRole("button", { name: `Adjust ${sku}` }).click();
  const transfer = page.getByRole("form", { name: `Transfer ${sku}` });
  await transfer.getByLabel("From").selectOption({ label: "Main warehouse" });
  await transfer.getByLabel("To").selectOption({ label: "East depot" });
  await transfer.getByLabel("Units").fill("4");
  await transfer.getByRole("button", { name: "Send transfer" }).click();
  await expect(page.getByText(`4 × ${sku} sent to East depot.`)).toBeVisible();
  const inTransit = page
    .getByTestId("transfer-row")
    .filter({ hasText: sku })
    .filter({ hasText: "Main warehouse → East depot" });
  await expect(inTransit).toHaveCount(1);
  await inTransit.getByRole("button", { name: /^Receive/ }).click();
  await expect(page.getByText(`4 × ${sku} received in East depot.`)).toBeVisible();
  await expect(inTransit).toHaveCount(0);

  // The variant's history has every step, newest first, and its chart.
  await row.getByRole("link", { name }).click();
  const ledger = page.getByTestId("ledger-row");
  await expect(ledger.first()).toContainText("received", firstRender);
  await expect(ledger.first()).toContainText("East depot");
  await expect(ledger.first()).toContainText("+4");
  await expect(ledger.nth(1)).toContainText("out to East depot");
  await expect(ledger.nth(1)).toContainText("-4");
  await expect(ledger.nth(2)).toContainText("Received: E2E delivery");
  await expect(ledger.nth(2)).toContainText("+10");
  await expect(page.getByTestId("stock-chart").locator("svg.recharts-surface").first()).toBeVisible();
  const [level] = await sql<{ on_hand: number }>(
    "select l.on_hand from stock_levels l join warehouses w on w.id = l.warehouse_id join product_variants v on v.id = l.variant_id where v.sku = $1 and w.code = 'EAST'",
    [sku],
  );
  expect(level?.on_hand).toBeGreaterThanOrEqual(4);
});

test("a stock count from CSV is checked line by line, refused while a SKU is unknown, then posted", async ({
  page,
}) => {
  const [variant] = await sql<{ sku: string; on_hand: number }>(
    `select v.sku, l.on_hand from product_variants v join stock_levels l on l.variant_id = v.id
     join warehouses w on w.id = l.warehouse_id and w.code = 'EAST'
     where l.reserved = 0 and l.on_hand > 0
       and exists (select 1 from stock_transfers t where t.variant_id = v.id and t.note = 'Restocking East')
     order by v.id desc limit 1`,
  );
  if (!variant) throw new Error("the demo seed puts stock in East depot");
  const counted = variant.on_hand + 3;

  await gotoAdmin(page, "/admin/inventory/stock-count");
  await expect(page.getByRole("heading", { name: "Stock count", level: 1 })).toBeVisible();
  // The select itself (while warehouses load, a skeleton labelled "Loading warehouses" is there).
  await page.getByRole("combobox", { name: "Warehouse", exact: true }).selectOption({ label: "East depot" });
  await page.getByRole("radio", { name: "A CSV file" }).check();
  await page.getByLabel("Or paste it").fill(`sku,counted\n${variant.sku},${counted}\nNO-SUCH-SKU,2\n`);
  await page.getByRole("button", { name: "Check (dry run)" }).click();
  const report = page.getByTestId("count-report");
  await expect(report.getByRole("status")).toHaveText("1 line needs fixing; nothing was posted.");
  await expect(report.getByTestId("count-line").nth(1)).toContainText('Unknown SKU "NO-SUCH-SKU".');
  await expect(page.getByRole("button", { name: "Post the count" })).toBeDisabled();
  await axeClean(page);

  await page.getByLabel("Or paste it").fill(`sku,counted\n${variant.sku},${counted}\n`);
  await page.getByRole("button", { name: "Check (dry run)" }).click();
  await expect(report.getByRole("status")).toHaveText("Dry run: 1 level would change. Nothing was posted yet.");
  await expect(report.getByTestId("count-line").first()).toContainText("+3");
  await page.getByRole("button", { name: "Post the count" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Post this stock count?" });
  await confirm.getByRole("button", { name: "Post the count" }).click();
  await expect(report.getByRole("status")).toHaveText("Posted: 1 level changed.");
  await expect
    .poll(
      async () =>
        (
          await sql<{ on_hand: number }>(
            "select l.on_hand from stock_levels l join warehouses w on w.id = l.warehouse_id join product_variants v on v.id = l.variant_id where v.sku = $1 and w.code = 'EAST'",
            [variant.sku],
          )
        )[0]?.on_hand,
    )
    .toBe(counted);
});

test("the stock list filters by category and state from its form, and the address keeps the filter", async ({
  page,
}) => {
  const [category] = await sql<{ id: number; name: string; out: number }>(
    `select c.id, c.name, count(*)::int as out from categories c
     join sub_categories sc on sc.category_id = c.id join sub_sub_categories ss on ss.sub_category_id = sc.id
     join products p on p.sub_sub_category_id = ss.id join product_variants v on v.product_id = p.id
     where v.stock <= 0 group by c.id order by count(*) desc limit 1`,
  );
  expect(category).toBeDefined();
  await gotoAdmin(page, "/admin/inventory/stock-status");
  await expect(page.getByTestId("stock-row").first()).toBeVisible(firstRender);
  const filters = page.getByRole("form", { name: "Filter the stock" });
  await filters.getByLabel("Category").selectOption({ label: category?.name ?? "" });
  await filters.getByLabel("Stock").selectOption("out");
  await filters.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(new RegExp(`categoryId=${category?.id}`));
  await expect(page).toHaveURL(/state=out/);
  const total = category?.out ?? 0;
  await expect(page.getByRole("navigation", { name: "Pagination" })).toContainText(`of ${total.toLocaleString("en")}`);
  const rows = page.getByTestId("stock-row");
  for (const row of await rows.all()) await expect(row).toContainText("Out");
  await axeClean(page);
  await page.reload();
  await expect(filters.getByLabel("Category")).toHaveValue(String(category?.id));
  await expect(filters.getByLabel("Stock")).toHaveValue("out");
});
