/**
 * A copy of the demo shop seeded once per run by ./global-setup.ts, started as its own
 * process: each file gets its own DATA_DIR, bundled PostgreSQL and port.
 */
import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { inject } from "vitest";
import { type ShopProcess, shopPort, signInAs, startShop, stopShop, waitUntilReady } from "./shop-process.ts";

declare module "vitest" {
  export interface ProvidedContext {
    seededShop: { dataDir: string; adminEmail: string; adminPassword: string };
  }
}

const run = promisify(execFile);

/** A copy of the seeded demo shop (cp -a keeps the owner the bundled server runs as, when root). */
export async function copySeededShop(): Promise<{ dataDir: string; remove: () => Promise<void> }> {
  const { dataDir: template } = inject("seededShop");
  const parent = await fs.mkdtemp(path.join(os.tmpdir(), "atelier-security-"));
  await fs.chmod(parent, 0o755);
  const dataDir = path.join(parent, "data");
  await run("cp", ["-a", template, dataDir]);
  return { dataDir, remove: () => fs.rm(parent, { recursive: true, force: true }) };
}

/**
 * Starts a copy of the seeded shop on a free port and waits until it is ready. A start
 * that fails is tried once more: on a loaded machine Fastify's 10 s plugin timeout can
 * expire while the web build loads (reported separately; not what this suite tests).
 */
export async function startSeededShop(env: Record<string, string> = {}) {
  const copy = await copySeededShop();
  let shop = startShop(copy.dataDir, await shopPort(), env);
  try {
    await waitUntilReady(shop);
  } catch (error) {
    process.stdout.write(`the shop did not start, trying once more: ${String(error).slice(0, 500)}\n`);
    await stopShop(shop);
    shop = startShop(copy.dataDir, await shopPort(), env);
    await waitUntilReady(shop);
  }
  return {
    shop,
    /** Stops the process (SIGKILL if it does not stop), the bundled server, and removes the copy. */
    dispose: async () => {
      await stopShop(shop);
      await copy.remove();
    },
  };
}

export async function signInAsAdmin(shop: ShopProcess): Promise<Record<string, string>> {
  const { adminEmail, adminPassword } = inject("seededShop");
  return signInAs(shop, adminEmail, adminPassword);
}
