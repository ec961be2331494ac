/**
 * From the outbox to the endpoint (ADR 0025).
 *
 * - The **relay** takes the events the triggers wrote (`webhook_event`, relayed_at null), in
 *   id order, under a transaction-scoped advisory lock (one relay at a time across every
 *   process), and in that transaction writes a delivery per endpoint that wants the event
 *   and a job of the queue per delivery. Woken by the invalidation bus (topic `webhooks`,
 *   the triggers' NOTIFY) and, as a backstop, every few seconds.
 * - The queue `webhook-delivery` has pg-boss' `key_strict_fifo` policy keyed by endpoint and
 *   resource: a delivery waits for the earlier ones of its resource to that endpoint, also
 *   while they are retried. Job ids follow delivery ids, so a batch keeps its order.
 * - A job **delivers**: signs the body with the endpoint's secret (and the previous one
 *   during a rotation's overlap) as Standard Webhooks says, POSTs it through the SSRF guard,
 *   and logs the attempt. A failure throws so pg-boss retries it with exponential backoff
 *   (12 attempts over about a day); the last one is marked failed without throwing, so the
 *   resource's later deliveries go on. An endpoint that has failed for
 *   WEBHOOKS_DISABLE_AFTER_HOURS is turned off and its owner mailed.
 */
import type { WebhookPayload } from "@atelier/contract";
import { webhookRules } from "@atelier/contract/constants";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { JobWithMetadata } from "pg-boss";
import { Webhook } from "standardwebhooks";
import type { Db, Tx } from "../../db/client.ts";
import { webhookAttempts, webhookDeliveries, webhookEndpoints, webhookEvents } from "../../db/schema/index.ts";
import type { JobQueue } from "../../infra/jobs.ts";
import type { Mailer } from "../mail/index.ts";
import { postJson } from "./network.ts";
import type { SecretBox } from "./secrets.ts";

export const DELIVERY_QUEUE = "webhook-delivery";
export const RELAY_BATCH = 500;
const REQUEST_TIMEOUT_MS = 10_000;

export interface DeliveryDeps {
  db: Db;
  jobs: JobQueue;
  box: SecretBox;
  log: FastifyBaseLogger;
  mailer: Mailer;
  storeName: string;
  publicUrl: string;
  allowPrivateNetworks: boolean;
  disableAfterMs: number;
}

/** The queue's options: retried with exponential backoff over about a day (first try + 11). */
export const deliveryQueueOptions = {
  policy: "key_strict_fifo",
  retryLimit: webhookRules.maxAttempts - 1,
  retryDelay: 60,
  retryBackoff: true,
  retryDelayMax: 6 * 3600,
  expireInSeconds: 60,
  notify: true,
} as const;

/** A job id that sorts like the delivery id (jobs of one transaction tie on their time). */
export function jobIdOf(deliveryId: number): string {
  const hex = deliveryId.toString(16).padStart(12, "0");
  return `00000000-0000-4000-8000-${hex}`;
}

export function orderingKey(endpointId: number, resourceType: string, resourceId: string): string {
  return `${endpointId}:${resourceType}:${resourceId}`;
}

/** Puts a delivery on the queue (in `tx` when given: it commits with the delivery). */
export async function enqueueDelivery(
  jobs: JobQueue,
  delivery: { id: number; endpointId: number; resourceType: string; resourceId: string },
  tx?: Tx,
): Promise<void> {
  await jobs.send(
    DELIVERY_QUEUE,
    { deliveryId: delivery.id },
    {
      ...(tx ? { tx } : {}),
      singletonKey: orderingKey(delivery.endpointId, delivery.resourceType, delivery.resourceId),
      id: jobIdOf(delivery.id),
    },
  );
}

