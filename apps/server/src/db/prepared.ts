/**
 * Named (server-side prepared) statements for the hot paths (ADR 0017): the place-order
 * transaction's lock, read and write are sent with a name, so each pooled connection has
 * PostgreSQL parse and plan them once and afterwards only binds and executes them.
 *
 * node-postgres prepares a named statement on a connection the first time it runs there
 * and refuses one name for two texts, so the name carries a hash of the text: a statement
 * whose shape varies (a coupon typed or not, a saved address or a typed one) is a few
 * prepared statements, one per shape, never one per set of values (lists go in as one
 * array parameter). Answers exactly what `db.execute()` answers.
 *
 * Behind PgBouncer in transaction pooling, named statements need PgBouncer 1.21 or newer
 * with `max_prepared_statements` set (it then prepares them on whichever server connection
 * a transaction gets); with an older one set DATABASE_PREPARED_STATEMENTS=false and these
 * statements go unnamed, as every other statement does.
 */
import { createHash } from "node:crypto";
import type { SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { Db, Tx } from "./client.ts";

const dialect = new PgDialect({ casing: "snake_case" });
const names = new Map<string, string>();
let enabled = true;

/** Off: the statements go unnamed (a pooler that cannot keep prepared statements). */
export function usePreparedStatements(on: boolean): void {
  enabled = on;
}

export function preparedStatementsEnabled(): boolean {
  return enabled;
}

/** Per label, the texts seen last and their names: most labels have one or two shapes. */
const recent = new Map<string, { text: string; name: string }[]>();

/**
 * The name a statement text is prepared under: `label` and a hash of the text. The text
 * is built anew for every call, so a look-up by text hashes all of it (a few KB for the
 * order's write) each time — 2 % of an order's CPU; comparing it with the label's last few
 * texts is a plain memory compare, and the map is only asked for shapes not seen lately.
 */
export function preparedName(label: string, text: string): string {
  const seen = recent.get(label);
  if (seen) {
    for (const entry of seen) if (entry.text === text) return entry.name;
  }
  let name = names.get(text);
  if (name === undefined) {
    name = `${label}_${createHash("sha1").update(text).digest("hex").slice(0, 16)}`;
    if (names.size < 500) names.set(text, name);
  }
  const entries = seen ?? [];
  entries.unshift({ text, name });
  if (entries.length > 4) entries.pop();
  if (!seen && recent.size < 100) recent.set(label, entries);
  return name;
}

export async function executePrepared<T extends Record<string, unknown>>(
  db: Db | Tx,
  label: string,
  query: SQL,
): Promise<{ rows: T[] }> {
  if (!enabled) return (await db.execute<T>(query)) as { rows: T[] };
  const { sql: text, params } = dialect.sqlToQuery(query);
  const prepared = db._.session.prepareQuery({ sql: text, params }, undefined, preparedName(label, text), false);
  return (await prepared.execute()) as { rows: T[] };
}
