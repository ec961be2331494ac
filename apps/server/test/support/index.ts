/**
 * Test helpers: `createTestApp()` gives a test file its own database (a clone of the
 * migrated, seeded template) and the real app on it, for `app.inject()`: composed as
 * `main.ts` composes it, with the built web app mounted (`npm run build` first), so
 * every API test runs against what `npm start` serves.
 */
import { randomBytes } from "node:crypto";
import type { FastifyBaseLogger, RouteOptions } from "fastify";
import pg from "pg";
import { inject } from "vitest";
import { composeApp } from "../../src/compose.ts";
import { loadConfig } from "../../src/config.ts";
import { createDb, type Db } from "../../src/db/client.ts";
import { startMailServer, type TestMailServer } from "./mail-server.ts";
import { databaseUrl } from "./urls.ts";

export interface TestApp {
  app: Awaited<ReturnType<typeof composeApp>>["app"];
  db: Db;
  pool: pg.Pool;
  /** This file's own database (for processes such as `admin:create` to point at). */
  databaseUrl: string;
  /** The real SMTP server on loopback this app sends its mail to. */
  mail: TestMailServer;
  close: () => Promise<void>;
}

export async function createTestDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const { adminUrl, template } = inject("testDatabase");
  const name = `${template}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client(adminUrl);
  await admin.connect();
  try {
    await admin.query(`create database "${name}" template "${template}"`);
  } finally {
    await admin.end();
  }
  return {
    url: databaseUrl(adminUrl, name),
    drop: async () => {
      const client = new pg.Client(adminUrl);
      await client.connect();
      await client.query(`drop database if exists "${name}" with (force)`);
      await client.end();
    },
  };
}

export interface TestAppOptions {
  /** Sees every route as it is registered (e.g. to walk all admin routes). */
  onRoute?: (route: RouteOptions) => void;
  /** Replaces the app's logger (a test reads what was logged). */
  logger?: FastifyBaseLogger;
  /** Connections in the app's pool (default 5); concurrency tests need real parallelism. */
  poolMax?: number;
}

export async function createTestApp(env: Record<string, string> = {}, options: TestAppOptions = {}): Promise<TestApp> {
  const { dataDir } = inject("testDatabase");
  const database = await createTestDatabase();
  const mail = await startMailServer();
  const config = loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    DATA_DIR: dataDir,
    DATABASE_URL: database.url,
    PUBLIC_URL: "http://localhost:3000",
    AUTH_SECRET: "test-secret-that-is-long-enough-for-better-auth",
    SMTP_URL: mail.url,
    AUTH_RATE_LIMIT: "1000",
    ...env,
  });
  const { db, pool } = createDb(database.url, { max: options.poolMax ?? 5 });
  const { app } = await composeApp(
    {
      config,
      db,
      pool,
      ...(options.onRoute ? { onRoute: options.onRoute } : {}),
      ...(options.logger ? { logger: options.logger } : {}),
    },
    // Views are written when the app closes, not on a timer in the middle of a test.
    { viewsFlushEveryMs: 0 },
  );
  await app.ready();
  return {
    app,
    db,
    pool,
    databaseUrl: database.url,
    mail,
    close: async () => {
      await app.close();
      await pool.end();
      await mail.close();
      await database.drop();
    },
  };
}
