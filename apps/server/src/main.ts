/**
 * `npm start`: validate the configuration, open (and if needed start) the database,
 * seed the demo catalogue into an empty shop, listen, and shut down gracefully on
 * SIGTERM/SIGINT: stop accepting, finish in-flight requests, close the pool, stop the
 * bundled PostgreSQL.
 */
import "./production-mode.ts";
import closeWithGrace from "close-with-grace";
import { createLogger } from "./app.ts";
import { type ComposeOptions, composeApp } from "./compose.ts";
import { ConfigError, loadConfig } from "./config.ts";
import { openDatabase } from "./db/database.ts";
import { DataDirLockedError } from "./db/embedded.ts";
import { seedIfEmpty } from "./db/seed/index.ts";
import { seedDemoPeople } from "./modules/identity/demo.ts";

export interface StartOptions extends Pick<ComposeOptions, "web"> {
  /** Runs at shutdown after the app has closed (the browser-test stack stops its servers). */
  onClose?: () => Promise<void>;
}

/** Everything `npm start` does; `dev.ts` calls it with Vite's dev server as the web source. */
export async function start(options: StartOptions = {}): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config);
  const database = await openDatabase(config, (message) => logger.debug({ component: "postgres" }, message));
  logger.info({ embedded: database.embedded }, "database ready");

  if (config.seedDemo) {
    const seeded = await seedIfEmpty(database.db, {
      dataDir: config.dataDir,
      log: (message: string) => logger.info(message),
    });
    if (seeded) logger.info({ products: seeded.products }, "seeded the demo catalogue into the empty database");
  }

  const { app } = await composeApp(
    { config, db: database.db, pool: database.pool, logger },
    options.web ? { web: options.web } : {},
  );
  const { auth, staff } = app.services.identity;
  await staff.ensureSeedRoles();
  const demoAdmin = config.seedDemo
    ? await seedDemoPeople({ db: database.db, auth, staff }, { adminPassword: config.demoAdminPassword })
    : undefined;
  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) logger.error({ err }, "stopping after an unexpected error");
    else logger.info({ signal }, "shutting down");
    await app.close();
    await database.close();
    await options.onClose?.();
  });
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = address && typeof address === "object" ? address.port : config.port;
  const url = config.publicUrl.replace(`:${config.port}`, `:${port}`);
  process.stdout.write(`\n  ${config.storeName} is running at ${url}\n\n`);
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
