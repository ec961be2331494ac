/**
 * The invalidation bus: "something under this topic changed, forget what you keep of it",
 * told to every process serving the shop (ADR 0007). Caches subscribe to a topic
 * ("catalog": the catalogue response cache; "settings": the store settings; later the page
 * cache and the search index); writers publish after their transaction commits.
 *
 * `publish()` runs this process' subscribers at once, then broadcasts; other processes run
 * theirs when the message arrives (a few milliseconds). Transports:
 * - `postgres` (default): NOTIFY through the pool, LISTEN on a dedicated connection (not
 *   from the pool) that reconnects with backoff when the database goes away;
 * - `redis` (REDIS_URL set): PUBLISH, and SUBSCRIBE on a duplicate connection;
 * - `local`: this process only (unit tests).
 *
 * A message lost while a listener was disconnected cannot be told apart from no message,
 * so every time a listener (re)connects after having been down, every subscriber runs: a
 * reconnect forgets everything once. The cache's own expiry (30 s) stays as the last
 * backstop when broadcasting fails.
 */
import { randomUUID } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import type { Redis } from "ioredis";
import pg from "pg";

/** What changed. Known topics are listed; modules may add their own. */
export type InvalidationTopic = "catalog" | "settings" | (string & {});

export interface InvalidationBus {
  readonly transport: "local" | "postgres" | "redis";
  /** Runs this process' subscribers of `topic`, then tells the other processes. Never throws. */
  publish(topic: InvalidationTopic): Promise<void>;
  /** Calls `handler` whenever `topic` changes anywhere (and after a reconnect); returns an unsubscribe. */
  subscribe(topic: InvalidationTopic, handler: () => void): () => void;
  start(): Promise<void>;
  stop(): Promise<void>;
}

interface Transport {
  readonly name: InvalidationBus["transport"];
  send(message: string): Promise<void>;
  /** Starts listening; `onReconnect` runs each time the listener is back after being down. */
  listen(onMessage: (message: string) => void, onReconnect: () => void): Promise<void>;
  close(): Promise<void>;
}

interface Message {
  /** The publishing process (its own messages are skipped: it ran its subscribers already). */
  o: string;
  /** The topic. */
  t: string;
}

class Bus implements InvalidationBus {
  private readonly handlers = new Map<string, Set<() => void>>();
  private readonly origin = randomUUID();
  private started: Promise<void> | undefined;

  private readonly transportImpl: Transport;
  private readonly log: FastifyBaseLogger;

  constructor(transport: Transport, log: FastifyBaseLogger) {
    this.transportImpl = transport;
    this.log = log;
  }

  get transport() {
    return this.transportImpl.name;
  }

  subscribe(topic: InvalidationTopic, handler: () => void): () => void {
    let set = this.handlers.get(topic);
    if (!set) {
      set = new Set();
      this.handlers.set(topic, set);
    }
    set.add(handler);
    return () => set.delete(handler);
  }

  async publish(topic: InvalidationTopic): Promise<void> {
    this.run(topic);
    try {
      await this.transportImpl.send(JSON.stringify({ o: this.origin, t: topic } satisfies Message));
    } catch (error) {
      this.log.warn(
        { err: error, topic, component: "invalidation-bus" },
        "could not tell the other processes; they catch up when their cache entries expire",
      );
    }
  }

  start(): Promise<void> {
    this.started ??= this.transportImpl.listen(
      (raw) => this.receive(raw),
      () => {
        this.log.info({ component: "invalidation-bus" }, "listener back: forgetting every cached topic once");
        for (const topic of this.handlers.keys()) this.run(topic);
      },
    );
    return this.started;
  }

  async stop(): Promise<void> {
    await this.transportImpl.close();
  }

  private receive(raw: string): void {
    let message: Message;
    try {
      message = JSON.parse(raw) as Message;
    } catch {
      return;
    }
    if (message.o === this.origin || typeof message.t !== "string") return;
    this.run(message.t);
  }

  private run(topic: string): void {
    for (const handler of this.handlers.get(topic) ?? []) {
      try {
        handler();
      } catch (error) {
        this.log.error({ err: error, topic, component: "invalidation-bus" }, "an invalidation handler failed");
      }
    }
  }
}

/** One process only. */
export function localBus(log: FastifyBaseLogger): InvalidationBus {
  return new Bus({ name: "local", send: async () => {}, listen: async () => {}, close: async () => {} }, log);
}

/** The PostgreSQL channel (one per database, so shops and test databases never mix). */
export const INVALIDATION_CHANNEL = "atelier_invalidate";

export interface PostgresBusOptions {
  /** Where to connect the listener (the pool's own settings). */
  connection: pg.ClientConfig;
  /** Sends NOTIFY (any pooled connection will do). */
  pool: pg.Pool;
  log: FastifyBaseLogger;
  /** A listener that has not answered a heartbeat for this long is replaced. */
  heartbeatMs?: number;
}

