/**
 * Tells a database outage from a bug: the errors node-postgres (and the network under it)
 * raises when PostgreSQL is down, restarting, refusing connections or unreachable. The
 * error handler answers those with 503 `unavailable` instead of a 500, so clients and
 * payment providers retry, and the log says what happened.
 */

/** Socket errors: the server's port is closed, the connection was cut, or the host is unreachable. */
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ECONNABORTED",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);

/**
 * SQLSTATEs of a server that is going away or not taking connections: admin_shutdown,
 * crash_shutdown, cannot_connect_now, too_many_connections. Class 08 (connection
 * exceptions) is matched by its prefix.
 */
const SERVER_CODES = new Set(["57P01", "57P02", "57P03", "53300"]);

/** node-postgres's own messages for a connection that failed, timed out or broke. */
const CLIENT_MESSAGES = [
  /^Connection terminated/,
  /timeout exceeded when trying to connect/,
  /is not queryable/,
  /^Cannot use a pool after calling end on the pool/,
];

export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  const queue: unknown[] = [error];
  while (queue.length > 0) {
    const current = queue.shift();
    if (!(current instanceof Error) || seen.has(current)) continue;
    seen.add(current);
    const code = (current as { code?: unknown }).code;
    if (
      typeof code === "string" &&
      (NETWORK_CODES.has(code) || SERVER_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code))
    ) {
      return true;
    }
    if (CLIENT_MESSAGES.some((pattern) => pattern.test(current.message))) return true;
    // Drizzle wraps the driver's error in `cause`; a connect to several addresses fails as an AggregateError.
    queue.push(current.cause);
    if (current instanceof AggregateError) queue.push(...current.errors);
  }
  return false;
}

/**
 * For libraries that swallow the driver's error (better-auth answers a bare 500 "failed to
 * get session"): after such a failure, one trivial query says whether the database is the
 * cause, and throws its connection error if so.
 */
export function databaseProbe(query: () => Promise<unknown>): () => Promise<void> {
  return async () => {
    try {
      await query();
    } catch (error) {
      if (isDatabaseUnavailable(error)) throw error;
    }
  };
}
