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
import { execFile, spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
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
const receiverExample = path.join(root, "packages/api-client/examples/webhook-receiver.ts");
const header =
  "/**\n * The Atelier API's types, generated from the served OpenAPI document by openapi-typescript\n * (`npm run api-client:generate`). Do not edit: apps/server/test/api-client.test.ts fails\n * when this file and the document differ.\n */\n\n";

let test: TestApp;
let token: string;
let baseUrl: string;
let ownerToken: string;

beforeAll(async () => {
  // The webhook receiver of the README's second example listens on loopback.
  test = await createTestApp({ WEBHOOKS_ALLOW_PRIVATE_NETWORKS: "true" });
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
  ownerToken = owner.token;
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

  it("runs the README's webhook receiver: a count that leaves stock low reaches it as a signed stock.low", async () => {
    // A free port for the receiver, registered by staff in the admin (the secret is shown once).
    const probe = http.createServer().listen(0, "127.0.0.1");
    await once(probe, "listening");
    const port = (probe.address() as AddressInfo).port;
    await new Promise((resolve) => probe.close(resolve));
    const registered = await test.app.inject({
      method: "POST",
      url: "/api/admin/webhooks",
      headers: bearer(ownerToken),
      payload: { url: `http://127.0.0.1:${port}/atelier`, events: ["stock.low", "order.placed"] },
    });
    expect(registered.statusCode, registered.body).toBe(200);
    const receiver = spawn(process.execPath, [receiverExample], {
      env: { ...process.env, PORT: String(port), ATELIER_WEBHOOK_SECRET: registered.json().secret },
    });
    let output = "";
    receiver.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    const folder = await mkdtemp(path.join(os.tmpdir(), "atelier-count-"));
    try {
      await expect.poll(() => output, { timeout: 20_000 }).toContain(`listening on ${port}`);
      // A variant stocked only in the default warehouse, well above the low-stock line.
      const {
        rows: [variant],
      } = await test.pool.query<{ sku: string }>(
        `select v.sku from product_variants v
          where v.stock > 10
            and not exists (select 1 from stock_levels l join warehouses w on w.id = l.warehouse_id
                             where l.variant_id = v.id and not w.is_default and l.on_hand > 0)
          order by v.id desc limit 1`,
      );
      if (!variant) throw new Error("no variant stocked only in the default warehouse");
      const csv = path.join(folder, "counts.csv");
      await writeFile(csv, `sku,counted\n${variant.sku},1\n`);
      await promisify(execFile)(process.execPath, [example, csv, "--post"], {
        env: { ...process.env, ATELIER_URL: baseUrl, ATELIER_TOKEN: token },
      });
      await expect
        .poll(() => output, { timeout: 20_000 })
        .toMatch(new RegExp(`reorder ${variant.sku} \\(.+\\): 1 left`));
    } finally {
      receiver.kill();
      await rm(folder, { recursive: true, force: true });
    }
  });
});
