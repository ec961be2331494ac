/** The OpenAPI document, generated from the contract's zod schemas, at /api/docs. */

import { webhookDataSchemas } from "@atelier/contract";
import { webhookEventLabels, webhookRules } from "@atelier/contract/constants";
import swagger, { type SwaggerTransform, type SwaggerTransformObject } from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance } from "fastify";
import { jsonSchemaTransform, jsonSchemaTransformObject } from "fastify-type-provider-zod";
import { z } from "zod";
import { registerDocsSecurityHeaders } from "./security.ts";

export async function registerOpenApi(app: FastifyInstance, options: { storeName: string; publicUrl: string }) {
  await app.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: `${options.storeName} API`,
        description:
          "The Atelier shop API. The spec's calls live verbatim under /api/admin/…; everything else is REST. Errors answer { error: { code, message, fields?, reason? } }. Every body is bounded (1 MB unless an operation says otherwise; 64 KB under /api/auth): a larger one answers 413 payload_too_large. A NUL byte or invalid UTF-8 in a path, query or body answers 400 bad_request (422 validation_failed for a JSON body's field), naming the parameter in fields. Sign-up, sign-in, sign-out, password reset and social sign-in are better-auth's endpoints under /api/auth (not part of the product contract).",
        version: "0.1.0",
        license: { name: "MIT", identifier: "MIT" },
      },
      servers: [{ url: options.publicUrl }],
      components: {
        securitySchemes: {
          bearer: {
            type: "http",
            scheme: "bearer",
            description:
              'Either the access_token from sign-in (a better-auth session token, /api/auth), or an admin API token: `atl_` followed by 43 base64url characters, made by staff with Role Management in the admin (Role Management, API tokens) and shown once. An admin API token works only under /api/admin, with exactly the permissions it was given (an operation needing another answers 403; operations needing only a staff role accept any token); it never reaches a customer\'s endpoints, cannot make or revoke tokens, and answers 401 once expired or revoked. It is rate-limited per token (600 requests a minute by default: 429 rate_limited with Retry-After), and every write it makes is in the activity log as "API token: <name>".',
          },
          cookie: { type: "apiKey", in: "cookie", name: "atelier.session_token" },
        },
      },
    },
    transform: withOperationIdAndSecurity,
    transformObject: withoutUnusedSchemas,
  });
  await app.register(async (docs) => {
    await registerDocsSecurityHeaders(docs);
    await docs.register(swaggerUi, { routePrefix: "/api/docs" });
  });
}

/**
 * The operation's id, derived from its method and path so that it is stable as long as
 * the route is: `GET /api/admin/orders/:id/notes` → `getAdminOrdersByIdNotes`. Clients
 * generated from the document name their calls by it.
 */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\/api(?=\/|$)/, "")
    .split("/")
    .filter(Boolean)
    .flatMap((segment) => {
      const parameter = segment.startsWith(":");
      const parts = segment
        .replace(/^:/, "")
        .split(/[^A-Za-z0-9]+/)
        .filter(Boolean);
      return parameter ? ["by", ...parts] : parts;
    });
  const capitalised = words.map((word) => word.charAt(0).toUpperCase() + word.slice(1));
  return method.toLowerCase() + capitalised.join("");
}

/**
 * Zod's schemas to JSON Schema, then what every operation must declare: an `operationId`
 * and its `security` (addRoute declares it for signed-in operations; the rest are public,
 * `security: []`).
 */
const withOperationIdAndSecurity: SwaggerTransform = (input) => {
  const transformed = jsonSchemaTransform(input as never) as { schema: Record<string, unknown>; url: string };
  const methods = [input.route.method].flat();
  const method = methods.find((name) => name !== "HEAD") ?? methods[0] ?? "GET";
  const schema = { ...transformed.schema };
  schema.operationId ??= operationIdOf(method, input.url);
  schema.security ??= [];
  return { ...transformed, schema };
};

/**
 * The zod registry's components, less those no operation reaches (the registry makes an
 * input and an output variant of each named schema; most are used one way only).
 */
