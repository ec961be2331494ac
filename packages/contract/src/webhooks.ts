/**
 * Outbound webhooks (issue 38 item 1, ADR 0025): staff register endpoints with the events
 * they want; each event is POSTed to them signed as the Standard Webhooks specification
 * says (`webhook-id`, `webhook-timestamp`, `webhook-signature`), retried with backoff over
 * about a day, in order per resource. The signing secret is answered once, at creation and
 * at each rotation. Managing endpoints needs Role Management and a signed-in person (an
 * API token cannot redirect the shop's events).
 */
import { z } from "zod";
import { apiPaths } from "./api-paths.ts";
import { IdParams, pageOf, pageQuery } from "./common.ts";
import { webhookEventTypes, webhookRules } from "./constants.ts";
import { defineEndpoint } from "./endpoint.ts";

const tags = ["Admin webhooks"] as const;
const access = { permission: "roles", sessionsOnly: true } as const;

export const WebhookEventType = z.enum(webhookEventTypes);
export type WebhookEventType = z.infer<typeof WebhookEventType>;

export const WebhookUrl = z
  .string()
  .trim()
  .max(webhookRules.urlMax, { error: `must have at most ${webhookRules.urlMax} characters` })
  .pipe(z.url({ protocol: /^https?$/, error: "must be an http:// or https:// address" }))
  .refine((value) => !/^[a-z]+:\/\/[^/]*@/i.test(value), { error: "must not carry a user name or password" });

export const WebhookEndpoint = z
  .object({
    id: z.number().int(),
    url: z.string(),
    description: z.string(),
    events: z.array(WebhookEventType),
    enabled: z.boolean(),
    /** Why the shop turned it off (failing for days), or null. */
    disabledReason: z.string().nullable(),
    /** The secret's first characters (`whsec_` and 4 more), to tell secrets apart. */
    secretPrefix: z.string(),
    /** Until then the previous secret signs too (a rotation's overlap); null: no overlap. */
    previousSecretExpiresAt: z.iso.datetime().nullable(),
    /** Since when every attempt failed; null once one succeeds. */
    failingSince: z.iso.datetime().nullable(),
    createdBy: z.object({ name: z.string(), email: z.string() }),
    createdAt: z.iso.datetime(),
    lastDelivery: z
      .object({
        at: z.iso.datetime(),
        status: z.enum(["succeeded", "failed", "retrying"]),
        responseStatus: z.number().int().nullable(),
      })
      .nullable(),
  })
  .meta({ id: "WebhookEndpoint" });
export type WebhookEndpoint = z.infer<typeof WebhookEndpoint>;

const Description = z
  .string()
  .trim()
  .max(webhookRules.descriptionMax, { error: `must have at most ${webhookRules.descriptionMax} characters` });
const Events = z
  .array(WebhookEventType)
  .min(1, { error: "choose at least one event" })
  .max(webhookEventTypes.length)
  .transform((events) => [...new Set(events)]);

export const CreateWebhookEndpointBody = z.object({
  url: WebhookUrl,
  description: Description.default(""),
  events: Events,
});
export type CreateWebhookEndpointBody = z.input<typeof CreateWebhookEndpointBody>;

export const UpdateWebhookEndpointBody = z
  .object({
    url: WebhookUrl.optional(),
    description: Description.optional(),
    events: Events.optional(),
    /** Turning an endpoint back on clears its failure streak. */
    enabled: z.boolean().optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), { error: "change at least one field" });
export type UpdateWebhookEndpointBody = z.input<typeof UpdateWebhookEndpointBody>;

export const WebhookEndpointWithSecret = z
  .object({
    endpoint: WebhookEndpoint,
    /** The whole signing secret (`whsec_…`), answered this once. */
    secret: z.string(),
  })
  .meta({ id: "WebhookEndpointWithSecret" });
export type WebhookEndpointWithSecret = z.infer<typeof WebhookEndpointWithSecret>;

export const RotateWebhookSecretBody = z.object({
  /** Hours the old secret keeps signing beside the new one (0: stop at once). */
  overlapHours: z
    .number()
    .int()
    .min(0)
    .max(webhookRules.rotationOverlapMaxHours)
    .default(webhookRules.rotationOverlapHours),
});
export type RotateWebhookSecretBody = z.input<typeof RotateWebhookSecretBody>;

export const WebhookDeliveryStatus = z.enum(["pending", "retrying", "succeeded", "failed", "cancelled"]);
export type WebhookDeliveryStatus = z.infer<typeof WebhookDeliveryStatus>;

