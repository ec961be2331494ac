/**
 * Update stock levels from a CSV file with an API token: the counted units of each SKU in
 * one warehouse, posted as a stock count (each difference becomes a row of the stock ledger,
 * "count" in the activity log under the token's name).
 *
 *   ATELIER_URL=https://shop.example.com ATELIER_TOKEN=atl_… \
 *     node packages/api-client/examples/stock-count-from-csv.ts counts.csv [WAREHOUSE-CODE] [--post]
 *
 * `counts.csv` has a header `sku,counted`. Without `--post` it is a dry run: it prints what
 * would change and posts nothing. With `--post` it posts only when every line is valid.
 * The warehouse is the one with that code, else the default one.
 */
import { readFile } from "node:fs/promises";
import { atelierClient } from "../src/index.ts";

const args = process.argv.slice(2);
const post = args.includes("--post");
const [file, warehouseCode] = args.filter((arg) => arg !== "--post");
const baseUrl = process.env.ATELIER_URL;
if (!file || !baseUrl || !process.env.ATELIER_TOKEN) {
  console.error("usage: ATELIER_URL=… ATELIER_TOKEN=… stock-count-from-csv.ts counts.csv [WAREHOUSE-CODE] [--post]");
  process.exit(2);
}
const shop = atelierClient({ baseUrl, token: process.env.ATELIER_TOKEN });

const warehouses = await shop.GET("/api/admin/inventory/warehouses");
if (!warehouses.data) throw new Error(`warehouses: ${JSON.stringify(warehouses.error)}`);
const warehouse = warehouses.data.warehouses.find((candidate) =>
  warehouseCode ? candidate.code === warehouseCode : candidate.isDefault,
);
if (!warehouse) throw new Error(`no warehouse ${warehouseCode ?? "marked default"}`);

const csv = await readFile(file, "utf8");
const count = async (dryRun: boolean) => {
  const { data, error } = await shop.POST("/api/admin/inventory/counts/import", {
    body: { warehouseId: warehouse.id, csv, dryRun },
  });
  if (!data) throw new Error(`count: ${JSON.stringify(error)}`);
  return data;
};

const report = await count(true);
for (const line of report.lines) {
  const what =
    line.error ?? `${line.expected} → ${line.counted} (${(line.difference ?? 0) >= 0 ? "+" : ""}${line.difference})`;
  console.log(`line ${line.line}  ${line.sku}  ${what}`);
}
if (report.errors > 0) {
  console.error(`${report.errors} line(s) with errors: nothing posted.`);
  process.exit(1);
}
if (!post) {
  console.log(`Dry run in ${warehouse.name}: run again with --post to apply.`);
} else {
  const posted = await count(false);
  console.log(posted.posted ? `Posted ${posted.lines.length} line(s) to ${warehouse.name}.` : "Nothing posted.");
}
