/** The OpenAPI document, generated from the contract's zod schemas, at /api/docs. */
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance } from "fastify";
import { jsonSchemaTransform, jsonSchemaTransformObject } from "fastify-type-provider-zod";
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
      },
      servers: [{ url: options.publicUrl }],
      components: {
        securitySchemes: {
          bearer: {
            type: "http",
            scheme: "bearer",
            description: "The access_token from sign-in (better-auth session token, /api/auth).",
          },
          cookie: { type: "apiKey", in: "cookie", name: "atelier.session_token" },
        },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(async (docs) => {
    await registerDocsSecurityHeaders(docs);
    await docs.register(swaggerUi, { routePrefix: "/api/docs" });
  });
}
