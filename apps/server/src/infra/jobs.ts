/**
 * The shop's one job queue (ADR 0008): pg-boss on the shop's own PostgreSQL, in its
 * `pgboss` schema, which pg-boss creates and migrates itself at start. Every background
 * task goes through it:
 * - work sent by a request (`send`, e.g. a mail) is stored in the database, then run by
 *   whichever process fetches it first (SKIP LOCKED: exactly one), retried with backoff
 *   when its handler throws, and taken over by another process when the one running it
 *   dies (the job expires after `expireInSeconds`, the supervisor puts it back);
 * - scheduled work (`every`, cron) is sent once per occurrence however many processes
 *   run: one process at a time holds the cron claim, and each occurrence is one job.
 *
 * Queues and schedules are declared before `start()`; `buildApp` starts the queue when
 * the app is ready and stops it when the app closes (finishing running jobs, up to 10 s).
 */
import type { FastifyBaseLogger } from "fastify";
import type pg from "pg";
import { type Db, type JobWithMetadata, PgBoss, type QueueOptions, type QueuePolicy } from "pg-boss";
import type { Tx } from "../db/client.ts";
import { preparedName, preparedStatementsEnabled } from "../db/prepared.ts";

/**
 * pg-boss' database interface over a Drizzle transaction: its job insert runs on the
 * transaction's connection, as a named prepared statement like `preparedInserts` (db/prepared.ts).
 */
function transactionDb(tx: Tx): Db {
  return {
    async executeSql(text, values) {
      const name = preparedStatementsEnabled() ? preparedName("pgboss", text) : undefined;
      const result = await tx._.session
        .prepareQuery({ sql: text, params: values ?? [] }, undefined, name, false)
        .execute();
      return result as { rows: unknown[] };
    },
  } as Db;
}

export interface QueueDefinition extends QueueOptions {
  /** Wake workers the moment a job is stored (LISTEN/NOTIFY), not at their next poll. */
  notify?: boolean;
  /**
   * pg-boss' queue policy, set when the queue is created (default `standard`). The webhook
   * deliveries use `key_strict_fifo`: one job at a time per `singletonKey`, in order.
   */
  policy?: QueuePolicy;
}

export interface JobQueueOptions {
  /**
   * How often expired jobs (their process died) are put back: the supervisor runs every
   * `superviseIntervalSeconds` and looks at a queue at most every `monitorIntervalSeconds`
   * (pg-boss' defaults: 60 s each).
   */
  superviseIntervalSeconds?: number;
  monitorIntervalSeconds?: number;
  /** How often the cron claim is tried; pg-boss' default 30 s. */
  cronMonitorIntervalSeconds?: number;
  /** Idle workers poll this often when no NOTIFY wakes them (default 2 s). */
  pollingIntervalSeconds?: number;
  /** Per-queue overrides of the declared options (tests shorten expiry and retry delays). */
  queues?: Record<string, QueueDefinition>;
  /** Connections of the queue's own pool (default 3). */
  poolMax?: number;
}

export type JobHandler<T> = (data: T, job: JobWithMetadata<T>) => Promise<void>;

interface Declared {
  options: QueueDefinition;
  handler: JobHandler<never>;
  cron?: string;
}

/** Per queue, in this process: handler runs that completed or threw (tests, /metrics later). */
export interface QueueCounts {
  completed: number;
  failed: number;
}

export class JobQueue {
  private readonly boss: PgBoss;
  private readonly declared = new Map<string, Declared>();
  private readonly workers = new Map<string, string>();
  private starting: Promise<void> | undefined;
  private stopping: Promise<void> | undefined;
  readonly counts = new Map<string, QueueCounts>();

  private readonly log: FastifyBaseLogger;
  private readonly options: JobQueueOptions;