const withoutUnusedSchemas: SwaggerTransformObject = (input) => {
  const document = jsonSchemaTransformObject(input) as {
    components?: { schemas?: Record<string, unknown> };
  } & Record<string, unknown>;
  const schemas = document.components?.schemas;
  if (!schemas) return document as never;
  const { components, ...rest } = document;
  const reached = new Set<string>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) for (const item of value) visit(item);
    else if (value && typeof value === "object") {
      for (const [key, item] of Object.entries(value)) {
        if (key === "$ref" && typeof item === "string") {
          const name = item.replace(/^#\/components\/schemas\//, "");
          if (name !== item && !reached.has(name)) {
            reached.add(name);
            visit(schemas[name]);
          }
        } else visit(item);
      }
    }
  };
  visit(rest);
  const kept = Object.fromEntries(Object.entries(schemas).filter(([name]) => reached.has(name)));
  const webhooks = webhooksSection();
  return {
    ...rest,
    webhooks: webhooks.webhooks,
    components: { ...components, schemas: { ...kept, ...webhooks.schemas } },
  } as never;
};

const signatureHeaders = [
  {
    name: "webhook-id",
    in: "header",
    required: true,
    description: "The message's id (`msg_…`): the same on every retry and redelivery of it, to ignore repeats.",
    schema: { type: "string" },
  },
  {
    name: "webhook-timestamp",
    in: "header",
    required: true,
    description: "When this attempt was signed, in seconds since the epoch: refuse one far from your clock.",
    schema: { type: "string" },
  },
  {
    name: "webhook-signature",
    in: "header",
    required: true,
    description:
      "`v1,<base64 HMAC-SHA256 of id.timestamp.body>` with the endpoint's secret; during a rotation's overlap a second one, space-separated, made with the previous secret. Check it with a Standard Webhooks library.",
    schema: { type: "string" },
  },
];

/**
 * The OpenAPI 3.1 `webhooks` section (issue 38 item 1): one POST per event the shop sends,
 * its body `{ type, timestamp, version, data }` with the event's own `data` schema, signed as
 * the Standard Webhooks specification says. Named schemas join the components.
 */
function webhooksSection(): { webhooks: Record<string, unknown>; schemas: Record<string, unknown> } {
  const schemas: Record<string, unknown> = {};
  const webhooks: Record<string, unknown> = {};
  for (const [type, data] of Object.entries(webhookDataSchemas)) {
    const body = z.object({
      type: z.literal(type),
      timestamp: z.string().meta({ format: "date-time", description: "When the change happened" }),
      version: z.literal(webhookRules.payloadVersion),
      data,
    });
    // Named schemas (the contract's `.meta({ id })`) go to the components, referenced from there.
    const converted = JSON.stringify(z.toJSONSchema(body, { target: "draft-2020-12", unrepresentable: "any" }));
    const { $defs, ...schema } = JSON.parse(converted.replaceAll('"#/$defs/', '"#/components/schemas/')) as {
      $defs?: Record<string, unknown>;
    } & Record<string, unknown>;
    delete schema.$schema;
    Object.assign(schemas, $defs);
    const label =
      type in webhookEventLabels ? webhookEventLabels[type as keyof typeof webhookEventLabels] : "Test event";
    webhooks[type] = {
      post: {
        operationId: `webhook${type.replace(/(^|\.)(\w)/g, (_match, _dot, letter: string) => letter.toUpperCase())}`,
        summary: label,
        description: `Sent to every endpoint subscribed to \`${type}\` (Role Management, Webhooks in the admin), through the job queue: retried with exponential backoff for about a day until it answers 2xx within 10 seconds, in order with the other events of the same resource.`,
        tags: ["Webhooks (sent by the shop)"],
        security: [],
        parameters: signatureHeaders,
        requestBody: { required: true, content: { "application/json": { schema } } },
        responses: {
          "200": { description: "Received (any 2xx acknowledges it)" },
          "400": { description: "Refused (e.g. a bad signature): retried, then marked failed" },
        },
      },
    };
  }
  return { webhooks, schemas };
}
