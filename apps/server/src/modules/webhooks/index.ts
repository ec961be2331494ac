/**
 * Outbound webhooks (issue 38 item 1, ADR 0025): signed POSTs of the shop's events to the
 * endpoints staff register. The events are written by database triggers in the
 * transaction of the change (the outbox, migration 0031), so no module calls this one and
 * no code path (a CSV import, a bulk action, an API token, Stripe's callback) can forget
 * to; this module relays them onto the job queue and delivers them.
 */

import { lt } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client.ts";
import { webhookEvents } from "../../db/schema/index.ts";
import type { InvalidationBus } from "../../infra/invalidation-bus.ts";
import type { JobQueue } from "../../infra/jobs.ts";
import type { Mailer } from "../mail/index.ts";
import { DELIVERY_QUEUE, deliver, deliveryQueueOptions, relayRunner } from "./delivery.ts";
import { webhookRoutes } from "./routes.ts";
import { secretBox } from "./secrets.ts";
import { webhooksService } from "./service.ts";

export { DELIVERY_QUEUE } from "./delivery.ts";
export { isNonPublicAddress } from "./network.ts";

/** The relay's backstop when no NOTIFY reaches it (the Redis bus): it looks this often. */
const RELAY_POLL_MS = 2_000;
/** Events (and their deliveries and attempts) older than this are dropped. */
const KEEP_DAYS = 30;

export interface WebhooksDeps {
  db: Db;
  jobs: JobQueue;
  bus: InvalidationBus;
  log: FastifyBaseLogger;
  mailer: Mailer;
  /** The shop's secret: the signing secrets are encrypted with a key derived from it. */
  secret: string;
  storeName: string;
  publicUrl: string;
  allowPrivateNetworks: boolean;
  disableAfterMs: number;
}

export function createWebhooks(deps: WebhooksDeps) {
  const box = secretBox(deps.secret);
  const relay = relayRunner(deps);
  const wakeRelay = () => void relay.wake();

  deps.jobs.define<{ deliveryId: number }>(
    DELIVERY_QUEUE,
    (data, job) => deliver({ ...deps, box }, data.deliveryId, job),
    deliveryQueueOptions,
  );
  deps.jobs.every("webhook-prune", "17 3 * * *", async () => {
    await deps.db
      .delete(webhookEvents)
      .where(lt(webhookEvents.createdAt, new Date(Date.now() - KEEP_DAYS * 86_400_000)));
  });
  deps.bus.subscribe("webhooks", wakeRelay);

  let timer: NodeJS.Timeout | undefined;
  return {
    routes: webhookRoutes(
      webhooksService({
        db: deps.db,
        jobs: deps.jobs,
        box,
        storeName: deps.storeName,
        allowPrivateNetworks: deps.allowPrivateNetworks,
        wakeRelay,
      }),
    ),
    /** Relays what the outbox holds now, then keeps looking (the app's onReady). */
    start(): void {
      wakeRelay();
      timer ??= setInterval(wakeRelay, RELAY_POLL_MS).unref();
    },
    async stop(): Promise<void> {
      if (timer) clearInterval(timer);
      timer = undefined;
      await relay.settled();
    },
    /** Runs the relay now and resolves when it is done (tests). */
    relayNow: () => relay.wake(),
  };
}

export type WebhooksModule = ReturnType<typeof createWebhooks>;
