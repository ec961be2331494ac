/**
 * One app as a process of its own, for tests that kill it (`kill -9` leaves its running
 * jobs behind, as a crashed machine does): the configuration comes from the environment
 * like main.ts', `TEST_JOBS` holds the job queue's timings as JSON. It listens on a free
 * loopback port and prints `listening <port>`.
 *
 * With `TEST_DIE_AFTER_ORDER_COMMIT=1` the process kills itself (SIGKILL) the moment the
 * COMMIT of a transaction that wrote an order returns: nothing after the commit runs, as
 * when a machine dies right then (issue 37: the confirmation mail must not be lost).
 */
import { composeApp } from "../../src/compose.ts";
import { loadConfig } from "../../src/config.ts";
import { createDb } from "../../src/db/client.ts";

const config = loadConfig();
if (!config.databaseUrl) throw new Error("DATABASE_URL is required");
const { db, pool } = createDb(config.databaseUrl, { max: 3 });
if (process.env.TEST_DIE_AFTER_ORDER_COMMIT === "1") {
  pool.on("connect", (client) => {
    let wroteOrder = false;
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
      const first = args[0];
      const text = typeof first === "string" ? first : ((first as { text?: string } | null)?.text ?? "");
      if (/insert into buying_history/i.test(text)) wroteOrder = true;
      const result = query(...args);
      if (/^\s*(commit|rollback)\b/i.test(text)) {
        const committed = wroteOrder && /^\s*commit/i.test(text);
        wroteOrder = false;
        if (committed && result instanceof Promise) {
          void result.then(() => process.kill(process.pid, "SIGKILL"));
        }
      }
      return result;
    };
  });
}
const { app } = await composeApp(
  { config, db, pool, jobs: JSON.parse(process.env.TEST_JOBS ?? "{}") },
  { viewsFlushEveryMs: 0 },
);
await app.listen({ port: 0, host: "127.0.0.1" });
const address = app.server.address();
process.stdout.write(`listening ${typeof address === "object" && address ? address.port : 0}\n`);
