/**
 * Outbound webhooks (issue 38 item 1, ADR 0025).
 *
 * - `webhook_endpoint`: where staff want events sent, which ones, and the signing secret
 *   (encrypted with the shop's secret; the previous one too during a rotation's overlap).
 * - `webhook_event`: the outbox. Triggers on the tables that change (migration 0031) write
 *   one row per event in the changing transaction, only when an enabled endpoint wants
 *   that event; the relay turns each into deliveries and jobs of the queue, once.
 * - `webhook_delivery`: one event for one endpoint, and `webhook_attempt` each try of it.
 */
import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  varchar,
} from "drizzle-orm/pg-core";
import { users } from "./identity.ts";

const at = (name: string) => timestamp(name, { withTimezone: true });

export const webhookEndpoints = pgTable(
  "webhook_endpoint",
  {
    id: serial("id").primaryKey(),
    url: varchar("url", { length: 500 }).notNull(),
    description: varchar("description", { length: 200 }).notNull().default(""),
    events: varchar("events", { length: 40 }).array().notNull(),
    /** `whsec_…`, AES-256-GCM encrypted with a key derived from the shop's secret. */
    secret: text("secret").notNull(),
    secretPrefix: varchar("secret_prefix", { length: 16 }).notNull(),
    previousSecret: text("previous_secret"),
    previousSecretExpiresAt: at("previous_secret_expires_at"),
    enabled: boolean("enabled").notNull().default(true),
    disabledReason: text("disabled_reason"),
    /** Since when every attempt failed (null after a success): days of it turn the endpoint off. */
    failingSince: at("failing_since"),
    createdById: text("created_by_id").references(() => users.id, { onDelete: "set null" }),
    createdByName: varchar("created_by_name", { length: 120 }).notNull(),
    createdByEmail: varchar("created_by_email", { length: 254 }).notNull(),
    createdAt: at("created_at").notNull().defaultNow(),
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (t) => [index("webhook_endpoint_enabled_idx").on(t.enabled)],
);

export const webhookEvents = pgTable(
  "webhook_event",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    type: varchar("type", { length: 40 }).notNull(),
    /** What it is about: `order`, `product`, `variant`, `customer`, `refund`, `request`, `endpoint`. */
    resourceType: varchar("resource_type", { length: 20 }).notNull(),
    resourceId: text("resource_id").notNull(),
    data: jsonb("data").$type<Record<string, unknown>>().notNull(),
    createdAt: at("created_at").notNull().defaultNow(),
    /** When the relay made its deliveries; null: still in the outbox. */
    relayedAt: at("relayed_at"),
  },
  (t) => [
    index("webhook_event_outbox_idx").on(t.id).where(sql`${t.relayedAt} is null`),
    index("webhook_event_created_idx").on(t.createdAt),
  ],
);

export const webhookDeliveryStatuses = ["pending", "retrying", "succeeded", "failed", "cancelled"] as const;
export type WebhookDeliveryStatusValue = (typeof webhookDeliveryStatuses)[number];

export const webhookDeliveries = pgTable(
  "webhook_delivery",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    endpointId: integer("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    eventId: bigint("event_id", { mode: "number" })
      .notNull()
      .references(() => webhookEvents.id, { onDelete: "cascade" }),
    status: varchar("status", { length: 12 }).$type<WebhookDeliveryStatusValue>().notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    responseStatus: integer("response_status"),
    durationMs: integer("duration_ms"),
    /** The headers of the last attempt (signature shortened), for the log. */
    requestHeaders: jsonb("request_headers").$type<Record<string, string>>(),
    lastAttemptAt: at("last_attempt_at"),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (t) => [
    index("webhook_delivery_endpoint_idx").on(t.endpointId, t.id.desc()),
    index("webhook_delivery_event_idx").on(t.eventId),
  ],
);

export const webhookAttempts = pgTable(
  "webhook_attempt",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    deliveryId: bigint("delivery_id", { mode: "number" })
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: "cascade" }),
    at: at("at").notNull().defaultNow(),
    responseStatus: integer("response_status"),
    durationMs: integer("duration_ms").notNull(),
    responseBody: text("response_body").notNull().default(""),
    error: text("error"),
  },
  (t) => [index("webhook_attempt_delivery_idx").on(t.deliveryId, t.id)],
);
