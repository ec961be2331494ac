/**
 * `npm start`: validate the configuration, open (and if needed start) the database,
 * seed the demo catalogue into an empty shop, listen, and shut down gracefully on
 * SIGTERM/SIGINT: stop accepting, finish in-flight requests, close the pool, stop the
 * bundled PostgreSQL.
 *
 * With WEB_CONCURRENCY above 1 (by default one process per CPU) this process becomes the
 * primary of a Node cluster: it alone starts the bundled PostgreSQL, migrates and seeds,
 * then forks the app processes, which share the port and the database (cluster.ts).
 */
import "./production-mode.ts";
import closeWithGrace from "close-with-grace";
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import { buildApp, createLogger } from "./app.ts";
import { isAppWorker, onAppProcessShutdown, runPrimary, workerReady } from "./cluster.ts";
import { type ComposeOptions, composeApp } from "./compose.ts";
import { type Config, ConfigError, loadConfig } from "./config.ts";
import { type OpenDatabase, openDatabase } from "./db/database.ts";
import { DataDirLockedError } from "./db/embedded.ts";
import { seedIfEmpty } from "./db/seed/index.ts";
import { seedOrders } from "./db/seed/orders.ts";
import { seedDemoPeople } from "./modules/identity/demo.ts";
import { seedDemoInventory } from "./modules/inventory/demo.ts";
import { createMediaStorage } from "./modules/media/storage.ts";
import { seedDemoPayments } from "./modules/payments/demo.ts";
import { collectWhenIdle, releaseStartupMemory } from "./process-memory.ts";

export interface StartOptions extends Pick<ComposeOptions, "web"> {
  /** Runs at shutdown after the app has closed (the browser-test stack stops its servers). */
  onClose?: () => Promise<void>;
}

/**
 * Everything `npm start` does. `dev.ts` and the browser-test stack call it with options
 * (Vite's dev server, their own shutdown): they always run as one process.
 */
export async function start(options: StartOptions = {}): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config);
  const setShutdown = isAppWorker() ? onAppProcessShutdown(logger, 10_000 + config.shutdownDrainMs) : undefined;
  const database = await openDatabase(config, (message) => logger.debug({ component: "postgres" }, message));
  if (setShutdown) {
    setShutdown(database.close);
    return serve(config, logger, database, options, { setShutdown });
  }
  logger.info({ embedded: database.embedded }, "database ready");
  await seedCatalogue(config, logger, database);
  const single = config.webConcurrency === 1 || options.web !== undefined || options.onClose !== undefined;
  if (single) return serve(config, logger, database, options, { announce: true });

  // The primary seeds people with an app of its own that never listens, then forks.
  const app = await buildApp({ config, db: database.db, pool: database.pool, logger });
  const demoAdmin = await seedPeople(config, database, app).finally(() => app.close());
  const ready = await runPrimary({ config, logger, closeDatabase: database.close, databaseUrl: database.url });
  announce(config, ready.port, demoAdmin, `${ready.workers} processes`);
  // What the primary built to seed is garbage now: give it back (it serves nothing).
  releaseStartupMemory();
}

async function seedCatalogue(config: Config, logger: FastifyBaseLogger, database: OpenDatabase): Promise<void> {
  if (!config.seedDemo) return;
  const seeded = await seedIfEmpty(database.db, {
    dataDir: config.dataDir,
    media: createMediaStorage(config),
    log: (message: string) => logger.info(message),
  });
  if (seeded) logger.info({ products: seeded.products }, "seeded the demo catalogue into the empty database");
}

/** The seed roles, and the demo people in a demo shop (the admin's password is shown once). */
async function seedPeople(config: Config, database: OpenDatabase, app: FastifyInstance) {
  const { auth, staff } = app.services.identity;
  await staff.ensureSeedRoles();
  const people = config.seedDemo
    ? await seedDemoPeople({ db: database.db, auth, staff }, { adminPassword: config.demoAdminPassword })
    : undefined;
  // Payments back office (issue 15): demo orders and their money, once, in a fresh demo shop.
  if (people) await seedDemoPayments(database.db, (await app.services.settings.get()).currency);
  // Inventory (issue 14): a second warehouse with stock, transfers, deliveries and thresholds.
  if (people) await seedDemoInventory(database.db);
  // Reports (issue 17): a fresh demo shop (its people were just created) gets a year of orders.
  if (people && config.seedDemoOrders > 0) {
    await seedOrders(database.db, { lines: config.seedDemoOrders });
    await app.services.reports.refresh();
  }
  return people;
}