export const WebhookDelivery = z
  .object({
    id: z.number().int(),
    endpointId: z.number().int(),
    /** The `webhook-id` header: the same for a redelivery of the same event. */
    messageId: z.string(),
    eventType: z.union([WebhookEventType, z.literal("webhook.test")]),
    /** What the event is about, e.g. `order:42`. */
    resource: z.string(),
    status: WebhookDeliveryStatus,
    attempts: z.number().int(),
    responseStatus: z.number().int().nullable(),
    durationMs: z.number().int().nullable(),
    createdAt: z.iso.datetime(),
    lastAttemptAt: z.iso.datetime().nullable(),
  })
  .meta({ id: "WebhookDelivery" });
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;

export const WebhookAttempt = z.object({
  at: z.iso.datetime(),
  responseStatus: z.number().int().nullable(),
  durationMs: z.number().int(),
  /** The answer's first 2 KB, or why there was none (timeout, refused address …). */
  responseBody: z.string(),
  error: z.string().nullable(),
});

export const WebhookDeliveryDetail = WebhookDelivery.extend({
  request: z.object({
    url: z.string(),
    /** The signed headers as sent at the last attempt (the signature shortened). */
    headers: z.record(z.string(), z.string()),
    body: z.string(),
  }),
  attemptLog: z.array(WebhookAttempt),
}).meta({ id: "WebhookDeliveryDetail" });
export type WebhookDeliveryDetail = z.infer<typeof WebhookDeliveryDetail>;

export const WebhookDeliveryQuery = pageQuery(100, 25).extend({
  status: WebhookDeliveryStatus.optional(),
});
export const WebhookDeliveryPage = pageOf(WebhookDelivery).meta({ id: "WebhookDeliveryPage" });
export type WebhookDeliveryPage = z.infer<typeof WebhookDeliveryPage>;

/** What every delivery's body is (the `data` differs per event; see the webhooks section). */
export const WebhookPayload = z
  .object({
    type: z.union([WebhookEventType, z.literal("webhook.test")]),
    timestamp: z.iso.datetime(),
    version: z.literal(webhookRules.payloadVersion),
    data: z.record(z.string(), z.unknown()),
  })
  .meta({ id: "WebhookPayload" });
export type WebhookPayload = z.infer<typeof WebhookPayload>;

/**
 * Each event's `data` (payload version 1), as the database's triggers build it at the
 * change (migration 0031). Money is in minor units of `currency`; times are ISO 8601.
 * New fields may be added within a version; a removed or changed one makes a new version.
 */
const When = z.string().meta({ format: "date-time" });
const WebhookOrderLine = z.object({
  id: z.number().int(),
  productId: z.number().int().nullable(),
  variantId: z.number().int().nullable(),
  sku: z.string(),
  productName: z.string(),
  size: z.string(),
  color: z.string(),
  quantity: z.number().int(),
  unitPrice: z.number().int(),
  totalPrice: z.number().int(),
  discount: z.number().int(),
});
export const WebhookOrderData = z
  .object({
    id: z.number().int(),
    number: z.string(),
    status: z.string(),
    paymentState: z.string(),
    paymentMethod: z.string(),
    currency: z.string(),
    subtotal: z.number().int(),
    discount: z.number().int(),
    couponCode: z.string().nullable(),
    deliveryFee: z.number().int(),
    tax: z.number().int(),
    total: z.number().int(),
    /** The customer's account id; null for a guest's order. */
    customerId: z.string().nullable(),
    email: z.string(),
    customerName: z.string(),
    phone: z.string(),
    shippingAddress: z.record(z.string(), z.unknown()),
    deliveryZone: z.string(),
    courier: z.string().nullable(),
    trackingNumber: z.string().nullable(),
    placedAt: When,
    updatedAt: When,
    lines: z.array(WebhookOrderLine),
  })
  .meta({ id: "WebhookOrderData" });
export const WebhookRefundData = z
  .object({
    id: z.number().int(),
    orderId: z.number().int(),
    orderNumber: z.string(),
    amount: z.number().int(),
    currency: z.string(),
    method: z.string(),
    /** `pending` until the payment provider confirms it, else `succeeded`. */
    status: z.string(),
    reason: z.string(),
    createdAt: When,
  })
  .meta({ id: "WebhookRefundData" });
export const WebhookRequestData = z
  .object({
    id: z.number().int(),
    kind: z.enum(["cancel", "return"]),
    orderId: z.number().int(),
    orderNumber: z.string(),
    reason: z.string(),
    items: z.array(z.object({ orderLineId: z.number().int(), quantity: z.number().int() })),
    createdAt: When,
  })
  .meta({ id: "WebhookRequestData" });
