/**
 * Backups: one folder holding
 *   manifest.json   when, which app version, migration level, rows per table, media counts
 *   database.dump   pg_dump's custom format, taken in the same snapshot as the row counts, or
 *   database/       every table's rows by COPY, when no pg_dump fits the server (copy-dump.ts)
 *   media/          the image files (local storage), or
 *   media.json      the bucket's listing (S3 storage: the bucket keeps the bytes)
 *   auth-secret     DATA_DIR/auth-secret when there is one (sessions and guest tokens)
 * and the restore of such a folder into an empty database (or, with force, over one).
 */
import fs from "node:fs/promises";
import path from "node:path";
import pg from "pg";
import { migrationsFolder } from "../db/migrate.ts";
import type { MediaStorage } from "../modules/media/storage.ts";
import { LocalMediaStorage } from "../modules/media/storage.ts";
import { copyDump, copyRestore, MIGRATIONS_TABLE } from "./copy-dump.ts";
import { libpqEnvironment, type PgTools, runTool } from "./postgres-tools.ts";

export const BACKUP_FORMAT = "atelier-backup/1";

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  createdAt: string;
  app: { version: string };
  database: {
    serverVersion: string;
    /** pg_dump's custom format, or COPY files restored on top of this app's migrations. */
    method: "pg_dump" | "copy";
    pgDumpVersion: string | null;
    file: "database.dump" | "database";
    bytes: number;
    migrations: { applied: number; latest: string | null };
    /** Rows per table ("schema.table"), counted in the snapshot the dump was taken in. */
    tables: Record<string, number>;
  };
  media: {
    storage: "folder" | "s3";
    location: string;
    files: number;
    bytes: number;
    /** "media" (a folder of files in the backup) or "media.json" (a listing of the bucket). */
    saved: "media" | "media.json";
  };
  authSecret: boolean;
}

type Log = (line: string) => void;

async function appVersion(): Promise<string> {
  const file = new URL("../../package.json", import.meta.url);
  return (JSON.parse(await fs.readFile(file, "utf8")) as { version: string }).version;
}

interface Journal {
  entries: { idx: number; when: number; tag: string }[];
}

async function journal(): Promise<Journal> {
  return JSON.parse(await fs.readFile(path.join(migrationsFolder, "meta", "_journal.json"), "utf8")) as Journal;
}

/** Which of this app's migrations the database has: drizzle records each one's `when`. */
async function migrationLevel(client: pg.ClientBase): Promise<{ applied: number; latest: string | null }> {
  const table = await client.query(
    "select 1 from pg_tables where schemaname = 'drizzle' and tablename = '__drizzle_migrations'",
  );
  if (table.rowCount === 0) return { applied: 0, latest: null };
  const { rows } = await client.query<{ applied: string; latest: string | null }>(
    "select count(*) as applied, max(created_at)::text as latest from drizzle.__drizzle_migrations",
  );
  const latestWhen = Number(rows[0]?.latest ?? 0);
  const entry = (await journal()).entries.find((candidate) => candidate.when === latestWhen);
  return {
    applied: Number(rows[0]?.applied ?? 0),
    latest: entry?.tag ?? (latestWhen ? `unknown (${latestWhen})` : null),
  };
}

/**
 * Every table outside PostgreSQL's own schemas, as "schema.table", sorted; a partitioned
 * table once, not its partitions (its count includes theirs).
 */
export async function userTables(client: pg.ClientBase): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `select n.nspname || '.' || c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p') and not c.relispartition
        and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'
      order by 1`,
  );
  return rows.map((row) => row.name);
}

export async function rowCounts(client: pg.ClientBase): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const name of await userTables(client)) {
    const [schema, table] = name.split(".") as [string, string];
    const quoted = `${client.escapeIdentifier(schema)}.${client.escapeIdentifier(table)}`;
    const { rows } = await client.query<{ count: string }>(`select count(*) as count from ${quoted}`);
    counts[name] = Number(rows[0]?.count ?? 0);
  }
  return counts;
}

