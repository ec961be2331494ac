/**
 * The machine's ceiling for a run: a bare Fastify server with one route that answers,
 * from memory, the exact bytes and content-type of the real server's 24-product
 * listing. No database, no validation, no plugins: whatever the real server reaches
 * is compared with this. Run as a child process (so that it does not share the
 * benchmark's CPU time with autocannon) by server-process.ts.
 *
 * Environment: BODY_FILE (the answer's bytes), CONTENT_TYPE, ROUTE (the path to
 * answer on, without the query string), PORT and HOST.
 */
import { readFileSync } from "node:fs";
import Fastify from "fastify";

function required(name: string): string {
  const value = process.env[name];
  if (!value) {
    process.stderr.write(`ceiling-server: ${name} is not set\n`);
    process.exit(1);
  }
  return value;
}

const body = readFileSync(required("BODY_FILE"));
const contentType = required("CONTENT_TYPE");
const route = required("ROUTE");
const port = Number(required("PORT"));
const host = process.env.HOST ?? "127.0.0.1";

const app = Fastify({ logger: false });
app.get(route, (_request, reply) => {
  reply.header("content-type", contentType).send(body);
});

process.once("SIGTERM", () => {
  void app.close().then(() => process.exit(0));
});

await app.listen({ port, host });