export const WebhookProductData = z
  .object({
    id: z.number().int(),
    name: z.string(),
    slug: z.string(),
    description: z.string(),
    price: z.number().int(),
    compareAtPrice: z.number().int().nullable(),
    published: z.boolean(),
    tags: z.array(z.string()),
    seoTitle: z.string(),
    seoDescription: z.string(),
    createdAt: When,
    updatedAt: When,
    variants: z.array(
      z.object({ id: z.number().int(), sku: z.string(), size: z.string(), color: z.string(), stock: z.number().int() }),
    ),
  })
  .meta({ id: "WebhookProductData" });
export const WebhookProductDeletedData = z
  .object({ id: z.number().int(), name: z.string(), slug: z.string() })
  .meta({ id: "WebhookProductDeletedData" });
export const WebhookStockLowData = z
  .object({
    variantId: z.number().int(),
    productId: z.number().int(),
    sku: z.string(),
    productName: z.string(),
    /** Units available to sell across active warehouses, at or under `threshold`. */
    available: z.number().int(),
    threshold: z.number().int(),
  })
  .meta({ id: "WebhookStockLowData" });
export const WebhookCustomerData = z
  .object({ id: z.string(), name: z.string(), email: z.string(), createdAt: When })
  .meta({ id: "WebhookCustomerData" });
export const WebhookTestData = z
  .object({ endpointId: z.number().int(), message: z.string(), sentBy: z.string() })
  .meta({ id: "WebhookTestData" });

/** Each event's `data` schema (the OpenAPI document's webhooks section is made from it). */
export const webhookDataSchemas = {
  "order.placed": WebhookOrderData,
  "order.paid": WebhookOrderData,
  "order.fulfilled": WebhookOrderData,
  "order.cancelled": WebhookOrderData,
  "refund.created": WebhookRefundData,
  "request.opened": WebhookRequestData,
  "product.created": WebhookProductData,
  "product.updated": WebhookProductData,
  "product.deleted": WebhookProductDeletedData,
  "stock.low": WebhookStockLowData,
  "customer.created": WebhookCustomerData,
  "webhook.test": WebhookTestData,
} as const satisfies Record<WebhookEventType | "webhook.test", z.ZodType>;

export const webhookEndpoints = {
  list: defineEndpoint({
    method: "GET",
    path: apiPaths.adminWebhooks,
    summary: "The webhook endpoints, newest first (never their secrets)",
    tags,
    access,
    response: z.array(WebhookEndpoint),
  }),
  create: defineEndpoint({
    method: "POST",
    path: apiPaths.adminWebhooks,
    summary: "Registers a webhook endpoint; its signing secret is answered once",
    tags,
    access,
    body: CreateWebhookEndpointBody,
    response: WebhookEndpointWithSecret,
  }),
  update: defineEndpoint({
    method: "PATCH",
    path: apiPaths.adminWebhook,
    summary: "Changes an endpoint's address, description, events, or turns it on or off",
    tags,
    access,
    params: IdParams,
    body: UpdateWebhookEndpointBody,
    response: WebhookEndpoint,
  }),
  remove: defineEndpoint({
    method: "DELETE",
    path: apiPaths.adminWebhook,
    summary: "Deletes an endpoint and its delivery log; deliveries not yet made are dropped",
    tags,
    access,
    params: IdParams,
    response: z.object({ deleted: z.literal(true) }),
  }),
  rotateSecret: defineEndpoint({
    method: "POST",
    path: apiPaths.adminWebhookRotateSecret,
    summary: "Makes a new signing secret, answered once; the old one signs beside it for the overlap",
    tags,
    access,
    params: IdParams,
    body: RotateWebhookSecretBody,
    response: WebhookEndpointWithSecret,
  }),
  sendTest: defineEndpoint({
    method: "POST",
    path: apiPaths.adminWebhookTest,
    summary: "Sends a `webhook.test` event to the endpoint (through the queue, logged like any other)",
    tags,
    access,
    params: IdParams,
    response: WebhookDelivery,
  }),
  deliveries: defineEndpoint({
    method: "GET",
    path: apiPaths.adminWebhookDeliveries,
    summary: "An endpoint's delivery log, newest first",
    tags,
    access,
    params: IdParams,
    query: WebhookDeliveryQuery,
    response: WebhookDeliveryPage,
  }),
  delivery: defineEndpoint({
    method: "GET",
    path: apiPaths.adminWebhookDelivery,
    summary: "One delivery: the request as signed and every attempt's answer",
    tags,
    access,
    params: IdParams,
    response: WebhookDeliveryDetail,
  }),
  redeliver: defineEndpoint({
    method: "POST",
    path: apiPaths.adminWebhookRedeliver,
    summary:
      "Sends a delivery's event again (same `webhook-id`), after the endpoint's earlier deliveries for that resource",
    tags,
    access,
    params: IdParams,
    response: WebhookDelivery,
  }),
} as const;
