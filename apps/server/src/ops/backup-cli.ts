/**
 * `npm run backup [-- --out FOLDER]`: the database (pg_dump, custom format) and the images
 * (the media folder's files, or the bucket's listing) into one new folder with a
 * manifest.json. Works on DATABASE_URL or the bundled PostgreSQL of DATA_DIR, whether
 * the shop is running or not. See docs/operations.md, "Backups".
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { loadConfig } from "../config.ts";
import { createMediaStorage } from "../modules/media/storage.ts";
import { BackupError, createBackup } from "./backup.ts";
import { isSuperuser } from "./copy-dump.ts";
import { openOpsDatabase, type PgTools, pgToolsFor, serverMajor, ToolsMissingError } from "./postgres-tools.ts";

const usage =
  "Usage: npm run backup [-- --out FOLDER] [--method auto|pg_dump|copy]   (default: DATA_DIR/backups/atelier-<time>, auto)";

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: { out: { type: "string" }, method: { type: "string", default: "auto" }, help: { type: "boolean" } },
  });
  if (!["auto", "pg_dump", "copy"].includes(values.method)) {
    process.stderr.write(`--method must be auto, pg_dump or copy.\n${usage}\n`);
    return 1;
  }
  if (values.help) {
    process.stdout.write(`${usage}\n`);
    return 0;
  }
  const config = loadConfig();
  if (!config.databaseUrl && !existsSync(path.join(config.dataDir, "postgres", "PG_VERSION"))) {
    process.stderr.write(
      `There is no shop to back up: DATABASE_URL is not set and ${config.dataDir} has no database.\n`,
    );
    return 1;
  }
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  const out = values.out
    ? path.resolve(process.env.INIT_CWD ?? process.cwd(), values.out)
    : path.join(config.dataDir, "backups", `atelier-${stamp}`);
  const database = await openOpsDatabase(config);
  try {
    const server = await serverMajor(database.url);
    const tools = values.method === "copy" ? "copy" : await chooseTools(database.url, server.major, values.method);
    process.stdout.write(`Backing up ${database.description} (PostgreSQL ${server.version}) into ${out}\n`);
    const manifest = await createBackup({
      url: database.url,
      tools,
      media: createMediaStorage(config),
      dataDir: config.dataDir,
      out,
      log: (line) => process.stdout.write(`  ${line}\n`),
    });
    const orders = manifest.database.tables["public.buying_history"];
    process.stdout.write(
      `Backup done: ${out} (${Object.keys(manifest.database.tables).length} tables` +
        `${orders === undefined ? "" : `, ${orders} orders`}, ${manifest.media.files} images).\n`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

/** pg_dump when one fits the server; else (auto) COPY, which a superuser can restore. */
async function chooseTools(url: string, major: number, method: string): Promise<PgTools | "copy"> {
  try {
    return await pgToolsFor(major);
  } catch (error) {
    if (!(error instanceof ToolsMissingError) || method !== "auto") throw error;
    const client = new pg.Client(url);
    await client.connect();
    const superuser = await isSuperuser(client).finally(() => client.end());
    if (!superuser) throw error;
    process.stdout.write(
      `No pg_dump for PostgreSQL ${major} here (${error.message.replace(/^[^(]*\(|\)\..*$/g, "")}): ` +
        "backing up every table with COPY instead (restored on this version's migrations).\n",
    );
    return "copy";
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    const known = error instanceof BackupError || error instanceof ToolsMissingError;
    process.stderr.write(`${known || error instanceof Error ? (error as Error).message : String(error)}\n`);
    process.exit(1);
  },
);