/** Moves up to RELAY_BATCH outbox events into deliveries and jobs; answers how many it took. */
export async function relayOnce(deps: Pick<DeliveryDeps, "db" | "jobs">): Promise<number> {
  return deps.db.transaction(async (tx) => {
    const lock = await tx.execute<{ ok: boolean }>(
      sql`select pg_try_advisory_xact_lock(hashtext('atelier webhook relay')) as ok`,
    );
    if (!lock.rows[0]?.ok) return 0;
    const events = await tx
      .select({
        id: webhookEvents.id,
        type: webhookEvents.type,
        resourceType: webhookEvents.resourceType,
        resourceId: webhookEvents.resourceId,
      })
      .from(webhookEvents)
      .where(sql`${webhookEvents.relayedAt} is null`)
      .orderBy(webhookEvents.id)
      .limit(RELAY_BATCH)
      .for("update");
    if (events.length === 0) return 0;
    const endpoints = await tx
      .select({ id: webhookEndpoints.id, events: webhookEndpoints.events })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.enabled, true))
      .orderBy(webhookEndpoints.id);
    const wanted = events.flatMap((event) =>
      endpoints
        .filter((endpoint) => endpoint.events.includes(event.type))
        .map((endpoint) => ({ endpointId: endpoint.id, eventId: event.id, event })),
    );
    if (wanted.length > 0) {
      const made = await tx
        .insert(webhookDeliveries)
        .values(wanted.map(({ endpointId, eventId }) => ({ endpointId, eventId })))
        .returning({
          id: webhookDeliveries.id,
          endpointId: webhookDeliveries.endpointId,
          eventId: webhookDeliveries.eventId,
        });
      made.sort((a, b) => a.id - b.id);
      const byId = new Map(events.map((event) => [event.id, event]));
      for (const delivery of made) {
        const event = byId.get(delivery.eventId);
        if (!event) continue;
        await enqueueDelivery(
          deps.jobs,
          { ...delivery, resourceType: event.resourceType, resourceId: event.resourceId },
          tx,
        );
      }
    }
    await tx
      .update(webhookEvents)
      .set({ relayedAt: new Date() })
      .where(
        inArray(
          webhookEvents.id,
          events.map((event) => event.id),
        ),
      );
    return events.length;
  });
}

/** The relay of one process: one run at a time, another once it ends if asked meanwhile. */
export function relayRunner(deps: Pick<DeliveryDeps, "db" | "jobs" | "log">) {
  let running: Promise<void> | undefined;
  let again = false;
  async function drain(): Promise<void> {
    do {
      again = false;
      while ((await relayOnce(deps)) === RELAY_BATCH) {}
    } while (again);
  }
  return {
    /** Runs the relay now (or right after the run in progress). */
    wake(): Promise<void> {
      if (running) {
        again = true;
        return running;
      }
      running = drain()
        .catch((error: unknown) =>
          deps.log.warn({ err: error, component: "webhooks" }, "the webhook relay failed; it tries again shortly"),
        )
        .finally(() => {
          running = undefined;
        });
      return running;
    },
    /** Resolves once the run in progress (if any) ends. */
    settled(): Promise<void> {
      return running ?? Promise.resolve();
    },
  };
}

/** The body every attempt of a delivery sends (the same bytes each time). */
export function payloadOf(event: { type: string; createdAt: Date; data: Record<string, unknown> }): string {
  const payload: WebhookPayload = {
    type: event.type as WebhookPayload["type"],
    timestamp: event.createdAt.toISOString(),
    version: webhookRules.payloadVersion,
    data: event.data,
  };
  return JSON.stringify(payload);
}

/** Standard Webhooks' headers; during a rotation's overlap the signature header carries both. */
export function signedHeaders(
  messageId: string,
  at: Date,
  body: string,
  secrets: readonly string[],
): Record<string, string> {
  const signatures = secrets.map((secret) => new Webhook(secret).sign(messageId, at, body));
  return {
    "webhook-id": messageId,
    "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
    "webhook-signature": signatures.join(" "),
  };
}

export const messageIdOf = (eventId: number) => `msg_${eventId}`;

type DeliveryJob = Pick<JobWithMetadata<{ deliveryId: number }>, "retryCount" | "retryLimit">;

