/** The Dashboard group: Statistics / Views and Sync Sales Count. */
import AxeBuilder from "@axe-core/playwright";
import { adminToken, gotoAdmin, startSession } from "./support/admin-session.ts";
import { sql } from "./support/database.ts";
import { expect, test } from "./support/test.ts";

test.beforeEach(async ({ page, request }) => {
  await startSession(page, await adminToken(request));
});

const today = () => new Date().toISOString().slice(0, 10);

test("the owner sees how often a product page was viewed and picks the date range", async ({ page }) => {
  const [product] = await sql<{ id: number; name: string }>(
    "select id, name from products where is_published order by id desc limit 1",
  );
  if (!product) throw new Error("the demo catalogue has no published product");
  // A person opening the product page is counted (once the page exists and answers 200);
  // views are also seeded in SQL so the test does not depend on that page.
  await page.goto(`/products/details/${product.id}`);
  await sql(
    `insert into product_views (product_id, day, views) values ($1, $2, 40)
     on conflict (product_id, day) do update set views = product_views.views + 40`,
    [product.id, today()],
  );

  await gotoAdmin(page, "/admin/show/show-views?days=7");
  await expect(page.getByRole("heading", { name: "Statistics / Views" })).toBeVisible();
  await expect(page.getByRole("button", { name: "7 days" })).toHaveAttribute("aria-pressed", "true");
  const top = page.getByRole("region", { name: "Most viewed products" });
  const row = top.getByRole("row").filter({ hasText: product.name });
  await expect(row.getByRole("link", { name: product.name })).toHaveAttribute(
    "href",
    `/products/details/${product.id}`,
  );
  await expect(row.getByRole("cell").last()).toHaveText(/^4\d$/);
  await expect(page.getByTestId("total-views")).toHaveText(/^\d+$/);
  expect(Number(await page.getByTestId("total-views").textContent())).toBeGreaterThanOrEqual(40);
  await expect(page.getByRole("region", { name: "Views per day" }).locator("figcaption")).toContainText(
    "product page views from",
  );

  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations).toEqual([]);

  await page.getByLabel("From", { exact: true }).fill("2026-03-10");
  await page.getByLabel("To", { exact: true }).fill("2026-03-01");
  await page.getByRole("button", { name: "Show range" }).click();
  await expect(page.getByText("From must be on or before the end date")).toBeVisible();
  await page.getByLabel("To", { exact: true }).fill("2026-03-31");
  await page.getByRole("button", { name: "Show range" }).click();
  await expect(page).toHaveURL(/from=2026-03-10&to=2026-03-31/);
  await expect(page.getByRole("button", { name: "7 days" })).toHaveAttribute("aria-pressed", "false");
  await expect(page.getByRole("region", { name: "Views per day" })).toContainText("10 Mar 2026 to 31 Mar 2026");

  await page.getByRole("button", { name: "30 days" }).click();
  await expect(page).not.toHaveURL(/from=/);
  await expect(page.getByLabel("To", { exact: true })).toHaveValue(today());
});

test("the owner syncs the sales counts and sees what changed", async ({ page }) => {
  const [stale] = await sql<{ id: number }>(
    // A product nobody ordered (the demo seed places orders): its true count is 0.
    `update products set sales_count = 9 where id = (select min(p.id) from products p
       where not exists (select 1 from order_lines l where l.product_id = p.id)) returning id`,
  );
  const [{ count } = { count: "0" }] = await sql<{ count: string }>("select count(*) from products");

  await gotoAdmin(page, "/admin/sync/sync-sales-count");
  await expect(page.getByRole("heading", { name: "Sync sales count" })).toBeVisible();
  let results = await new AxeBuilder({ page }).analyze();
  expect(results.violations).toEqual([]);

  await page.getByRole("button", { name: "Sync sales count" }).click();
  const summary = page.getByRole("region", { name: "Sync complete" });
  await expect(summary).toBeVisible({ timeout: 20_000 });
  // Other browser tests add and delete products meanwhile: the sync saw the catalogue as it
  // was at its start or at its end.
  const checked = Number((await summary.getByRole("definition").first().innerText()).replaceAll(",", ""));
  const [{ count: after } = { count: "0" }] = await sql<{ count: string }>("select count(*) from products");
  expect([Number(count), Number(after)]).toContain(checked);
  await expect(page.getByText(/Sales counts are up to date: \d+ changed/)).toBeVisible();
  await expect(page.getByRole("progressbar", { name: "Sales count sync progress" })).toHaveAttribute("value", "100");
  expect(await sql("select sales_count from products where id = $1", [stale?.id])).toEqual([{ sales_count: 0 }]);

  // The toast is the shared Toaster's (sonner rich colours), not this page's.
  results = await new AxeBuilder({ page }).exclude("[data-sonner-toaster]").analyze();
  expect(results.violations).toEqual([]);
});
