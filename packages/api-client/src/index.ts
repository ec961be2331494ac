/**
 * A typed client of the Atelier API: every path, parameter, body and answer of the
 * shop's OpenAPI document (`schema.ts`, generated from the served document by
 * `npm run api-client:generate`; a test fails when it is out of date), called through
 * openapi-fetch.
 *
 *   const shop = atelierClient({ baseUrl: "https://shop.example.com", token: process.env.ATELIER_TOKEN });
 *   const { data, error } = await shop.GET("/api/admin/inventory/warehouses");
 *
 * `token` goes in `Authorization: Bearer …`: an admin API token for integrations (or a
 * signed-in session's token). Errors answer the API's error shape, `{ error: { code, message, fields? } }`.
 */
import createClient, { type Client } from "openapi-fetch";
import { Webhook } from "standardwebhooks";
import type { operations, paths } from "./schema.ts";

export type { components, operations, paths } from "./schema.ts";

export interface AtelierClientOptions {
  /** The shop's origin, e.g. `https://shop.example.com` (the document's paths start with /api). */
  baseUrl: string;
  /** Sent as `Authorization: Bearer <token>`. */
  token?: string | undefined;
  /** Another fetch (tests, proxies); the global one by default. */
  fetch?: typeof globalThis.fetch;
}

export type AtelierClient = Client<paths>;

export function atelierClient(options: AtelierClientOptions): AtelierClient {
  return createClient<paths>({
    baseUrl: options.baseUrl.replace(/\/+$/, ""),
    headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
}

type WebhookOperation = Extract<keyof operations, `webhook${string}`>;

/**
 * A webhook's body as the shop sends it (the document's webhooks section), discriminated by
 * `type`: `if (event.type === "stock.low") event.data.sku …`.
 */
export type WebhookEvent = {
  [K in WebhookOperation]: operations[K] extends { requestBody: { content: { "application/json": infer Body } } }
    ? Body
    : never;
}[WebhookOperation];

/**
 * Checks a delivery's Standard Webhooks signature with the endpoint's secret (`whsec_…`) and
 * answers its event; throws when the signature or its timestamp (±5 minutes) is wrong.
 * `body` must be the request's raw text, not re-serialised JSON.
 */
export function verifyWebhook(
  secret: string,
  body: string,
  headers: Record<string, string | string[] | undefined>,
): WebhookEvent {
  const header = (name: string) => [headers[name]].flat()[0] ?? "";
  return new Webhook(secret).verify(body, {
    "webhook-id": header("webhook-id"),
    "webhook-timestamp": header("webhook-timestamp"),
    "webhook-signature": header("webhook-signature"),
  }) as WebhookEvent;
}
