/**
 * sqlmap (Debian's package; `.ci/run` installs it) against the running shop: the search
 * calls, the product list's filters and the staff order list's filters, each parameter
 * tried with every technique at level 2 (query string and cookies), risk 1, bounded in
 * time per target. It must find nothing. A deliberately injectable endpoint on the same
 * database is the control: the same run must find it, or the check proves nothing.
 * Without sqlmap on the machine this file says so and skips.
 */
import { execFile, spawnSync } from "node:child_process";
import fs from "node:fs/promises";
import { createServer, type Server } from "node:http";
import os from "node:os";
import path from "node:path";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInAsAdmin, startSeededShop } from "./seeded-shop.ts";
import { connectToShopDatabase, type ShopProcess } from "./shop-process.ts";

const installed = spawnSync("sqlmap", ["--version"], { encoding: "utf8" }).status === 0;
if (!installed) {
  process.stdout.write("sqlmap is not installed (apt-get install sqlmap): skipping the SQL injection scan\n");
}

/** Time allowed for one target; a run that needs more fails the test (the scan must stay bounded). */
const TARGET_TIMEOUT_MS = 150_000;

let shop: ShopProcess;
let dispose: () => Promise<void>;
let staff: Record<string, string>;
let outputDir: string;

beforeAll(async () => {
  if (!installed) return;
  ({ shop, dispose } = await startSeededShop());
  staff = await signInAsAdmin(shop);
  outputDir = await fs.mkdtemp(path.join(os.tmpdir(), "atelier-sqlmap-"));
});
afterAll(async () => {
  await dispose?.();
  if (outputDir) await fs.rm(outputDir, { recursive: true, force: true });
});

interface Scan {
  output: string;
  injectable: boolean;
  finished: boolean;
}

function sqlmap(url: string, headers: Record<string, string> = {}): Promise<Scan> {
  const args = [
    "-u",
    url,
    "--batch",
    "--level=2",
    "--risk=1",
    "--time-sec=2",
    "--timeout=10",
    "--retries=1",
    "--disable-coloring",
    "--flush-session",
    `--output-dir=${outputDir}`,
    ...Object.entries(headers).map(([name, value]) => `--header=${name}: ${value}`),
  ];
  return new Promise((resolve, reject) => {
    execFile(
      "sqlmap",
      args,
      { timeout: TARGET_TIMEOUT_MS, maxBuffer: 64 * 1024 * 1024, env: { ...process.env, TERM: "dumb" } },
      (error, stdout, stderr) => {
        const output = `${stdout}\n${stderr}`;
        if (error?.killed) return reject(new Error(`sqlmap took over ${TARGET_TIMEOUT_MS} ms on ${url}`));
        resolve({
          output,
          injectable: /identified the following injection point|parameter '[^']+' is vulnerable/.test(output),
          finished: /do not appear to be injectable|identified the following injection point/.test(output),
        });
      },
    );
  });
}

describe.skipIf(!installed)("sqlmap", () => {
  it.each([
    ["the header's search suggestions", "/api/admin/search-bar-products?q=shirt"],
    ["the mobile search", "/api/admin/search-products?q=hoodie"],
    [
      "the search results page",
      "/api/search?search=tee&sort=relevance&gender=men&sizes=2&colors=1&priceMin=100&priceMax=90000&inStock=true&page=1&seriesId=1&categoryId=1&productTypeId=1&subSubCategoryId=1",
    ],
    [
      "the product list's filters",
      "/api/products?gender=women&sizes=1,2&colors=1&priceMin=100&priceMax=90000&inStock=true&sort=newest&page=1&seriesId=1&categoryId=1&productTypeId=1&subSubCategoryId=1",
    ],
  ])("finds nothing to inject in %s", async (_name, target) => {
    const scan = await sqlmap(`${shop.url}${target}`);
    expect(scan.finished, scan.output.slice(-3_000)).toBe(true);
    expect(scan.injectable, scan.output.slice(-3_000)).toBe(false);
  });

  it("finds nothing to inject in the staff order list's filters", async () => {
    const scan = await sqlmap(
      `${shop.url}/api/admin/orders?q=ada&status=placed&paymentMethod=cod&paymentState=unpaid&from=2026-01-01&to=2026-12-31&zone=Domestic&checked=no&sort=spec&page=1`,
      staff,
    );
    expect(scan.finished, scan.output.slice(-3_000)).toBe(true);
    expect(scan.injectable, scan.output.slice(-3_000)).toBe(false);
  });

  describe("the control", () => {
    let server: Server;
    let db: pg.Client;
    beforeAll(async () => {
      db = await connectToShopDatabase(shop.dataDir);
      // Builds SQL by pasting the query text in: exactly what the shop must never do.
      server = createServer((request, response) => {
        const q = new URL(request.url ?? "/", "http://localhost").searchParams.get("q") ?? "";
        db.query(`select id, name from products where name ilike '%${q}%' order by id limit 5`).then(
          (result) => response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(result.rows)),
          () => response.writeHead(500).end("[]"),
        );
      });
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    });
    afterAll(async () => {
      server?.close();
      await db?.end();
    });

    it("is found injectable by the same scan", async () => {
      const address = server.address();
      const port = address && typeof address === "object" ? address.port : 0;
      const scan = await sqlmap(`http://127.0.0.1:${port}/search?q=shirt`);
      expect(scan.injectable, scan.output.slice(-3_000)).toBe(true);
    });
  });
});