/** The queue's handler: one attempt of one delivery. */
export async function deliver(deps: DeliveryDeps, deliveryId: number, job: DeliveryJob): Promise<void> {
  const { db, box } = deps;
  const [row] = await db
    .select({
      delivery: webhookDeliveries,
      endpoint: webhookEndpoints,
      event: webhookEvents,
    })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(eq(webhookDeliveries.id, deliveryId));
  if (!row || !["pending", "retrying"].includes(row.delivery.status)) return;
  const { endpoint, event } = row;
  if (!endpoint.enabled) {
    await db.update(webhookDeliveries).set({ status: "cancelled" }).where(eq(webhookDeliveries.id, deliveryId));
    return;
  }

  const now = new Date();
  const secrets = [box.open(endpoint.secret)];
  if (endpoint.previousSecret && endpoint.previousSecretExpiresAt && endpoint.previousSecretExpiresAt > now) {
    secrets.push(box.open(endpoint.previousSecret));
  }
  const body = payloadOf(event);
  const headers = signedHeaders(messageIdOf(event.id), now, body, secrets);
  const started = performance.now();
  let status: number | null = null;
  let responseBody = "";
  let error: string | null = null;
  try {
    const answer = await postJson(new URL(endpoint.url), headers, body, {
      allowPrivate: deps.allowPrivateNetworks,
      timeoutMs: REQUEST_TIMEOUT_MS,
      userAgent: `Atelier-Webhooks/1 (${deps.publicUrl})`,
    });
    status = answer.status;
    responseBody = answer.body;
  } catch (failure) {
    error = failure instanceof Error ? failure.message : String(failure);
  }
  const durationMs = Math.round(performance.now() - started);
  const succeeded = status !== null && status >= 200 && status < 300;
  const last = job.retryCount >= job.retryLimit;
  const shownHeaders = {
    ...headers,
    "webhook-signature": headers["webhook-signature"]
      ?.split(" ")
      .map((signature) => `${signature.slice(0, 12)}…`)
      .join(" ") as string,
    "content-type": "application/json",
  };

  const disabled = await db.transaction(async (tx) => {
    await tx.insert(webhookAttempts).values({
      deliveryId,
      at: now,
      responseStatus: status,
      durationMs,
      responseBody: responseBody || (error ?? ""),
      error,
    });
    let turnedOff = false;
    if (succeeded) {
      await tx.update(webhookEndpoints).set({ failingSince: null }).where(eq(webhookEndpoints.id, endpoint.id));
    } else {
      const [streak] = await tx
        .update(webhookEndpoints)
        .set({ failingSince: sql`coalesce(${webhookEndpoints.failingSince}, ${now.toISOString()}::timestamptz)` })
        .where(eq(webhookEndpoints.id, endpoint.id))
        .returning({ failingSince: webhookEndpoints.failingSince });
      const since = streak?.failingSince ?? now;
      if (deps.disableAfterMs > 0 && now.getTime() - since.getTime() >= deps.disableAfterMs) {
        const hours = Math.round((now.getTime() - since.getTime()) / 3_600_000);
        const turned = await tx
          .update(webhookEndpoints)
          .set({
            enabled: false,
            disabledReason: `Every delivery failed for ${hours} hour${hours === 1 ? "" : "s"}, since ${since.toISOString()}.`,
            updatedAt: now,
          })
          .where(and(eq(webhookEndpoints.id, endpoint.id), eq(webhookEndpoints.enabled, true)))
          .returning({ id: webhookEndpoints.id });
        turnedOff = turned.length > 0;
      }
    }
    await tx
      .update(webhookDeliveries)
      .set({
        status: succeeded ? "succeeded" : last || turnedOff ? "failed" : "retrying",
        attempts: sql`${webhookDeliveries.attempts} + 1`,
        responseStatus: status,
        durationMs,
        requestHeaders: shownHeaders,
        lastAttemptAt: now,
      })
      .where(eq(webhookDeliveries.id, deliveryId));
    return turnedOff;
  });

  if (disabled) await mailOwner(deps, endpoint, error ?? `HTTP ${status}`);
  if (!succeeded && !last && !disabled) {
    throw new Error(`Webhook delivery ${deliveryId} to ${endpoint.url} failed: ${error ?? `HTTP ${status}`}`);
  }
}

async function mailOwner(
  deps: DeliveryDeps,
  endpoint: { id: number; url: string; createdByEmail: string; createdByName: string },
  lastError: string,
): Promise<void> {
  const page = `${deps.publicUrl}/admin/Manage/webhooks`;
  await deps.mailer.send({
    to: endpoint.createdByEmail,
    subject: `${deps.storeName}: webhook endpoint turned off`,
    text: [
      `Hello ${endpoint.createdByName || "there"},`,
      "",
      `Every delivery to the webhook endpoint ${endpoint.url} has failed for days, so ${deps.storeName} has turned it off.`,
      `The last attempt answered: ${lastError}.`,
      "",
      `Fix the endpoint, turn it back on and redeliver what it missed: ${page}`,
    ].join("\n"),
  });
  deps.log.warn({ component: "webhooks", endpoint: endpoint.id }, "webhook endpoint turned off after failing for days");
}
