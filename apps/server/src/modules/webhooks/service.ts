/**
 * The back office's side of webhooks: endpoints (made, changed, turned on and off, deleted),
 * their secrets (answered once; rotated with an overlap), the delivery log, a test event and
 * redelivery. Every change is in the activity log, never with a secret.
 */
import type {
  CreateWebhookEndpointBody,
  RotateWebhookSecretBody,
  UpdateWebhookEndpointBody,
  WebhookDelivery,
  WebhookDeliveryDetail,
  WebhookDeliveryPage,
  WebhookDeliveryStatus,
  WebhookEndpoint,
  WebhookEndpointWithSecret,
} from "@atelier/contract";
import { webhookRules } from "@atelier/contract/constants";
import { and, count, desc, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { webhookAttempts, webhookDeliveries, webhookEndpoints, webhookEvents } from "../../db/schema/index.ts";
import { ConflictError, NotFoundError, ValidationError } from "../../errors.ts";
import type { JobQueue } from "../../infra/jobs.ts";
import { type ActivityActor, recordActivity } from "../activity-log/index.ts";
import { enqueueDelivery, messageIdOf, payloadOf } from "./delivery.ts";
import { checkEndpointAddress, RefusedAddressError } from "./network.ts";
import { newSigningSecret, type SecretBox, secretPrefix } from "./secrets.ts";

type EndpointRow = typeof webhookEndpoints.$inferSelect;
type DeliveryRow = typeof webhookDeliveries.$inferSelect;

export interface WebhooksServiceDeps {
  db: Db;
  jobs: JobQueue;
  box: SecretBox;
  storeName: string;
  allowPrivateNetworks: boolean;
  /** Runs the relay now (after a change to which endpoints want what). */
  wakeRelay: () => void;
}

const hourMs = 3_600_000;

function endpointView(row: EndpointRow, last: LastDelivery | undefined): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events as WebhookEndpoint["events"],
    enabled: row.enabled,
    disabledReason: row.disabledReason,
    secretPrefix: row.secretPrefix,
    previousSecretExpiresAt:
      row.previousSecret && row.previousSecretExpiresAt && row.previousSecretExpiresAt > new Date()
        ? row.previousSecretExpiresAt.toISOString()
        : null,
    failingSince: row.failingSince?.toISOString() ?? null,
    createdBy: { name: row.createdByName, email: row.createdByEmail },
    createdAt: row.createdAt.toISOString(),
    lastDelivery: last ? { at: last.at.toISOString(), status: last.status, responseStatus: last.responseStatus } : null,
  };
}

interface LastDelivery {
  at: Date;
  status: "succeeded" | "failed" | "retrying";
  responseStatus: number | null;
}

function deliveryView(
  row: DeliveryRow,
  event: { id: number; type: string; resourceType: string; resourceId: string },
): WebhookDelivery {
  return {
    id: row.id,
    endpointId: row.endpointId,
    messageId: messageIdOf(event.id),
    eventType: event.type as WebhookDelivery["eventType"],
    resource: `${event.resourceType}:${event.resourceId}`,
    status: row.status,
    attempts: row.attempts,
    responseStatus: row.responseStatus,
    durationMs: row.durationMs,
    createdAt: row.createdAt.toISOString(),
    lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
  };
}

/** What the log keeps of an endpoint: never its secret. */
const logged = (row: Pick<EndpointRow, "url" | "description" | "events" | "enabled">) => ({
  url: row.url,
  description: row.description,
  events: [...row.events].sort(),
  enabled: row.enabled,
});

