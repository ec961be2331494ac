/** Liveness (/healthz: the process answers) and readiness (/readyz: the database answers). */
import { Health } from "@atelier/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type pg from "pg";

export function healthRoutes(pool: pg.Pool) {
  return async (app: FastifyInstance) => {
    const typed = app.withTypeProvider<ZodTypeProvider>();
    const schema = { tags: ["operations"], response: { 200: Health, 503: Health } };
    typed.get("/healthz", { schema: { ...schema, summary: "Liveness" } }, async () => ({ status: "ok" as const }));
    typed.get(
      "/readyz",
      { schema: { ...schema, summary: "Readiness: the database answers" } },
      async (request, reply) => {
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
