/**
 * The Redis connection (REDIS_URL) shared by the rate limiter's store and the invalidation
 * bus' publisher; the bus subscribes on a duplicate (a subscribed connection can do
 * nothing else). ioredis reconnects by itself; commands issued meanwhile fail at once
 * instead of queueing, so a Redis outage slows nothing down: the rate limiter
 * lets requests through (`skipOnError`) and the bus falls back on the cache's expiry.
 */
import type { FastifyBaseLogger } from "fastify";
import { Redis } from "ioredis";

export function connectRedis(url: string, log: FastifyBaseLogger, name = "atelier"): Redis {
  const client = new Redis(url, {
    connectionName: name,
    connectTimeout: 2_000,
    maxRetriesPerRequest: 1,
    // Commands fail at once while Redis is away, rather than waiting for it in a queue.
    enableOfflineQueue: false,
    // Back off up to 5 s between reconnection attempts, forever.
    retryStrategy: (attempt) => Math.min(attempt * 200, 5_000),
  });
  let down = false;
  client.on("error", (error: Error) => {
    if (!down) log.warn({ err: error, component: "redis" }, "Redis connection failed; retrying");
    down = true;
  });
  client.on("ready", () => {
    if (down) log.info({ component: "redis" }, "Redis connection back");
    down = false;
  });
  return client;
}

/**
 * Keys and channels of one shop: the database name, so two shops (or two test databases)
 * sharing one Redis never count or hear each other's.
 */
export function redisNamespace(connectionString: string | undefined): string {
  let database = "atelier";
  try {
    if (connectionString) database = decodeURIComponent(new URL(connectionString).pathname.slice(1)) || database;
  } catch {
    // keep the default
  }
  return `atelier:${database}:`;
}

/** Waits (at most `timeoutMs`) for the first connection, so the first requests are counted. */
export async function redisReady(client: Redis, timeoutMs = 3_000): Promise<boolean> {
  if (client.status === "ready") return true;
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      client.off("ready", ready);
      resolve(false);
    }, timeoutMs);
    const ready = () => {
      clearTimeout(timer);
      resolve(true);
    };
    client.once("ready", ready);
  });
}
