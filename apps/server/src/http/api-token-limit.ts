/**
 * Admin API tokens are rate-limited per token (issue 38 item 2, ADR 0024): `API_TOKEN_RATE_LIMIT`
 * requests a minute (600 by default), counted by the /api scope's @fastify/rate-limit, so in
 * Redis across processes when REDIS_URL is set. Counted before the token is looked up, so a
 * flood costs no database work; the key is the token's hash, never the token. Over the limit:
 * 429 `rate_limited` with `Retry-After`.
 */
import type { FastifyInstance, onRequestHookHandler } from "fastify";
import { RateLimitedError } from "../errors.ts";
import { apiTokenOf, hashApiToken, isAdminApiPath } from "../modules/identity/index.ts";

export function apiTokenRateLimit(api: FastifyInstance, perMinute: number): onRequestHookHandler {
  const count = api.createRateLimit({
    max: perMinute,
    timeWindow: "1 minute",
    keyGenerator: (request) => `api-token:${hashApiToken(apiTokenOf(request.headers.authorization) ?? "")}`,
  });
  return async (request, reply) => {
    if (!isAdminApiPath(request.routeOptions.url ?? "") || !apiTokenOf(request.headers.authorization)) return;
    const result = await count(request);
    if (result.isAllowed) return;
    reply.header("x-ratelimit-limit", result.max);
    reply.header("x-ratelimit-remaining", result.remaining);
    reply.header("x-ratelimit-reset", result.ttlInSeconds);
    if (result.isExceeded) {
      reply.header("retry-after", result.ttlInSeconds);
      throw new RateLimitedError(`Too many requests with this API token. Try again in ${result.ttlInSeconds} s.`);
    }
  };
}
