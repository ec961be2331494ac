/**
 * The typed API client (packages/api-client, issue 38): its types are generated from the
 * document the running shop serves, so they cannot drift from it, and its README example
 * (a stock count from a CSV file) runs as an integration runs it: a process of its own, with
 * nothing but an admin API token, against a listening shop; the stock changes and the
 * activity log names the token.
 *
 * `npm run api-client:generate` runs this file with UPDATE_API_CLIENT=1: it writes the
 * generated types instead of comparing them.
 */
import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import openapiTS, { type OpenAPI3 } from "openapi-typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, signUpStaff, type TestUser } from "./support/auth.ts";
import { createTestApp, type TestApp } from "./support/index.ts";

const root = fileURLToPath(new URL("../../../", import.meta.url));
const schemaFile = path.join(root, "packages/api-client/src/schema.ts");
const example = path.join(root, "packages/api-client/examples/stock-count-from-csv.ts");
const header =
  "/**\n * The Atelier API's types, generated from the served OpenAPI document by openapi-typescript\n * (`npm run api-client:generate`). Do not edit: apps/server/test/api-client.test.ts fails\n * when this file and the document differ.\n */\n\n";

let test: TestApp;
let token: string;
let baseUrl: string;

beforeAll(async () => {
  test = await createTestApp();
  // The integration holds nothing but an admin API token with the inventory permission.
  const owner: TestUser = await signUpStaff(test, "Owner");
  const made = await test.app.inject({
    method: "POST",
    url: "/api/admin/api-tokens",
    headers: bearer(owner.token),
    payload: {
      name: "Stock sync",
      expiresAt: new Date(Date.now() + 30 * 86_400_000).toISOString(),
      permissions: ["inventory"],
    },
  });
  expect(made.statusCode, made.body).toBe(200);
  token = made.json<{ secret: string }>().secret;
  baseUrl = await test.app.listen({ port: 0, host: "127.0.0.1" });
});
afterAll(() => test.close());

describe("the typed API client", () => {
  it("has the types of the document the shop serves", async () => {
    const document = (await test.app.inject({ url: "/api/docs/json" })).json<OpenAPI3>();
    const generated = await openapiTS(document, { commentHeader: header, silent: true });
    if (process.env.UPDATE_API_CLIENT === "1") await writeFile(schemaFile, generated);
    const committed = await readFile(schemaFile, "utf8");
    expect(
      committed === generated,
      "packages/api-client/src/schema.ts is out of date: npm run api-client:generate",
    ).toBe(true);
  });

  it("runs the README's example: a stock count from a CSV file, dry run then posted", async () => {
    const {
      rows: [variant],
    } = await test.pool.query<{ id: number; sku: string; on_hand: number }>(
      `select v.id, v.sku, coalesce(sum(l.on_hand), 0)::int as on_hand
         from product_variants v
         join stock_levels l on l.variant_id = v.id
         join warehouses w on w.id = l.warehouse_id and w.is_default
        group by v.id order by v.id limit 1`,
    );
    if (!variant) throw new Error("no stocked variant in the default warehouse");
    const folder = await mkdtemp(path.join(os.tmpdir(), "atelier-count-"));
    const csv = path.join(folder, "counts.csv");
    await writeFile(csv, `sku,counted\n${variant.sku},${variant.on_hand + 7}\n`);
    const run = (...args: string[]) =>
      promisify(execFile)(process.execPath, [example, csv, ...args], {
        env: { ...process.env, ATELIER_URL: baseUrl, ATELIER_TOKEN: token },
      });
    try {
      const dry = await run();
      expect(dry.stdout).toContain(`${variant.sku}  ${variant.on_hand} → ${variant.on_hand + 7} (+7)`);
      expect(dry.stdout).toContain("Dry run");
      const posted = await run("--post");
      expect(posted.stdout).toContain("Posted 1 line(s)");
      const {
        rows: [after],
      } = await test.pool.query<{ on_hand: number }>(
        `select l.on_hand from stock_levels l join warehouses w on w.id = l.warehouse_id and w.is_default
          where l.variant_id = $1`,
        [variant.id],
      );
      expect(after?.on_hand).toBe(variant.on_hand + 7);
      const {
        rows: [logged],
      } = await test.pool.query<{ actor_name: string }>(
        "select actor_name from activity_log where action = 'stock.count' order by id desc limit 1",
      );
      expect(logged?.actor_name).toBe("API token: Stock sync");

      await writeFile(csv, "sku,counted\nNO-SUCH-SKU,3\n");
      const refused = await run("--post").catch((error: { code: number; stderr: string }) => error);
      expect(refused).toMatchObject({ code: 1 });
      expect((refused as { stderr: string }).stderr).toContain("nothing posted");
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});
