/** The Drizzle client over a node-postgres pool. */
import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import pg from "pg";
import * as schema from "./schema/index.ts";

export type Db = NodePgDatabase<typeof schema>;
export type Schema = typeof schema;
/** A transaction handle: repositories accept one so a service can run several in one transaction. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export interface DbHandle {
  db: Db;
  pool: pg.Pool;
}

export function createDb(
  connectionString: string,
  options: { max?: number; onIdleError?: (error: Error) => void } = {},
): DbHandle {
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 10,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 10_000,
  });
  // An idle connection that the server closes (a restart, the bundled server stopping
  // at shutdown) must not crash the process; the next query reconnects.
  pool.on("error", (error) => {
    if (options.onIdleError) options.onIdleError(error);
  });
  const db = drizzle(pool, { schema, casing: "snake_case" });
  return { db, pool };
}

export { schema };
