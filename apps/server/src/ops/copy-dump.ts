/**
 * The backup without pg_dump: when no pg_dump is new enough for the server (the bundled
 * PostgreSQL 18 on a system with older client tools), the data of every table is written
 * with COPY (PostgreSQL's own text format: every type round-trips exactly) and the schema
 * is left to the app's migrations, which define all of it. A restore migrates an empty
 * database, then loads every table in one transaction with triggers and foreign-key
 * checks off (session_replication_role = replica: a superuser, as the bundled server's
 * user is), then sets the sequences. Migrations only expand (docs/operations.md,
 * "Upgrades"), so an older backup's columns still fit a newer schema.
 */
import { createReadStream, createWriteStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import pg from "pg";
import { from as copyFrom, to as copyTo } from "pg-copy-streams";
import { createDb } from "../db/client.ts";
import { runMigrations } from "../db/migrate.ts";

/** drizzle's own bookkeeping: the target's migrations write it, the backup's copy is not loaded. */
export const MIGRATIONS_TABLE = "drizzle.__drizzle_migrations";

export interface CopyIndex {
  tables: { name: string; file: string; columns: string[] }[];
  sequences: { name: string; lastValue: string; isCalled: boolean }[];
}

function quoted(client: pg.ClientBase, qualified: string): string {
  const [schema, name] = qualified.split(".") as [string, string];
  return `${client.escapeIdentifier(schema)}.${client.escapeIdentifier(name)}`;
}

export async function isSuperuser(client: pg.ClientBase): Promise<boolean> {
  const { rows } = await client.query<{ on: string }>("select current_setting('is_superuser') as on");
  return rows[0]?.on === "on";
}

/** Writes every table's rows into `dir` with COPY; run inside the backup's snapshot transaction. */
export async function copyDump(client: pg.ClientBase, tables: string[], dir: string): Promise<CopyIndex> {
  await fs.mkdir(dir, { recursive: true });
  const index: CopyIndex = { tables: [], sequences: [] };
  for (const [position, name] of tables.entries()) {
    const { rows } = await client.query<{ name: string }>(
      `select attname as name from pg_attribute
        where attrelid = $1::regclass and attnum > 0 and not attisdropped and attgenerated = ''
        order by attnum`,
      [quoted(client, name)],
    );
    const columns = rows.map((row) => row.name);
    const file = `${String(position).padStart(3, "0")}-${name}.copy`;
    const list = columns.map((column) => client.escapeIdentifier(column)).join(", ");
    // A query, not the table: that also reads a partitioned table (with its partitions' rows).
    await pipeline(
      client.query(copyTo(`copy (select ${list} from ${quoted(client, name)}) to stdout`)),
      createWriteStream(path.join(dir, file)),
    );
    index.tables.push({ name, file, columns });
  }
  const { rows: sequences } = await client.query<{ name: string }>(
    `select schemaname || '.' || sequencename as name from pg_sequences
      where schemaname not in ('pg_catalog', 'information_schema') order by 1`,
  );
  for (const { name } of sequences) {
    const { rows } = await client.query<{ last_value: string; is_called: boolean }>(
      `select last_value::text, is_called from ${quoted(client, name)}`,
    );
    if (rows[0]) index.sequences.push({ name, lastValue: rows[0].last_value, isCalled: rows[0].is_called });
  }
  await fs.writeFile(path.join(dir, "index.json"), `${JSON.stringify(index, null, 2)}\n`);
  return index;
}

/**
 * Migrates the (empty) database at `url`, then loads a copyDump folder into it. Returns
 * the tables left out because no migration creates them (pg-boss's schema, which pg-boss
 * creates itself at start: queued jobs are not restored by this method).
 */
export async function copyRestore(url: string, dir: string): Promise<string[]> {
  const index = JSON.parse(await fs.readFile(path.join(dir, "index.json"), "utf8")) as CopyIndex;
  const { db, pool } = createDb(url, { max: 1 });
  try {
    await runMigrations(db);
  } finally {
    await pool.end();
  }
  const client = new pg.Client(url);
  await client.connect();
  try {
    if (!(await isSuperuser(client))) {
      throw new Error("Restoring a COPY backup needs a superuser (foreign keys and triggers are off while it loads).");
    }
    await client.query("begin");
    await client.query("set local session_replication_role = replica");
    const { rows: existing } = await client.query<{ name: string }>(
      `select n.nspname || '.' || c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where c.relkind in ('r', 'p')`,
    );
    const exists = new Set(existing.map((row) => row.name));
    const skipped = index.tables.filter((table) => !exists.has(table.name)).map((table) => table.name);
    const tables = index.tables.filter((table) => table.name !== MIGRATIONS_TABLE && exists.has(table.name));
    // Whatever the migrations themselves inserted gives way to the backup's rows.
    if (tables.length > 0)
      await client.query(`truncate ${tables.map((table) => quoted(client, table.name)).join(", ")}`);
    for (const table of tables) {
      const list = table.columns.map((column) => client.escapeIdentifier(column)).join(", ");
      await pipeline(
        createReadStream(path.join(dir, table.file)),
        client.query(copyFrom(`copy ${quoted(client, table.name)} (${list}) from stdin`)),
      );
    }
    const restoredSchemas = new Set(tables.map((table) => table.name.split(".")[0]));
    const sequences = index.sequences.filter((sequence) => restoredSchemas.has(sequence.name.split(".")[0]));
    for (const sequence of sequences) {
      await client.query("select setval($1::regclass, $2::bigint, $3)", [
        quoted(client, sequence.name),
        sequence.lastValue,
        sequence.isCalled,
      ]);
    }
    await client.query("commit");
    return skipped;
  } catch (error) {
    await client.query("rollback").catch(() => {});
    throw error;
  } finally {
    await client.end();
  }
}