export async function createBackup(options: {
  url: string;
  /** pg_dump and pg_restore, or "copy" when none fits the server. */
  tools: PgTools | "copy";
  media: MediaStorage;
  dataDir: string;
  out: string;
  log?: Log;
}): Promise<BackupManifest> {
  const log = options.log ?? (() => {});
  const out = options.out;
  if ((await fs.readdir(out).catch(() => [])).length > 0) throw new BackupError(`${out} is not empty.`);
  await fs.mkdir(out, { recursive: true });

  // One snapshot for the counts and the dump: the manifest describes exactly what was dumped.
  const client = new pg.Client(options.url);
  await client.connect();
  let tables: Record<string, number>;
  let migrations: { applied: number; latest: string | null };
  let serverVersion: string;
  const tools = options.tools;
  const file = tools === "copy" ? "database" : "database.dump";
  const dumpFile = path.join(out, file);
  try {
    await client.query("begin isolation level repeatable read read only");
    const snapshot = (await client.query<{ id: string }>("select pg_export_snapshot() as id")).rows[0]?.id ?? "";
    serverVersion =
      (await client.query<{ v: string }>("select current_setting('server_version') as v")).rows[0]?.v ?? "";
    tables = await rowCounts(client);
    migrations = await migrationLevel(client);
    log(
      `database: ${Object.keys(tables).length} tables, ${sum(Object.values(tables))} rows, migration ${migrations.latest}`,
    );
    if (tools === "copy") {
      await copyDump(client, Object.keys(tables), dumpFile);
    } else {
      const { dbname, env } = libpqEnvironment(options.url);
      await runTool(
        tools.pgDump,
        [
          "--format=custom",
          "--no-owner",
          "--no-privileges",
          `--snapshot=${snapshot}`,
          `--file=${dumpFile}`,
          `--dbname=${dbname}`,
        ],
        env,
      );
    }
    await client.query("commit");
  } finally {
    await client.end();
  }
  const dumpBytes = await sizeOf(dumpFile);
  log(
    tools === "copy"
      ? `database/: ${formatBytes(dumpBytes)} (COPY of every table: no pg_dump fits this server)`
      : `database.dump: ${formatBytes(dumpBytes)} (pg_dump ${tools.version})`,
  );

  const media = await saveMedia(options.media, out, log);
  const secret = path.join(options.dataDir, "auth-secret");
  const authSecret = await fs
    .copyFile(secret, path.join(out, "auth-secret"))
    .then(() => fs.chmod(path.join(out, "auth-secret"), 0o600))
    .then(
      () => true,
      () => false,
    );

  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    createdAt: new Date().toISOString(),
    app: { version: await appVersion() },
    database: {
      serverVersion,
      method: tools === "copy" ? "copy" : "pg_dump",
      pgDumpVersion: tools === "copy" ? null : tools.version,
      file,
      bytes: dumpBytes,
      migrations,
      tables,
    },
    media,
    authSecret,
  };
  await fs.writeFile(path.join(out, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

async function saveMedia(media: MediaStorage, out: string, log: Log): Promise<BackupManifest["media"]> {
  let files = 0;
  let bytes = 0;
  if (media instanceof LocalMediaStorage) {
    const folder = path.join(out, "media");
    await fs.mkdir(folder);
    for await (const file of media.list()) {
      await fs.copyFile(path.join(media.dir, file.name), path.join(folder, file.name));
      files += 1;
      bytes += file.size;
      if (files % 500 === 0) log(`media: ${files} files copied`);
    }
    log(`media: ${files} files (${formatBytes(bytes)}) from ${media.location}`);
    return { storage: "folder", location: media.location, files, bytes, saved: "media" };
  }
  const listing: { name: string; size: number }[] = [];
  for await (const object of media.list()) listing.push(object);
  files = listing.length;
  bytes = sum(listing.map((object) => object.size));
  await fs.writeFile(path.join(out, "media.json"), `${JSON.stringify(listing)}\n`);
  log(`media: the listing of ${media.location} (${files} objects, ${formatBytes(bytes)}); the bucket keeps the files`);
  return { storage: "s3", location: media.location, files, bytes, saved: "media.json" };
}

export class BackupError extends Error {
  override name = "BackupError";
}

export async function readManifest(dir: string): Promise<BackupManifest> {
  const text = await fs.readFile(path.join(dir, "manifest.json"), "utf8").catch(() => undefined);
  if (text === undefined) throw new BackupError(`${dir} is not a backup: it has no manifest.json.`);
  const manifest = JSON.parse(text) as BackupManifest;
  if (manifest.format !== BACKUP_FORMAT) {
    throw new BackupError(`${dir} is not a backup this version reads (format ${String(manifest.format)}).`);
  }
  return manifest;
}

export interface RestoreResult {
  manifest: BackupManifest;
  /** Tables of a COPY backup that no migration creates (left out). */
  skipped: string[];
  tables: Record<string, number>;
  mismatches: string[];
  media: { restored: number; present: number; missing: string[] };
}

export async function restoreBackup(options: {
  url: string;
  /** Needed for a pg_dump backup only. */
  tools: PgTools | undefined;
  media: MediaStorage;
  dataDir: string;
  from: string;
  force: boolean;
  log?: Log;
}): Promise<RestoreResult> {
  const log = options.log ?? (() => {});
  const manifest = await readManifest(options.from);
  const known = (await journal()).entries.length;
  if (manifest.database.migrations.applied > known) {
    throw new BackupError(
      `This backup was made by a newer Atelier (${manifest.database.migrations.applied} migrations, ` +
        `this version knows ${known}): restore it with that version or newer.`,
    );
  }

  const client = new pg.Client(options.url);
  await client.connect();
  try {
    const existing = await userTables(client);
    if (existing.length > 0 && !options.force) {
      const counts = await rowCounts(client);
      const busiest = Object.entries(counts)
        .sort((a, b) => b[1] - a[1])
        .slice(0, 3)
        .map(([name, rows]) => `${name}: ${rows} rows`)
        .join(", ");
      throw new BackupError(
        `The database is not empty (${existing.length} tables; ${busiest}). Restore writes only into an empty ` +
          "database; to replace everything in this one with the backup, run again with --force.",
      );
    }
    if (existing.length > 0) {
      log(`--force: dropping the ${existing.length} tables of the database first`);
      const { rows } = await client.query<{ name: string }>(
        `select nspname as name from pg_namespace
          where nspname not in ('information_schema') and nspname not like 'pg\\_%'`,
      );
      await client.query("begin");
      for (const { name } of rows) await client.query(`drop schema ${client.escapeIdentifier(name)} cascade`);
      await client.query("create schema public");
      await client.query("commit");
    }
  } finally {
    await client.end();
  }

  log(`database: restoring ${manifest.database.file} (${formatBytes(manifest.database.bytes)})`);
  let skipped: string[] = [];
  if (manifest.database.method === "copy") {
    skipped = await copyRestore(options.url, path.join(options.from, manifest.database.file));
    if (skipped.length > 0) {
      log(
        `database: not restored, as no migration creates them (pg-boss makes its own schema at start): ` +
          skipped.map((name) => `${name} (${manifest.database.tables[name] ?? 0} rows)`).join(", "),
      );
    }
  } else {
    if (!options.tools) throw new BackupError("A pg_dump backup needs pg_restore.");
    const { dbname, env } = libpqEnvironment(options.url);
    await runTool(
      options.tools.pgRestore,
      [
        "--no-owner",
        "--no-privileges",
        "--exit-on-error",
        "--single-transaction",
        `--dbname=${dbname}`,
        path.join(options.from, manifest.database.file),
      ],
      env,
    );
  }

  const check = new pg.Client(options.url);
  await check.connect();
  let tables: Record<string, number>;
  try {
    tables = await rowCounts(check);
  } finally {
    await check.end();
  }
  const mismatches = Object.entries(manifest.database.tables)
    // A COPY backup is loaded on this version's migrations: its own migration rows are not.
    .filter(([name]) => !(manifest.database.method === "copy" && name === MIGRATIONS_TABLE))
    .filter(([name]) => !skipped.includes(name))
    .filter(([name, rows]) => tables[name] !== rows)
    .map(([name, rows]) => `${name}: ${tables[name] ?? "missing"} rows, the backup has ${rows}`);
  log(
    mismatches.length === 0
      ? `database: ${Object.keys(tables).length} tables, ${sum(Object.values(tables))} rows, every count as in the backup`
      : `database: counts differ from the backup: ${mismatches.join("; ")}`,
  );

  const media = await restoreMedia(manifest, options.from, options.media, log);
  const secret = path.join(options.dataDir, "auth-secret");
  if (manifest.authSecret && !(await fs.stat(secret).catch(() => undefined))) {
    await fs.mkdir(options.dataDir, { recursive: true });
    await fs.copyFile(path.join(options.from, "auth-secret"), secret);
    await fs.chmod(secret, 0o600);
    log(`auth-secret: restored to ${secret}`);
  }
  return { manifest, skipped, tables, mismatches, media };
}

async function restoreMedia(
  manifest: BackupManifest,
  from: string,
  media: MediaStorage,
  log: Log,
): Promise<RestoreResult["media"]> {
  const present = new Map<string, number>();
  for await (const object of media.list()) present.set(object.name, object.size);
  if (manifest.media.saved === "media") {
    // Files into whichever storage is configured now (a folder backup can fill a bucket).
    let restored = 0;
    for await (const file of new LocalMediaStorage(path.join(from, "media")).list()) {
      if (present.get(file.name) === file.size) continue;
      const extension = file.name.slice(file.name.lastIndexOf(".") + 1);
      const type = extension === "webp" ? "image/webp" : extension === "png" ? "image/png" : "image/jpeg";
      await media.put(file.name, await fs.readFile(path.join(from, "media", file.name)), type);
      restored += 1;
    }
    log(`media: ${restored} files restored to ${media.location}, ${manifest.media.files - restored} already there`);
    return { restored, present: manifest.media.files - restored, missing: [] };
  }
  // A bucket's listing: the bucket keeps the bytes (versioning, replication); report gaps.
  const listing = JSON.parse(await fs.readFile(path.join(from, "media.json"), "utf8")) as { name: string }[];
  const missing = listing.filter((object) => !present.has(object.name)).map((object) => object.name);
  log(
    missing.length === 0
      ? `media: all ${listing.length} objects of the listing are in ${media.location}`
      : `media: ${missing.length} of ${listing.length} objects are missing from ${media.location} (first: ${missing.slice(0, 5).join(", ")})`,
  );
  return { restored: 0, present: listing.length - missing.length, missing };
}

async function sizeOf(file: string): Promise<number> {
  const stat = await fs.stat(file);
  if (!stat.isDirectory()) return stat.size;
  let total = 0;
  for (const entry of await fs.readdir(file)) total += (await fs.stat(path.join(file, entry))).size;
  return total;
}

function sum(values: number[]): number {
  return values.reduce((total, value) => total + value, 0);
}

function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
