/**
 * Once per `vitest run` of the API project: a PostgreSQL server (the bundled one in a
 * throw-away directory, or the one TEST_DATABASE_URL names) and a template database,
 * migrated and seeded with a small demo catalogue. Each test file then clones the
 * template into a database of its own (see ./index.ts), so files never share state.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { PgBoss } from "pg-boss";
import type { TestProject } from "vitest/node";
import { createDb } from "../../src/db/client.ts";
import { ensureDatabase } from "../../src/db/database.ts";
import { startEmbeddedPostgres } from "../../src/db/embedded.ts";
import { runMigrations } from "../../src/db/migrate.ts";
import { seedDemo } from "../../src/db/seed/index.ts";
import { staffAccessRepository } from "../../src/modules/identity/staff-access.ts";
import { databaseUrl } from "./urls.ts";

declare module "vitest" {
  export interface ProvidedContext {
    testDatabase: { adminUrl: string; template: string; dataDir: string };
  }
}

export const TEST_PRODUCTS = 60;

export default async function setup(project: TestProject) {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "atelier-test-"));
  // As root the bundled PostgreSQL runs as `postgres`, which must reach its folder in here.
  await fs.chmod(dataDir, 0o755);
  const external = process.env.TEST_DATABASE_URL;
  const server = external
    ? undefined
    : await startEmbeddedPostgres({
        dataDir: path.join(dataDir, "server"),
        // A throw-away server: durability does not matter, speed does.
        settings: { fsync: "off", synchronous_commit: "off", full_page_writes: "off" },
      });
  const adminUrl = external ?? server?.url("postgres") ?? "";
  const template = `atelier_template_${randomBytes(4).toString("hex")}`;

  await ensureDatabase(adminUrl, template);
  const { db, pool } = createDb(databaseUrl(adminUrl, template), { max: 4 });
  await runMigrations(db);
  await seedDemo(db, { dataDir, products: TEST_PRODUCTS });
  await staffAccessRepository(db).ensureSeedRoles();
  await pool.end();
  // The job queue's schema (pg-boss installs it at the app's first start): once here, so
  // every clone has it instead of each test file installing it.
  const boss = new PgBoss({
    connectionString: databaseUrl(adminUrl, template),
    schema: "pgboss",
    supervise: false,
    schedule: false,
    registerInstance: false,
  });
  boss.on("error", () => {});
  await boss.start();
  await boss.stop({ graceful: false, close: true });

  project.provide("testDatabase", { adminUrl, template, dataDir });

  return async () => {
    const admin = new pg.Client(adminUrl);
    await admin.connect();
    const leftovers = await admin.query<{ datname: string }>(
      "select datname from pg_database where datname = $1 or datname like $2",
      [template, `${template}_%`],
    );
    for (const { datname } of leftovers.rows) await admin.query(`drop database if exists "${datname}" with (force)`);
    await admin.end();
    await server?.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
  };
}
