/**
 * Opens the shop's database: the configured DATABASE_URL, or the bundled PostgreSQL in
 * DATA_DIR. Migrations are applied before anything else uses it.
 */
import pg from "pg";
import type { Config } from "../config.ts";
import { createDb, type DbHandle } from "./client.ts";
import { startEmbeddedPostgres } from "./embedded.ts";
import { runMigrations } from "./migrate.ts";

export interface OpenDatabase extends DbHandle {
  url: string;
  embedded: boolean;
  close: () => Promise<void>;
}

const EMBEDDED_DATABASE = "atelier";

export async function openDatabase(
  config: Pick<Config, "databaseUrl" | "dataDir">,
  log: (message: string) => void = () => {},
): Promise<OpenDatabase> {
  const server = config.databaseUrl ? undefined : await startEmbeddedPostgres({ dataDir: config.dataDir, log });
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
