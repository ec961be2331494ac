/** The Drizzle client over a node-postgres pool. */
import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import pg from "pg";
import * as schema from "./schema/index.ts";

/**
 * Without Drizzle's relational query API (`db.query.…`), which the app does not use: given
 * the schema, Drizzle builds a query builder for every table each time it makes a
 * transaction handle, about 3 % of the CPU of an add to cart and an order under load.
 */
export type Db = NodePgDatabase;
export type Schema = typeof schema;
/** A transaction handle: repositories accept one so a service can run several in one transaction. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export interface DbHandle {
  db: Db;
  pool: pg.Pool;
}

/**
 * How long opening one connection may take. When PostgreSQL is unreachable a request
 * fails within this time (answered 503 `unavailable`) instead of hanging; a server that is
 * down refuses at once. 800 ms proved too short under a burst: 50 checkouts at once across
 * three processes open dozens of connections while the database is busy committing, and
 * some took longer than that to be accepted (500s in the load-balancer test).
 */
export const CONNECT_TIMEOUT_MS = 3_000;
/**
 * How long a request may wait for a free pooled connection when all are busy: a burst
 * of shoppers queues rather than failing, so this stays longer than the connect timeout.
 */
export const POOL_WAIT_TIMEOUT_MS = 10_000;

/**
 * node-postgres uses one `connectionTimeoutMillis` for both waits; the pool gets the
 * long one (queueing) and each connection the short one (a database that is down).
 */
class QuickConnectClient extends pg.Client {
  constructor(config: pg.ClientConfig = {}) {
    super({ ...config, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
    // The pool listens for errors only on idle connections. A checked-out one (inside a
    // transaction, between two queries) whose connection dies emits "error" with nobody
    // listening: an uncaught exception that ended the process (found by the outage test,
    // issue 37). Its holder learns it from its next query ("not queryable": a 503), and
    // the pool drops it when it is released.
    this.on("error", () => {});
  }
}

export function createDb(
  connectionString: string,
  options: { max?: number; onIdleError?: (error: Error) => void } = {},
): DbHandle {
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 10,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: POOL_WAIT_TIMEOUT_MS,
    Client: QuickConnectClient,
  });
  // An idle connection that the server closes (a restart, the bundled server stopping
  // at shutdown) must not crash the process; the next query reconnects.
  pool.on("error", (error) => {
    if (options.onIdleError) options.onIdleError(error);
  });
  const db: Db = drizzle(pool, { casing: "snake_case" });
  return { db, pool };
}

export { schema };