export function webhooksService(deps: WebhooksServiceDeps) {
  const { db, box } = deps;

  async function rowOrThrow(id: number, tx: Db | Tx = db): Promise<EndpointRow> {
    const [row] = await tx.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
    if (!row) throw new NotFoundError("This webhook endpoint does not exist.");
    return row;
  }

  async function lastDeliveries(ids: number[]): Promise<Map<number, LastDelivery>> {
    if (ids.length === 0) return new Map();
    const result = await db.execute<{
      endpoint_id: number;
      at: string;
      status: LastDelivery["status"];
      response_status: number | null;
    }>(sql`
      select e.id as endpoint_id, d.last_attempt_at as at, d.status, d.response_status
      from webhook_endpoint e
      cross join lateral (
        select last_attempt_at, status, response_status from webhook_delivery
        where endpoint_id = e.id and last_attempt_at is not null
        order by last_attempt_at desc limit 1
      ) d
      where e.id = any(${`{${ids.join(",")}}`}::int[])`);
    return new Map(
      result.rows.map((row) => [
        row.endpoint_id,
        { at: new Date(row.at), status: row.status, responseStatus: row.response_status },
      ]),
    );
  }

  async function view(row: EndpointRow): Promise<WebhookEndpoint> {
    return endpointView(row, (await lastDeliveries([row.id])).get(row.id));
  }

  async function checkAddress(url: string): Promise<void> {
    try {
      await checkEndpointAddress(new URL(url), deps.allowPrivateNetworks);
    } catch (error) {
      if (error instanceof RefusedAddressError) {
        throw new ValidationError(error.message, { url: "must be on the public internet" });
      }
      throw error;
    }
  }

  /** A new delivery of `eventId` to `endpoint`, queued in the same transaction. */
  async function queueDelivery(tx: Tx, endpointId: number, eventId: number): Promise<WebhookDelivery> {
    const [event] = await tx.select().from(webhookEvents).where(eq(webhookEvents.id, eventId));
    if (!event) throw new NotFoundError("This event is no longer kept.");
    const [delivery] = await tx.insert(webhookDeliveries).values({ endpointId, eventId }).returning();
    if (!delivery) throw new Error("The delivery was not written.");
    await enqueueDelivery(
      deps.jobs,
      { id: delivery.id, endpointId, resourceType: event.resourceType, resourceId: event.resourceId },
      tx,
    );
    return deliveryView(delivery, event);
  }

  return {
    async list(): Promise<WebhookEndpoint[]> {
      const rows = await db.select().from(webhookEndpoints).orderBy(desc(webhookEndpoints.id));
      const last = await lastDeliveries(rows.map((row) => row.id));
      return rows.map((row) => endpointView(row, last.get(row.id)));
    },

    async create(actor: ActivityActor, body: CreateWebhookEndpointBody): Promise<WebhookEndpointWithSecret> {
      const url = body.url.trim();
      await checkAddress(url);
      const secret = newSigningSecret();
      const row = await db.transaction(async (tx) => {
        const [made] = await tx
          .insert(webhookEndpoints)
          .values({
            url,
            description: body.description?.trim() ?? "",
            events: [...new Set(body.events)],
            secret: box.seal(secret),
            secretPrefix: secretPrefix(secret),
            createdById: actor.id,
            createdByName: actor.name,
            createdByEmail: actor.email,
          })
          .returning();
        if (!made) throw new Error("The endpoint was not written.");
        await recordActivity(tx, {
          actor,
          action: "webhook.create",
          subject: { type: "webhook", id: made.id, label: made.url },
          after: logged(made),
        });
        return made;
      });
      return { endpoint: await view(row), secret };
    },

    async update(actor: ActivityActor, id: number, body: UpdateWebhookEndpointBody): Promise<WebhookEndpoint> {
      if (body.url !== undefined) await checkAddress(body.url.trim());
      const row = await db.transaction(async (tx) => {
        const before = await rowOrThrow(id, tx);
        const turningOn = body.enabled === true && !before.enabled;
        const [after] = await tx
          .update(webhookEndpoints)
          .set({
            ...(body.url !== undefined ? { url: body.url.trim() } : {}),
            ...(body.description !== undefined ? { description: body.description.trim() } : {}),
            ...(body.events !== undefined ? { events: [...new Set(body.events)] } : {}),
            ...(body.enabled !== undefined ? { enabled: body.enabled } : {}),
            // Turned on again (by hand): a fresh start, whatever turned it off.
            ...(turningOn ? { disabledReason: null, failingSince: null } : {}),
            updatedAt: new Date(),
          })
          .where(eq(webhookEndpoints.id, id))
          .returning();
        if (!after) throw new NotFoundError("This webhook endpoint does not exist.");
        await recordActivity(tx, {
          actor,
          action: "webhook.update",
          subject: { type: "webhook", id, label: after.url },
          before: logged(before),
          after: logged(after),
        });
        return after;
      });
      deps.wakeRelay();
      return view(row);
    },

    async remove(actor: ActivityActor, id: number): Promise<{ deleted: true }> {
      await db.transaction(async (tx) => {
        const row = await rowOrThrow(id, tx);
        await tx.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id));
        await recordActivity(tx, {
          actor,
          action: "webhook.delete",
          subject: { type: "webhook", id, label: row.url },
          before: logged(row),
        });
      });
      return { deleted: true };
    },

    async rotateSecret(
      actor: ActivityActor,
      id: number,
      body: RotateWebhookSecretBody,
    ): Promise<WebhookEndpointWithSecret> {
      const overlapHours = body.overlapHours ?? webhookRules.rotationOverlapHours;
      const secret = newSigningSecret();
      const row = await db.transaction(async (tx) => {
        const before = await rowOrThrow(id, tx);
        const [after] = await tx
          .update(webhookEndpoints)
          .set({
            secret: box.seal(secret),
            secretPrefix: secretPrefix(secret),
            previousSecret: overlapHours > 0 ? before.secret : null,
            previousSecretExpiresAt: overlapHours > 0 ? new Date(Date.now() + overlapHours * hourMs) : null,
            updatedAt: new Date(),
          })
          .where(eq(webhookEndpoints.id, id))
          .returning();
        if (!after) throw new NotFoundError("This webhook endpoint does not exist.");
        await recordActivity(tx, {
          actor,
          action: "webhook.rotate-secret",
          subject: { type: "webhook", id, label: after.url },
          before: { secret: `${before.secretPrefix}…` },
          after: { secret: `${after.secretPrefix}…`, overlapHours },
        });
        return after;
      });
      return { endpoint: await view(row), secret };
    },

    async sendTest(actor: ActivityActor, id: number): Promise<WebhookDelivery> {
      return db.transaction(async (tx) => {
        const endpoint = await rowOrThrow(id, tx);
        if (!endpoint.enabled) throw new ConflictError("This endpoint is turned off. Turn it on to send it events.");
        const [event] = await tx
          .insert(webhookEvents)
          .values({
            type: "webhook.test",
            resourceType: "endpoint",
            resourceId: String(id),
            data: {
              endpointId: id,
              message: `A test event from ${deps.storeName}.`,
              sentBy: actor.name || actor.email,
            },
            // Made for this endpoint only: not for the relay.
            relayedAt: new Date(),
          })
          .returning({ id: webhookEvents.id });
        if (!event) throw new Error("The test event was not written.");
        const made = await queueDelivery(tx, id, event.id);
        await recordActivity(tx, {
          actor,
          action: "webhook.test",
          subject: { type: "webhook", id, label: endpoint.url },
          after: { delivery: made.id, event: "webhook.test" },
        });
        return made;
      });
    },

    async deliveries(
      endpointId: number,
      query: { page: number; pageSize: number; status?: WebhookDeliveryStatus | undefined },
    ): Promise<WebhookDeliveryPage> {
      await rowOrThrow(endpointId);
      const where = and(
        eq(webhookDeliveries.endpointId, endpointId),
        query.status ? eq(webhookDeliveries.status, query.status) : undefined,
      );
      const [rows, [total]] = await Promise.all([
        db
          .select({ delivery: webhookDeliveries, event: webhookEvents })
          .from(webhookDeliveries)
          .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
          .where(where)
          .orderBy(desc(webhookDeliveries.id))
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize),
        db.select({ n: count() }).from(webhookDeliveries).where(where),
      ]);
      const n = total?.n ?? 0;
      return {
        items: rows.map(({ delivery, event }) => deliveryView(delivery, event)),
        page: query.page,
        pageSize: query.pageSize,
        total: n,
        pageCount: Math.max(1, Math.ceil(n / query.pageSize)),
      };
    },

    async delivery(id: number): Promise<WebhookDeliveryDetail> {
      const [row] = await db
        .select({ delivery: webhookDeliveries, event: webhookEvents, url: webhookEndpoints.url })
        .from(webhookDeliveries)
        .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
        .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
        .where(eq(webhookDeliveries.id, id));
      if (!row) throw new NotFoundError("This delivery does not exist.");
      const attempts = await db
        .select()
        .from(webhookAttempts)
        .where(eq(webhookAttempts.deliveryId, id))
        .orderBy(webhookAttempts.id);
      return {
        ...deliveryView(row.delivery, row.event),
        request: {
          url: row.url,
          headers: row.delivery.requestHeaders ?? {
            "webhook-id": messageIdOf(row.event.id),
            "content-type": "application/json",
          },
          body: payloadOf(row.event),
        },
        attemptLog: attempts.map((attempt) => ({
          at: attempt.at.toISOString(),
          responseStatus: attempt.responseStatus,
          durationMs: attempt.durationMs,
          responseBody: attempt.responseBody,
          error: attempt.error,
        })),
      };
    },

    async redeliver(actor: ActivityActor, id: number): Promise<WebhookDelivery> {
      return db.transaction(async (tx) => {
        const [delivery] = await tx.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id));
        if (!delivery) throw new NotFoundError("This delivery does not exist.");
        const endpoint = await rowOrThrow(delivery.endpointId, tx);
        if (!endpoint.enabled) throw new ConflictError("This endpoint is turned off. Turn it on to send it events.");
        const made = await queueDelivery(tx, delivery.endpointId, delivery.eventId);
        await recordActivity(tx, {
          actor,
          action: "webhook.redeliver",
          subject: { type: "webhook", id: endpoint.id, label: endpoint.url },
          after: { delivery: id, event: made.eventType, resource: made.resource },
        });
        return made;
      });
    },
  };
}

export type WebhooksService = ReturnType<typeof webhooksService>;
