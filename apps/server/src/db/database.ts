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
    await firstConnection(handle.pool);
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

/**
 * Waits for the first connection at start-up. Requests give up on a slow connect within
 * CONNECT_TIMEOUT_MS (a database that is down answers 503 at once), but a process that is
 * starting may wait: on a machine under heavy load opening a connection can take seconds,
 * and a process that died for that would be restarted into the same wait.
 */
export async function firstConnection(pool: pg.Pool, budgetMs = 60_000): Promise<void> {
  const deadline = Date.now() + budgetMs;
  for (let attempt = 1; ; attempt++) {
    try {
      await pool.query("select 1");
      return;
    } catch (error) {
      if (!slowToConnect(error) || Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.min(2000, 100 * attempt)));
    }
  }
}

/** A connection that timed out, was refused or reset, or a server still starting: worth a retry. */
function slowToConnect(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: string; message?: string };
  return ["ECONNREFUSED", "ECONNRESET", "57P03"].includes(code ?? "") || /timeout|terminated/i.test(message ?? "");
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
