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
import type { JobQueueOptions } from "../../src/infra/jobs.ts";
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
    // A commit need not wait for its WAL to reach the disk: nothing here survives a crash
    // of the server anyway. The bundled server runs with fsync off already; this is for a
    // TEST_DATABASE_URL server (CI's second API run), whose own settings stay untouched.
    await admin.query(`alter database "${name}" set synchronous_commit = off`);
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
  /** Timings of the job queue (shorter expiry, retry delays, cron claim). */
  jobs?: JobQueueOptions;
  /** The address the app connects to instead of its database's (e.g. a proxy: support/db-proxy.ts). */
  connectThrough?: (databaseUrl: string) => string;
}

export async function createTestApp(env: Record<string, string> = {}, options: TestAppOptions = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const mail = await startMailServer();
  const test = await appOn(database.url, mail, env, options);
  return {
    ...test,
    close: async () => {
      await test.close();
      await mail.close();
      await database.drop();
    },
  };
}

/** One app on an existing database (its own pool, job queue and listener); `close` leaves the database. */
async function appOn(
  url: string,
  mail: TestMailServer,
  env: Record<string, string>,
  options: TestAppOptions,
): Promise<TestApp> {
  const { dataDir } = inject("testDatabase");
  const config = loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    DATA_DIR: dataDir,
    DATABASE_URL: url,
    PUBLIC_URL: "http://localhost:3000",
    AUTH_SECRET: "test-secret-that-is-long-enough-for-better-auth",
    SMTP_URL: mail.url,
    AUTH_RATE_LIMIT: "1000",
    ...env,
  });
  const { db, pool } = createDb(options.connectThrough ? options.connectThrough(url) : url, {
    max: options.poolMax ?? 5,
  });
  const { app } = await composeApp(
    {
      config,
      db,
      pool,
      ...(options.onRoute ? { onRoute: options.onRoute } : {}),
      ...(options.logger ? { logger: options.logger } : {}),
      ...(options.jobs ? { jobs: options.jobs } : {}),
    },
    // Views are written when the app closes, not on a timer in the middle of a test.
    { viewsFlushEveryMs: 0 },
  );
  await app.ready();
  let closing: Promise<void> | undefined;
  return {
    app,
    db,
    pool,
    databaseUrl: url,
    mail,
    close: () => {
      closing ??= (async () => {
        await app.close();
        await pool.end();
      })();
      return closing;
    },
  };
}

export interface TestApps {
  /** The apps, each with its own pool, job queue and invalidation listener, like processes. */
  apps: TestApp[];
  databaseUrl: string;
  /** The one SMTP server every app sends to (unless `env.SMTP_URL` says otherwise). */
  mail: TestMailServer;
  /** Starts one more app on the same database (e.g. after another one stopped). */
  add: (env?: Record<string, string>, options?: TestAppOptions) => Promise<TestApp>;
  close: () => Promise<void>;
}

/**
 * Several apps on ONE database, as several processes (or machines) serve one shop: a
 * write through one must reach the others (invalidation bus), limits and jobs are shared.
 * `createTestApp` stays one app on a database of its own.
 */
export async function createTestApps(
  count: number,
  env: Record<string, string> = {},
  options: TestAppOptions = {},
): Promise<TestApps> {
  const database = await createTestDatabase();
  const mail = await startMailServer();
  const apps: TestApp[] = [];
  const add = async (more: Record<string, string> = {}, moreOptions: TestAppOptions = {}) => {
    const test = await appOn(database.url, mail, { ...env, ...more }, { ...options, ...moreOptions });
    apps.push(test);
    return test;
  };
  for (let n = 0; n < count; n++) await add();
  return {
    apps,
    databaseUrl: database.url,
    mail,
    add,
    close: async () => {
      for (const test of apps) await test.close();
      await mail.close();
      await database.drop();
    },
  };
}

/** Polls `check` until it returns a value other than undefined/false; fails after `timeoutMs`. */
export async function eventually<T>(
  check: () => Promise<T | undefined | false> | T | undefined | false,
  { timeoutMs = 30_000, everyMs = 50, what = "the condition" } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`${what} did not hold within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/** Waits until no job of `queue` is waiting or running (e.g. every mail sent), across all apps. */
export async function jobsDone(test: Pick<TestApp, "app">, queue: string, timeoutMs = 30_000): Promise<void> {
  await eventually(async () => (await test.app.services.jobs.pending(queue)) === 0, {
    timeoutMs,
    everyMs: 100,
    what: `the jobs of ${queue} finishing`,
  });
}