export function postgresBus(options: PostgresBusOptions): InvalidationBus {
  return new Bus(postgresTransport(options), options.log);
}

function postgresTransport({ connection, pool, log, heartbeatMs = 15_000 }: PostgresBusOptions): Transport {
  let client: pg.Client | undefined;
  let closed = false;
  let attempt = 0;
  let timer: NodeJS.Timeout | undefined;
  let heartbeat: NodeJS.Timeout | undefined;
  let onMessage: (message: string) => void = () => {};
  let onReconnect: () => void = () => {};

  async function connect(): Promise<void> {
    const next = new pg.Client({ ...connection, keepAlive: true, application_name: "atelier-invalidation" });
    next.on("error", (error) => drop(next, error));
    next.on("end", () => drop(next, undefined));
    next.on("notification", (notification) => {
      if (notification.channel === INVALIDATION_CHANNEL && notification.payload) onMessage(notification.payload);
    });
    try {
      await next.connect();
      await next.query(`listen ${INVALIDATION_CHANNEL}`);
    } catch (error) {
      next.removeAllListeners("end");
      await next.end().catch(() => undefined);
      throw error;
    }
    if (closed) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
    heartbeat = setInterval(() => {
      const current = client;
      if (!current) return;
      const timeout = setTimeout(() => drop(current, new Error("the listener did not answer its heartbeat")), 5_000);
      current
        .query("select 1")
        .catch((error: Error) => drop(current, error))
        .finally(() => clearTimeout(timeout));
    }, heartbeatMs);
    heartbeat.unref();
  }

  function drop(which: pg.Client, error: Error | undefined): void {
    if (which !== client) return;
    client = undefined;
    clearInterval(heartbeat);
    which.removeAllListeners("end");
    which.on("error", () => {});
    void which.end().catch(() => undefined);
    if (closed) return;
    log.warn({ err: error, component: "invalidation-bus" }, "lost the LISTEN connection; reconnecting");
    scheduleReconnect();
  }

  function scheduleReconnect(): void {
    if (closed || timer) return;
    const delay = Math.min(250 * 2 ** attempt, 5_000);
    attempt++;
    timer = setTimeout(() => {
      timer = undefined;
      connect()
        .then(() => {
          if (closed || !client) return;
          attempt = 0;
          onReconnect();
        })
        .catch(() => scheduleReconnect());
    }, delay);
    timer.unref();
  }

  return {
    name: "postgres",
    async send(message) {
      await pool.query("select pg_notify($1, $2)", [INVALIDATION_CHANNEL, message]);
    },
    async listen(handleMessage, handleReconnect) {
      onMessage = handleMessage;
      onReconnect = handleReconnect;
      try {
        await connect();
      } catch (error) {
        // The app still starts; the listener keeps trying in the background.
        log.warn({ err: error, component: "invalidation-bus" }, "could not LISTEN yet; retrying");
        scheduleReconnect();
      }
    },
    async close() {
      closed = true;
      clearTimeout(timer);
      clearInterval(heartbeat);
      const current = client;
      client = undefined;
      if (current) {
        current.removeAllListeners("end");
        await current.end().catch(() => undefined);
      }
    },
  };
}

export interface RedisBusOptions {
  /** Publishes (shared with the rate limiter). */
  publisher: Redis;
  /** The channel, namespaced per shop (see redisNamespace). */
  channel: string;
  log: FastifyBaseLogger;
}

export function redisBus(options: RedisBusOptions): InvalidationBus {
  return new Bus(redisTransport(options), options.log);
}

function redisTransport({ publisher, channel, log }: RedisBusOptions): Transport {
  // A subscribed connection can only listen: a second one, which ioredis re-subscribes on reconnect.
  const subscriber = publisher.duplicate({ connectionName: "atelier-invalidation", lazyConnect: true });
  subscriber.on("error", () => {
    // reported by the publisher's handler; ioredis keeps reconnecting
  });
  let subscribing: Promise<void> | undefined;
  let wasDown = false;
  const subscribe = (): Promise<void> =>
    (subscribing ??= subscriber.subscribe(channel).then(
      () => undefined,
      (error: Error) => {
        subscribing = undefined;
        log.warn({ err: error, component: "invalidation-bus" }, "could not SUBSCRIBE yet; retrying");
      },
    ));
  return {
    name: "redis",
    async send(message) {
      await publisher.publish(channel, message);
    },
    async listen(onMessage, onReconnect) {
      subscriber.on("message", (from: string, message: string) => {
        if (from === channel) onMessage(message);
      });
      subscriber.on("close", () => {
        wasDown = true;
      });
      subscriber.on("ready", () => {
        // Subscribed before: ioredis subscribes again by itself. Never subscribed: do it now.
        void subscribe();
        if (!wasDown) return;
        wasDown = false;
        onReconnect();
      });
      await subscriber.connect().catch(() => {
        wasDown = true;
      });
      if (subscriber.status === "ready") await subscribe();
    },
    async close() {
      subscriber.disconnect();
    },
  };
}