  constructor(connection: { connectionString: string }, log: FastifyBaseLogger, options: JobQueueOptions = {}) {
    this.log = log;
    this.options = options;
    this.boss = new PgBoss({
      connectionString: connection.connectionString,
      max: options.poolMax ?? 3,
      application_name: "atelier-jobs",
      schema: "pgboss",
      useListenNotify: true,
      ...(options.superviseIntervalSeconds ? { superviseIntervalSeconds: options.superviseIntervalSeconds } : {}),
      ...(options.monitorIntervalSeconds ? { monitorIntervalSeconds: options.monitorIntervalSeconds } : {}),
      ...(options.cronMonitorIntervalSeconds ? { cronMonitorIntervalSeconds: options.cronMonitorIntervalSeconds } : {}),
      // Counts and warnings are not kept in the database; /metrics reads the queues.
      persistWarnings: false,
      openTelemetry: { enabled: false },
    });
    this.boss.on("error", (error: Error) => this.log.error({ err: error, component: "jobs" }, "job queue error"));
    this.boss.on("warning", (warning: { message: string }) =>
      this.log.warn({ component: "jobs", warning }, warning.message),
    );
  }

  /** Declares a queue and the handler that runs its jobs (before `start`). */
  define<T extends object>(name: string, handler: JobHandler<T>, options: QueueDefinition = {}): void {
    if (this.starting) throw new Error(`The job queue has started; declare "${name}" before.`);
    this.declared.set(name, { handler: handler as JobHandler<never>, options });
  }

  /** Declares a task that runs once per occurrence of `cron` (UTC), in one process. */
  every(name: string, cron: string, handler: () => Promise<void>, options: QueueDefinition = {}): void {
    this.define(name, handler, options);
    const declared = this.declared.get(name);
    if (declared) declared.cron = cron;
  }

  /**
   * Stores a job; resolves once it is in the database (so it survives a crash from here
   * on). Starts the queue if the app has not yet (work sent while the app boots).
   *
   * With `tx` the job is inserted on that transaction's connection (ADR 0008, note of
   * 2026-11-28): it commits with the change it reports or not at all, so no crash between
   * the commit and the enqueue can lose it. Its NOTIFY is delivered at the commit, which
   * wakes the workers then.
   */
  async send<T extends object>(
    name: string,
    data: T,
    options: {
      startAfter?: Date;
      tx?: Tx;
      /** The ordering key of a `key_strict_fifo` queue. */
      singletonKey?: string;
      /** The job's own id (a UUID); jobs of one key made in one transaction run in id order. */
      id?: string;
    } = {},
  ): Promise<string | null> {
    if (!this.declared.has(name)) throw new Error(`No job queue "${name}".`);
    await this.start();
    const db = options.tx
      ? transactionDb(options.tx)
      : preparedStatementsEnabled()
        ? this.preparedInserts()
        : undefined;
    // `startAfter`: not before that moment (e.g. a drop's launch, issue 16).
    const id = await this.boss.send(name, data, {
      ...(options.startAfter ? { startAfter: options.startAfter } : {}),
      ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
      ...(options.id ? { id: options.id } : {}),
      ...(db ? { db } : {}),
    });
    // This process wakes its own worker at once, even when LISTEN is unavailable (a job sent
    // in a transaction is not visible before the commit: its NOTIFY wakes the workers).
    const worker = this.workers.get(name);
    if (worker && !options.tx) this.boss.notifyWorker(worker);
    return id;
  }

  /**
   * pg-boss' own connections, with its job insert sent as a named prepared statement
   * (db/prepared.ts): its text is the same for every job of a queue (the jobs go in as one
   * JSON parameter), and sent unnamed PostgreSQL parsed and planned it for every job: 0.5 ms
   * of the database's time for each order's confirmation mail, more than running it took.
   */
  private preparedInserts(): Db {
    if (this.inserts) return this.inserts;
    const db = this.boss.getDb() as Db & { pool?: pg.Pool };
    this.inserts = {
      executeSql: (text, values) =>
        db.pool ? db.pool.query({ name: preparedName("pgboss", text), text, values }) : db.executeSql(text, values),
    };
    return this.inserts;
  }
  private inserts: Db | undefined;

