/**
 * One app as a process of its own, for tests that kill it (`kill -9` leaves its running
 * jobs behind, as a crashed machine does): the configuration comes from the environment
 * like main.ts', `TEST_JOBS` holds the job queue's timings as JSON. It listens on a free
 * loopback port and prints `listening <port>`.
 */
import { composeApp } from "../../src/compose.ts";
import { loadConfig } from "../../src/config.ts";
import { createDb } from "../../src/db/client.ts";

const config = loadConfig();
if (!config.databaseUrl) throw new Error("DATABASE_URL is required");
const { db, pool } = createDb(config.databaseUrl, { max: 3 });
const { app } = await composeApp(
  { config, db, pool, jobs: JSON.parse(process.env.TEST_JOBS ?? "{}") },
  { viewsFlushEveryMs: 0 },
);
await app.listen({ port: 0, host: "127.0.0.1" });
const address = app.server.address();
process.stdout.write(`listening ${typeof address === "object" && address ? address.port : 0}\n`);
