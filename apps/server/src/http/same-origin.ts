/**
 * Refuses state-changing API requests sent from another origin (CSRF): an Origin header
 * that is not the shop's, or a browser saying the request is cross-site. Requests without
 * either (curl, server-to-server with a bearer token) carry no ambient credentials to abuse.
 */
import type { FastifyRequest, onRequestHookHandler } from "fastify";
import { ForbiddenError } from "../errors.ts";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export function sameOriginOnly(trustedOrigins: readonly string[]): onRequestHookHandler {
  const check = sameOriginCheck(trustedOrigins);
  return async (request) => check(request);
}

/** The check itself: throws ForbiddenError (403) for a state-changing request from another site. */
export function sameOriginCheck(trustedOrigins: readonly string[]): (request: FastifyRequest) => void {
  const trusted = new Set(trustedOrigins);
  return (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    const origin = request.headers.origin;
    if (origin !== undefined && origin !== "null" && trusted.has(origin)) return;
    if (origin !== undefined || request.headers["sec-fetch-site"] === "cross-site") {
      throw new ForbiddenError("Requests from other sites are not allowed.");
    }
  };
}
