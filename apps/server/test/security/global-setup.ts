/**
 * Once per `npm run test:security`: the demo shop as `npm start` makes it (bundled
 * PostgreSQL, demo catalogue, people, delivery zones), seeded into a throw-away DATA_DIR
 * and stopped cleanly. Files that need a real process copy it (./shop-process.ts), so the
 * seed runs once.
 */
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { shopPort, startShop, stopShop, waitUntilReady } from "./shop-process.ts";

const adminEmail = "admin@atelier.example";
const adminPassword = "security-suite-Admin-42";

export default async function setup(project: TestProject) {
  const parent = await fs.mkdtemp(path.join(os.tmpdir(), "atelier-security-seed-"));
  await fs.chmod(parent, 0o755);
  const dataDir = path.join(parent, "data");
  const shop = startShop(dataDir, await shopPort(), { SEED_DEMO: "true", DEMO_ADMIN_PASSWORD: adminPassword });
  await waitUntilReady(shop, 300_000);
  await stopShop(shop);
  if ((await shop.exited) !== 0) throw new Error(`the seeded shop did not stop cleanly: ${shop.output().stderr}`);
  project.provide("seededShop", { dataDir, adminEmail, adminPassword });
  return async () => {
    await fs.rm(parent, { recursive: true, force: true });
  };
}
