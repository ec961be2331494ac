/**
 * The one error handler: domain errors, schema validation failures and Fastify's own
 * client errors become `{ error: { code, message, fields? } }`; anything else is a 500
 * whose details go to the log only. A body that fails its contract schema is a 422
 * `validation_failed` (well-formed JSON, invalid values: forms show `fields` beside the
 * inputs); params, querystring and unparseable bodies stay 400 `bad_request` (ADR 0006).
 * A database that is down or unreachable is a 503 `unavailable` with `Retry-After`, not
 * a 500: nothing is wrong with the request, and it can be retried.
 */
import type { ErrorBody, ErrorCode } from "@atelier/contract";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { isDatabaseUnavailable } from "../db/unavailable.ts";
import { DomainError } from "../errors.ts";
import { lingerThenClose } from "./linger.ts";

const codeByStatus: Record<number, ErrorCode> = {
  400: "bad_request",
  401: "unauthorized",
  403: "forbidden",
  404: "not_found",
  409: "conflict",
  413: "payload_too_large",
  415: "unsupported_media_type",
  422: "validation_failed",
  429: "rate_limited",
  503: "unavailable",
};

export const statusCodeName = (status: number): ErrorCode =>
  codeByStatus[status] ?? (status >= 500 ? "internal" : "bad_request");

export function errorBody(code: ErrorCode, message: string, fields?: Record<string, string>): ErrorBody {
  return { error: fields ? { code, message, fields } : { code, message } };
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    // A body over its limit (http/edge.ts): the rest of it is not read; the connection closes.
    if ((error instanceof DomainError ? error.status : error.statusCode) === 413) lingerThenClose(request.raw);
    if (error instanceof DomainError) {
      const body = errorBody(error.code, error.message, error.fields);
      if ("reason" in error && typeof error.reason === "string") body.error.reason = error.reason;
      return reply.status(error.status).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const name = issue.instancePath.replace(/^\//, "").replaceAll("/", ".") || "request";
        fields[name] ??= issue.message ?? "is invalid";
      }
      const where = error.validationContext ?? "request";
      const summary = Object.entries(fields)
        .map(([name, message]) => `${name} ${message}`)
        .join("; ");
      const status = where === "body" ? 422 : 400;
      return reply.status(status).send(errorBody(statusCodeName(status), `Invalid ${where}: ${summary}`, fields));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send(errorBody(codeByStatus[status] ?? "bad_request", error.message));
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, "database unavailable");
      return reply
        .status(503)
        .header("retry-after", "5")
        .send(errorBody("unavailable", "The shop is briefly unavailable. Please try again in a moment."));
    }
    request.log.error({ err: error }, "request failed");
    return reply.status(500).send(errorBody("internal", "Something went wrong on our side. Please try again."));
  });
}

/** The JSON 404 of the API; the web host answers it too for any path under /api/. */
export function sendApiNotFound(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return reply.status(404).send(errorBody("not_found", `No API route ${request.method} ${request.url.split("?")[0]}`));
}

export const isApiPath = (url: string): boolean => url === "/api" || url.startsWith("/api/") || url.startsWith("/api?");

export function apiNotFound(app: FastifyInstance): void {
  app.setNotFoundHandler(sendApiNotFound);
}
