/**
 * All products (/admin/all-products), the bulk work: CSV export (the file's header and a
 * known SKU), CSV import (a dry run that reports a bad row and blocks the import, then a
 * clean file imported for real) and deleting selected products after a confirmation.
 */
import { readFile } from "node:fs/promises";
import { adminToken, gotoAdmin, startSession } from "./support/admin-session.ts";
import { type APIRequestContext, expect, type Page, test } from "./support/test.ts";

interface Named {
  id: number;
  name: string;
}
interface Options {
  categories: (Named & { subCategories: (Named & { subSubCategories: Named[] })[] })[];
  productTypes: { id: number; name: string }[];
  sizes: { id: number; name: string }[];
  colors: { id: number; name: string }[];
}

const bearerOf = (token: string) => ({ authorization: `Bearer ${token}` });
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
const quoted = (cells: readonly string[]) => cells.map((cell) => `"${cell.replaceAll('"', '""')}"`).join(",");

/** The options the product form offers, and the first full category chain with a size, color and type. */
async function catalogueOptions(request: APIRequestContext, token: string) {
  const options: Options = await (
    await request.get("/api/admin/products/options", { headers: bearerOf(token) })
  ).json();
  const category = options.categories.find((c) => c.subCategories.some((s) => s.subSubCategories.length > 0));
  const sub = category?.subCategories.find((s) => s.subSubCategories.length > 0);
  const leaf = sub?.subSubCategories[0];
  const [size] = options.sizes;
  const [color] = options.colors;
  const [type] = options.productTypes;
  if (!category || !sub || !leaf || !size || !color || !type) throw new Error("the demo catalogue is incomplete");
  return { category, sub, leaf, size, color, type };
}

async function openAllProducts(page: Page, token: string, search = "") {
  await startSession(page, token);
  await gotoAdmin(page, `/admin/all-products${search ? `?q=${encodeURIComponent(search)}` : ""}`);
  await expect(page.getByRole("heading", { name: "All products" })).toBeVisible();
}

test("a staff member exports the products as a CSV file with a header row and every SKU", async ({ page, request }) => {
  const token = await adminToken(request);
  const list = await (await request.get("/api/admin/products?pageSize=1", { headers: bearerOf(token) })).json();
  const product = await (
    await request.get(`/api/admin/products/${list.items[0].id}`, { headers: bearerOf(token) })
  ).json();
  const sku: string = product.variants[0].sku;

  await openAllProducts(page, token);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Export CSV" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^products-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = await readFile(await download.path(), "utf8");
  const header = text
    .split(/\r?\n/)[0]
    ?.split(",")
    .map((cell) => cell.replaceAll('"', ""));
  expect(header).toEqual([
    "slug",
    "name",
    "description",
    "price",
    "compare_at_price",
    "category",
    "sub_category",
    "sub_sub_category",
    "product_type",
    "series",
    "fabric",
    "gender",
    "tags",
    "published",
    "seo_title",
    "seo_description",
    "size",
    "color",
    "sku",
    "stock",
  ]);
  expect(text).toContain(`"${sku}"`);
});

test("a staff member imports a CSV: the dry run names the bad row and blocks the import until the file is fixed", async ({
  page,
  request,
}) => {
  test.slow();
  const token = await adminToken(request);
  const { category, sub, leaf, size, color, type } = await catalogueOptions(request, token);
  const id = unique();
  const good = `Imported Canvas Tote ${id}`;
  const other = `Imported Field Cap ${id}`;
  const file = (otherPrice: string) => {
    const row = (name: string, price: string, sku: string) =>
      quoted([
        "",
        name,
        price,
        category.name,
        sub.name,
        leaf.name,
        type.name,
        "false",
        size.name,
        color.name,
        sku,
        "5",
      ]);
    return [
      "slug,name,price,category,sub_category,sub_sub_category,product_type,published,size,color,sku,stock",
      row(good, "18.00", `IMP-${id}-1`.toUpperCase()),
      row(other, otherPrice, `IMP-${id}-2`.toUpperCase()),
    ].join("\r\n");
  };
  const choose = (csv: string, name: string) =>
    page.getByLabel("CSV file").setInputFiles({ name, mimeType: "text/csv", buffer: Buffer.from(csv) });

  await openAllProducts(page, token);
  await page.getByRole("button", { name: "Import CSV" }).click();
  const dialog = page.getByRole("dialog", { name: "Import products" });
  await choose(file("-2"), "broken.csv");
  await expect(dialog.getByRole("status")).toHaveText(
    "2 rows: 2 new products, 0 updated. 1 errors must be fixed first.",
  );
  const problem = dialog.getByRole("table", { name: "Row errors" }).getByRole("row").nth(1);
  await expect(problem.getByRole("cell")).toHaveText(["3", "price", "must be an amount of zero or more, like 12.50"]);
  await expect(dialog.getByRole("button", { name: "Import 2 rows" })).toBeDisabled();

  await choose(file("22.00"), "fixed.csv");
  await expect(dialog.getByRole("status")).toHaveText("2 rows: 2 new products, 0 updated. No errors.");
  await dialog.getByRole("button", { name: "Import 2 rows" }).click();
  await expect(page.getByText("Imported 2 rows: 2 new, 0 updated products")).toBeVisible();
  await expect(dialog).toHaveCount(0);

  await page.getByLabel("Search products").fill(good);
  const row = page.getByRole("row", { name: new RegExp(good) });
  await expect(row).toHaveCount(1);
  await expect(row.getByText("Unpublished")).toBeVisible();
  await expect(row.getByText("$18.00")).toBeVisible();
});

test("a staff member deletes selected products only after confirming", async ({ page, request }) => {
  const token = await adminToken(request);
  const { category, sub, leaf, size, color, type } = await catalogueOptions(request, token);
  const batch = `Clearance Sock ${unique()}`;
  for (const n of [1, 2]) {
    const created = await request.post("/api/admin/products", {
      headers: bearerOf(token),
      data: {
        name: `${batch} ${n}`,
        price: 500,
        categoryId: category.id,
        subCategoryId: sub.id,
        subSubCategoryId: leaf.id,
        productTypeId: type.id,
        variants: [{ sizeId: size.id, colorId: color.id, sku: `SOCK-${unique()}-${n}`.toUpperCase(), stock: 1 }],
      },
    });
    expect(created.ok(), await created.text()).toBe(true);
  }

  await openAllProducts(page, token, batch);
  const rows = page.getByRole("row", { name: new RegExp(batch) });
  await expect(rows).toHaveCount(2);
  await page.getByRole("checkbox", { name: "Select all products on this page" }).check();
  const bar = page.getByRole("toolbar", { name: "Bulk actions" });
  await expect(bar).toContainText("2 products selected");

  await bar.getByRole("button", { name: "Delete" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Delete 2 products?" });
  await expect(confirm).toContainText("This cannot be undone");
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(rows).toHaveCount(2);

  await bar.getByRole("button", { name: "Delete" }).click();
  await confirm.getByRole("button", { name: "Delete 2 products" }).click();
  await expect(page.getByText("Deleted 2 products")).toBeVisible();
  await expect(rows).toHaveCount(0);
  await expect(page.getByText("No products match")).toBeVisible();
});