  start(): Promise<void> {
    if (this.stopping) return Promise.reject(new Error("The job queue has stopped."));
    this.starting ??= this.startNow();
    return this.starting;
  }

  private async startNow(): Promise<void> {
    await this.boss.start();
    for (const [name, declared] of this.declared) {
      const options = { ...declared.options, ...this.options.queues?.[name] };
      const existing = await this.boss.getQueue(name);
      if (existing) {
        const { notify, retryLimit, retryDelay, retryBackoff, retryDelayMax, expireInSeconds } = options;
        const changes = {
          ...defined({ notify, retryLimit, retryDelay, retryBackoff, retryDelayMax, expireInSeconds }),
          ...defined({ retentionSeconds: options.retentionSeconds, deleteAfterSeconds: options.deleteAfterSeconds }),
        };
        // A queue declared with pg-boss' defaults has nothing to update (pg-boss refuses an empty update).
        if (Object.keys(changes).length > 0) await this.boss.updateQueue(name, changes);
      } else {
        await this.boss.createQueue(name, options);
      }
      if (declared.cron) await this.boss.schedule(name, declared.cron, null, { tz: "UTC" });
      const counts: QueueCounts = { completed: 0, failed: 0 };
      this.counts.set(name, counts);
      const polling = this.options.pollingIntervalSeconds ?? 2;
      const workerId = await this.boss.work<
        object,
        unknown,
        { pollingIntervalSeconds: number; notifyPollingIntervalSeconds: number; includeMetadata: true }
      >(
        name,
        {
          // NOTIFY wakes workers for new jobs only; retries and deferred jobs wait for a poll.
          pollingIntervalSeconds: polling,
          notifyPollingIntervalSeconds: polling,
          includeMetadata: true,
        },
        async (jobs) => {
          // pg-boss fetches again only after its polling interval unless woken; a queue with a
          // backlog (a burst of mails) would drain one job per interval. A worker that got a job
          // asks for the next one at once; an empty fetch goes back to polling.
          const next = this.workers.get(name);
          if (next) this.boss.notifyWorker(next);
          for (const job of jobs) {
            try {
              await declared.handler(job.data as never, job as never);
              counts.completed++;
            } catch (error) {
              counts.failed++;
              const last = job.retryCount >= job.retryLimit;
              this.log[last ? "error" : "warn"](
                { err: error, component: "jobs", queue: name, job: job.id, attempt: job.retryCount + 1 },
                last ? "job failed for good" : "job failed; it will be retried",
              );
              throw error;
            }
          }
        },
      );
      this.workers.set(name, workerId);
    }
  }

  /** Stops fetching, lets running jobs finish (up to `timeoutMs`), closes the queue's pool. */
  stop(timeoutMs = 10_000): Promise<void> {
    this.stopping ??= (async () => {
      if (!this.starting) return;
      await this.starting.catch(() => undefined);
      await this.boss.stop({ graceful: true, timeout: timeoutMs, close: true });
    })();
    return this.stopping;
  }

  /** Jobs stored and not yet finished, per queue (tests wait for them). */
  async pending(name: string): Promise<number> {
    await this.start();
    const { rows } = await this.boss
      .getDb()
      .executeSql(
        "select count(*)::int as n from pgboss.job where name = $1 and state in ('created', 'retry', 'active')",
        [name],
      );
    return Number(rows[0]?.n ?? 0);
  }

  /** pg-boss itself, for what this wrapper does not cover (tests, operations). */
  get engine(): PgBoss {
    return this.boss;
  }
}

function defined<T extends Record<string, unknown>>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as Partial<T>;
}

/** The connection the queue opens its own pool with: the app pool's settings. */
export function connectionOf(pool: pg.Pool): { connectionString: string } {
  const connectionString = (pool.options as { connectionString?: string }).connectionString;
  if (!connectionString) throw new Error("The job queue needs the pool's connection string.");
  return { connectionString };
}
