/**
 * Liveness (/healthz: the process answers) and readiness (/readyz: the database answers
 * and the process is not draining: once it is shutting down, a load balancer's health
 * check takes it out of rotation before it stops accepting connections).
 */
import { ErrorBody, Health } from "@atelier/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type pg from "pg";

export interface Lifecycle {
  /** Set at the start of a graceful shutdown: /readyz answers 503 from then on. */
  draining: boolean;
}

export function healthRoutes(pool: pg.Pool, lifecycle: Lifecycle) {
  return async (app: FastifyInstance) => {
    const typed = app.withTypeProvider<ZodTypeProvider>();
    // 4xx: what the edge answers any path (a NUL byte or invalid UTF-8 in the query, http/edge.ts).
    const schema = { tags: ["operations"], security: [], response: { 200: Health, "4xx": ErrorBody, 503: Health } };
    typed.get("/healthz", { schema: { ...schema, summary: "Liveness" } }, async () => ({ status: "ok" as const }));
    typed.get(
      "/readyz",
      { schema: { ...schema, summary: "Readiness: the database answers" } },
      async (request, reply) => {
        if (lifecycle.draining) return reply.status(503).send({ status: "unavailable" as const });
        try {
          await pool.query("select 1");
          return { status: "ok" as const };
        } catch (error) {
          request.log.warn({ err: error }, "readiness check failed");
          return reply.status(503).send({ status: "unavailable" as const });
        }
      },
    );
  };
}
