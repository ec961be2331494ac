/**
 * Opens the shop's database: the configured DATABASE_URL, or the bundled PostgreSQL in
 * DATA_DIR. Migrations are applied before anything else uses it.
 */
import pg from "pg";
import { pino } from "pino";
import type { Config } from "../config.ts";
import { createDb, type DbHandle } from "./client.ts";
import { type EmbeddedEvent, startEmbeddedPostgres } from "./embedded.ts";
import { runMigrations } from "./migrate.ts";

export interface OpenDatabase extends DbHandle {
  url: string;
  embedded: boolean;
  close: () => Promise<void>;
}

const EMBEDDED_DATABASE = "atelier";

export async function openDatabase(
  config: Pick<Config, "databaseUrl" | "dataDir"> & Partial<Pick<Config, "logLevel">>,
  log: (message: string) => void = () => {},
  /** The bundled server died or was restarted; by default a warning in the app's JSON log. */
  notify: (event: EmbeddedEvent) => void = logEmbeddedEvent(config.logLevel ?? "info"),
): Promise<OpenDatabase> {
  const server = config.databaseUrl ? undefined : await startEmbeddedPostgres({ dataDir: config.dataDir, log, notify });
  try {
    if (server) await ensureDatabase(server.url("postgres"), EMBEDDED_DATABASE);
    const url = config.databaseUrl ?? server?.url(EMBEDDED_DATABASE) ?? "";
    const handle = createDb(url, {
      max: 20,
      onIdleError: (error) => log(`idle database connection closed: ${error.message}`),
    });
    await runMigrations(handle.db);
    return {
      ...handle,
      url,
      embedded: Boolean(server),
      close: async () => {
        await handle.pool.end();
        await server?.stop();
      },
    };
  } catch (error) {
    await server?.stop();
    throw error;
  }
}

export async function ensureDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client(adminUrl);
  await client.connect();
  try {
    const found = await client.query("select 1 from pg_database where datname = $1", [name]);
    if (found.rowCount === 0) await client.query(`create database "${name.replaceAll('"', '""')}"`);
  } finally {
    await client.end();
  }
}

/** Writes the watchdog's events as pino lines (`component: "postgres"`), like the app's own log. */
export function logEmbeddedEvent(level: Config["logLevel"]): (event: EmbeddedEvent) => void {
  const logger = pino({ level }).child({ component: "postgres" });
  return (event) => {
    if (event.kind === "died") {
      logger.error(event, `the bundled PostgreSQL stopped unexpectedly; starting it again in ${event.restartInMs} ms`);
    } else if (event.kind === "restarted") {
      logger.warn(event, "the bundled PostgreSQL was started again");
    } else {
      logger.error(event, `starting the bundled PostgreSQL again failed; next attempt in ${event.retryInMs} ms`);
    }
  };
}
