/**
 * Every core serves the shop (WEB_CONCURRENCY, by default one process per CPU): the
 * primary process of a Node cluster opens the database (starting the bundled PostgreSQL
 * once), migrates and seeds, then forks the app processes. They share the listening
 * port (the primary hands connections out in turn) and reach the database through
 * DATABASE_URL. The primary serves no requests itself; it
 *
 * - starts a new app process when one dies unexpectedly (and gives up, stopping the
 *   shop, when they keep dying right after starting: a broken build is not retried
 *   forever);
 * - on SIGTERM/SIGINT asks every app process to shut down gracefully (each finishes its
 *   in-flight requests), waits for them, then closes the database (and so stops the
 *   bundled PostgreSQL).
 *
 * An app process whose primary disappears (kill -9) shuts down too, so no orphan keeps
 * serving without its database's owner.
 */
import cluster, { type Worker } from "node:cluster";
import closeWithGrace from "close-with-grace";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "./config.ts";
import { appProcessEnv, appProcessExecArgv } from "./process-memory.ts";

const WORKER_FLAG = "ATELIER_APP_PROCESS";
/** An app process that dies sooner than this after starting counts as a failed start. */
const EARLY_DEATH_MS = 10_000;
const MAX_EARLY_DEATHS = 5;
const STOP_TIMEOUT_MS = 15_000;

interface ReadyMessage {
  type: "atelier:ready";
  port: number;
}
const STOP_MESSAGE = "atelier:stop";

export const isAppWorker = (): boolean => cluster.isWorker && process.env[WORKER_FLAG] === "1";

/** An app process tells the primary that it listens (and on which port: PORT=0 picks one). */
export function workerReady(port: number): void {
  const message: ReadyMessage = { type: "atelier:ready", port };
  process.send?.(message);
}

/**
 * An app process's graceful shutdown, on the first of: SIGTERM or SIGINT (a service
 * manager or a terminal signals the whole process group), the primary's request, or the
 * primary disappearing. Those often come together (a group's SIGTERM and the primary's
 * request), so later ones join the shutdown under way instead of cutting it short.
 * Installed first thing: a process asked to stop while it is still starting just exits.
 * Returns the setter for what shutting down means once the app is up.
 */
export function onAppProcessShutdown(
  logger: FastifyBaseLogger,
  graceMs = 10_000,
): (shutdown: () => Promise<void>) => void {
  let shutdown: () => Promise<void> = async () => {};
  let closing = false;
  const run = (reason: string, err?: unknown) => {
    if (closing) return;
    closing = true;
    if (err) logger.error({ err }, "stopping after an unexpected error");
    else logger.info({ signal: reason }, "shutting down");
    setTimeout(() => {
      logger.error({ graceMs }, "shutdown took too long; exiting");
      process.exit(1);
    }, graceMs).unref();
    shutdown().then(
      () => process.exit(err ? 1 : 0),
      (error: unknown) => {
        logger.error({ err: error }, "shutdown failed");
        process.exit(1);
      },
    );
  };
  process.on("SIGTERM", () => run("SIGTERM"));
  process.on("SIGINT", () => run("SIGINT"));
  process.on("message", (message: unknown) => {
    if (message === STOP_MESSAGE) run("primary");
  });
  process.on("disconnect", () => run("primary gone"));
  process.on("uncaughtException", (error) => run("error", error));
  process.on("unhandledRejection", (error) => run("error", error));
  return (next) => {
    shutdown = next;
  };
}

export async function runPrimary(options: {
  config: Config;
  logger: FastifyBaseLogger;
  databaseUrl: string;
  closeDatabase: () => Promise<void>;
}): Promise<{ port: number; workers: number }> {
  const { config, logger } = options;
  const count = config.webConcurrency;
  const log = logger.child({ component: "cluster" });
  // The app processes run main.ts again, as app processes with the primary's database,
  // with --expose-gc however the primary was started, and APP_SEMI_SPACE_MB's young
  // generation, and glibc's malloc mapping large buffers on their own (process-memory.ts,
  // ADR 0018).
  cluster.setupPrimary({
    exec: new URL("./main.ts", import.meta.url).pathname,
    execArgv: appProcessExecArgv(process.execArgv, process.env.NODE_OPTIONS, {
      semiSpaceMb: config.memory.appSemiSpaceMb,
    }),
    silent: false,
  });
  const env = { [WORKER_FLAG]: "1", DATABASE_URL: options.databaseUrl, ...appProcessEnv(process.env) };

  let stopping = false;
  let earlyDeaths = 0;
  const started = new Map<number, number>();
  let resolveReady: (value: { port: number; workers: number }) => void = () => {};
  let rejectReady: (error: Error) => void = () => {};
  const ready = new Promise<{ port: number; workers: number }>((resolve, reject) => {
    resolveReady = resolve;
    rejectReady = reject;
  });
  let readyCount = 0;

  const fork = (): Worker => {
    const worker = cluster.fork(env);
    started.set(worker.id, Date.now());
    worker.on("message", (message: ReadyMessage) => {
      if (message?.type !== "atelier:ready") return;
      readyCount++;
      if (readyCount === count) resolveReady({ port: message.port, workers: count });
    });
    return worker;
  };

  cluster.on("exit", (worker, code, signal) => {
    if (stopping) return;
    const lived = Date.now() - (started.get(worker.id) ?? 0);
    started.delete(worker.id);
    log.error({ pid: worker.process.pid, code, signal, livedMs: lived }, "an app process died; starting another");
    if (lived < EARLY_DEATH_MS && ++earlyDeaths >= MAX_EARLY_DEATHS) {
      log.fatal({ earlyDeaths }, "app processes keep dying right after starting; stopping the shop");
      rejectReady(new Error("The app processes keep dying right after starting (see the log above)."));
      void stopAll().then(() => process.exit(1));
      return;
    }
    fork();
  });

  async function stopAll(): Promise<void> {
    stopping = true;
    const workers = Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => worker !== undefined);
    await Promise.all(
      workers.map(
        (worker) =>
          new Promise<void>((resolve) => {
            if (worker.isDead()) return resolve();
            const timer = setTimeout(() => worker.process.kill("SIGKILL"), STOP_TIMEOUT_MS + config.shutdownDrainMs);
            worker.once("exit", () => {
              clearTimeout(timer);
              resolve();
            });
            // Each app process shuts down gracefully (onAppProcessShutdown): a message
            // rather than a signal, which could cut short a shutdown a group's signal began.
            if (worker.isConnected()) worker.send(STOP_MESSAGE);
            else worker.process.kill("SIGTERM");
          }),
      ),
    );
    await options.closeDatabase();
  }

  closeWithGrace({ delay: STOP_TIMEOUT_MS + config.shutdownDrainMs + 5_000 }, async ({ signal, err }) => {
    if (err) log.error({ err }, "stopping after an unexpected error");
    else log.info({ signal }, "shutting down");
    await stopAll();
  });

  log.info({ processes: count }, "starting the app processes");
  for (let index = 0; index < count; index++) fork();
  return ready;
}