/**
 * One process serving the shop: the whole shop on its own, or one of the cluster's app
 * processes (which reach the primary's database through DATABASE_URL, so they never
 * start PostgreSQL, migrate or seed themselves).
 */
async function serve(
  config: Config,
  logger: FastifyBaseLogger,
  database: OpenDatabase,
  options: StartOptions,
  how: { announce: true } | { setShutdown: (shutdown: () => Promise<void>) => void },
): Promise<void> {
  const { app } = await composeApp(
    { config, db: database.db, pool: database.pool, logger },
    options.web ? { web: options.web } : {},
  );
  const alone = "announce" in how;
  const demoAdmin = alone ? await seedPeople(config, database, app) : undefined;
  let stopIdleCollector = () => {};
  const shutdown = async () => {
    stopIdleCollector();
    // Behind a balancer: fail /readyz first and go on serving until its health checks
    // have taken this process out, so no request meets a closing server.
    app.lifecycle.draining = true;
    if (config.shutdownDrainMs > 0) await new Promise((resolve) => setTimeout(resolve, config.shutdownDrainMs));
    await app.close();
    await database.close();
    await options.onClose?.();
  };
  if ("setShutdown" in how) how.setShutdown(shutdown);
  else {
    closeWithGrace({ delay: 10_000 + config.shutdownDrainMs }, async ({ signal, err }) => {
      if (err) logger.error({ err }, "stopping after an unexpected error");
      else logger.info({ signal }, "shutting down");
      await shutdown();
    });
  }
  // Start-up's garbage (modules, the rendered app's first load, the search index's build:
  // onReady) is given back before the first request rather than kept for good (ADR 0018).
  await app.ready();
  releaseStartupMemory();
  await app.listen({ port: config.port, host: config.host });
  // What load leaves pooled is given back once the process has been quiet for a while (ADR 0018).
  stopIdleCollector = collectWhenIdle(app.server, {
    idleMs: config.memory.idleGcMs,
    onCollect: ({ rssBeforeBytes, rssAfterBytes, ms, cpuMs }) =>
      logger.debug(
        {
          rssBeforeMb: Math.round(rssBeforeBytes / 2 ** 20),
          rssAfterMb: Math.round(rssAfterBytes / 2 ** 20),
          ms: Math.round(ms),
          cpuMs: Math.round(cpuMs),
        },
        "gave back memory after load",
      ),
  });
  const address = app.server.address();
  const port = address && typeof address === "object" ? address.port : config.port;
  if (alone) announce(config, port, demoAdmin, "1 process");
  else workerReady(port);
}

function announce(
  config: Config,
  port: number,
  demoAdmin: { email: string; password: string } | undefined,
  processes: string,
): void {
  const url = config.publicUrl.replace(`:${config.port}`, `:${port}`);
  process.stdout.write(`\n  ${config.storeName} is running at ${url} (${processes})\n\n`);
  if (demoAdmin) {
    process.stdout.write(
      `  Demo admin (shown once): ${demoAdmin.email} / ${demoAdmin.password}\n  Sign in at ${url}/login, then open ${url}/admin\n\n`,
    );
  }
}

export function startOrExit(options: StartOptions = {}): void {
  start(options).catch((error: unknown) => {
    if (error instanceof ConfigError || error instanceof DataDirLockedError) {
      process.stderr.write(`${error.message}\n`);
    } else {
      process.stderr.write(`Atelier could not start: ${error instanceof Error ? error.stack : String(error)}\n`);
    }
    process.exit(1);
  });
}

if (import.meta.main) startOrExit();
