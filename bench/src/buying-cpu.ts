/**
 * Not a step of `npm run bench`: the CPU an order costs the app process.
 *
 *   node bench/src/buying-cpu.ts --data DIR [--seconds 20] [--buyers 20] [--cpu-prof DIR]
 *
 * Starts the real server with WEB_CONCURRENCY=1 (one app process, which also owns the
 * bundled PostgreSQL) on a data directory seeded beforehand (`node
 * apps/server/src/db/seed/cli.ts --products 2000` with DATA_DIR=DIR; the directory is
 * used as is, so copy a pristine one for each run), runs the `buying` step's loop
 * (add to cart, place order) for a warm-up and then `--seconds`, and prints the Node
 * process's CPU time (user + system, /proc/<pid>/stat) and PostgreSQL's (every process
 * whose command line names DIR's postgres) divided by the orders placed: a number far
 * less sensitive to a shared machine than orders per second. `--cpu-prof DIR` starts the
 * server under `node --cpu-prof` and leaves the profile (written at its exit) in DIR.
 */
import { execFile } from "node:child_process";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs, promisify } from "node:util";
import pg from "pg";
import { embeddedUrl, findPgbench, measureBuying } from "./buying.ts";
import { freePort, startProcess, stopAll, waitUntilReady } from "./server-process.ts";

const root = fileURLToPath(new URL("../../", import.meta.url));
const { values } = parseArgs({
  options: {
    data: { type: "string" },
    seconds: { type: "string", default: "20" },
    warmup: { type: "string", default: "5" },
    buyers: { type: "string", default: "20" },
    "cpu-prof": { type: "string" },
    /** Print PostgreSQL's statements by total time (needs pg_stat_statements preloaded in DIR). */
    "sql-stats": { type: "boolean", default: false },
    /** Then run pgbench's TPC-B-like transaction for as long and print PostgreSQL's CPU per transaction. */
    pgbench: { type: "boolean", default: false },
  },
});
if (!values.data) throw new Error("--data DIR (a seeded DATA_DIR) is required");
const dataDir = path.resolve(values.data);
const ticks = 100; // USER_HZ on Linux

/** CPU milliseconds (user + system) of a process; with `reaped`, plus its children that have exited. */
async function cpuMs(pid: number, reaped = false): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const children = reaped ? Number(fields[13]) + Number(fields[14]) : 0;
  return ((Number(fields[11]) + Number(fields[12]) + children) * 1000) / ticks;
}

/**
 * CPU milliseconds of every PostgreSQL process of this data directory (the postmaster and
 * its children), by kind: "backend" for the connections' processes, else the process'
 * title ("autovacuum worker", "walwriter", …). Processes that exited (autovacuum workers,
 * pgbench's connections) count under "exited": the postmaster's reaped children.
 */
async function postgresCpuMs(): Promise<Map<string, number>> {
  const postmaster = Number((await readFile(path.join(dataDir, "postgres", "postmaster.pid"), "utf8")).split("\n")[0]);
  const byKind = new Map<string, number>();
  for (const name of await readdir("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = await readFile(`/proc/${name}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (Number(name) !== postmaster && ppid !== postmaster) continue;
      const title = (await readFile(`/proc/${name}/cmdline`, "utf8")).replaceAll("\0", " ").trim();
      const kind =
        Number(name) === postmaster
          ? "postmaster"
          : /^postgres: \S+ \S+ [\d.:]+\(/.test(title)
            ? "backend"
            : title.replace(/^postgres: /, "").replace(/ \d.*$/, "");
      byKind.set(kind, (byKind.get(kind) ?? 0) + (await cpuMs(Number(name))));
      if (kind === "postmaster") {
        byKind.set("exited", (await cpuMs(Number(name), true)) - (await cpuMs(Number(name))));
      }
    } catch {
      // gone
    }
  }
  return byKind;
}

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const profileArgs = values["cpu-prof"]
  ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(values["cpu-prof"])}`, "--cpu-prof-interval=200"]
  : [];
const { DATABASE_URL: _ignored, ...env } = process.env;
const server = startProcess("server", [...profileArgs, path.join(root, "apps/server/src/main.ts")], {
  cwd: root,
  env: {
    ...env,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    NODE_ENV: "production",
    WEB_CONCURRENCY: "1",
    SEARCH_RATE_LIMIT: "10000000",
    AUTH_RATE_LIMIT: "100000",
    SEED_DEMO_ORDERS: "0",
  },
});
try {
  await waitUntilReady(server, `${base}/readyz`, 180_000);
  const say = (line: string) => process.stdout.write(`${line}\n`);
  const buyers = Number(values.buyers);
  await measureBuying({
    api: `${base}/api`,
    dataDir,
    durationSeconds: Number(values.warmup),
    warmupSeconds: 0,
    buyers,
    pgbench: false,
    say: () => {},
  });
  const stats = values["sql-stats"] ? new pg.Client(embeddedUrl(dataDir, "atelier")) : undefined;
  if (stats) {
    await stats.connect();
    stats.on("error", () => {}); // the server stopping at the end
    await stats.query("create extension if not exists pg_stat_statements");
    await stats.query("select pg_stat_statements_reset()");
    await stats.query("select pg_stat_reset()");
  }
  const nodeBefore = await cpuMs(server.pid);
  const pgBefore = await postgresCpuMs();
  const result = await measureBuying({
    api: `${base}/api`,
    dataDir,
    durationSeconds: Number(values.seconds),
    warmupSeconds: 0,
    buyers,
    pgbench: false,
    say,
  });
  const nodeMs = (await cpuMs(server.pid)) - nodeBefore;
  const pgAfter = await postgresCpuMs();
  const pgByKind = [...pgAfter].map(([kind, ms]) => [kind, ms - (pgBefore.get(kind) ?? 0)] as const);
  const pgMs = pgByKind.reduce((sum, [, ms]) => sum + ms, 0);
  const orders = result.placeOrder.count;
  const adds = result.addToCart.count;
  say(
    `add to cart ${result.addToCart.perSecond.toFixed(1)}/s p50 ${result.addToCart.p50.toFixed(1)} p99 ${result.addToCart.p99.toFixed(1)} ms; ` +
      `place order ${result.placeOrder.perSecond.toFixed(1)}/s p50 ${result.placeOrder.p50.toFixed(1)} p99 ${result.placeOrder.p99.toFixed(1)} ms; ` +
      `failures ${result.addToCart.failures}/${result.placeOrder.failures}`,
  );
  say(
    `${orders} orders, ${adds} adds in ${result.durationSeconds.toFixed(1)} s: Node CPU ${nodeMs.toFixed(0)} ms = ` +
      `${(nodeMs / orders).toFixed(2)} ms per order (add + order); PostgreSQL CPU ${(pgMs / orders).toFixed(2)} ms per order`,
  );
  say(
    `  PostgreSQL by kind (ms per order): ${pgByKind
      .filter(([, ms]) => ms > 0)
      .sort((a, b) => b[1] - a[1])
      .map(([kind, ms]) => `${kind} ${(ms / orders).toFixed(2)}`)
      .join(", ")}`,
  );
  if (stats) {
    const { rows } = await stats.query(
      `select calls, round(total_exec_time::numeric, 0) as ms, round((total_exec_time / greatest(calls, 1))::numeric, 3) as each_ms,
              plans, round((total_plan_time / greatest(plans, 1))::numeric, 3) as plan_ms,
              rows, left(regexp_replace(query, '\\s+', ' ', 'g'), 120) as query
       from pg_stat_statements order by total_exec_time + total_plan_time desc limit 25`,
    );
    say("  calls  exec ms  ms/call  plans  ms/plan    rows  statement");
    for (const row of rows) {
      say(
        `${String(row.calls).padStart(7)} ${String(row.ms).padStart(8)} ${String(row.each_ms).padStart(8)} ${String(row.plans).padStart(6)} ${String(row.plan_ms).padStart(8)} ${String(row.rows).padStart(7)}  ${row.query}`,
      );
    }
    const functions = await stats.query(
      `select funcname, calls, round(total_time::numeric, 0) as ms, round(self_time::numeric, 0) as self_ms
       from pg_stat_user_functions order by total_time desc limit 12`,
    );
    for (const row of functions.rows)
      say(
        `${String(row.calls).padStart(7)} ${String(row.ms).padStart(7)} ms (self ${row.self_ms} ms)  function ${row.funcname}`,
      );
    await stats.end();
  }
  const binary = values.pgbench ? findPgbench() : null;
  if (binary) {
    const run = promisify(execFile);
    const admin = new pg.Client(embeddedUrl(dataDir, "postgres"));
    await admin.connect();
    await admin.query("drop database if exists bench_pgbench");
    await admin.query("create database bench_pgbench");
    const url = embeddedUrl(dataDir, "bench_pgbench");
    await run(binary, ["-i", "-q", "-s", "10", url], { maxBuffer: 16 * 1024 * 1024 });
    const total = (byKind: Map<string, number>) => [...byKind.values()].reduce((sum, ms) => sum + ms, 0);
    const before = total(await postgresCpuMs());
    const { stdout } = await run(
      binary,
      ["-b", "tpcb-like", "-c", String(buyers), "-j", "2", "-T", values.seconds, "-n", url],
      { maxBuffer: 16 * 1024 * 1024 },
    );
    const spent = total(await postgresCpuMs()) - before;
    const transactions = Number(/number of transactions actually processed: (\d+)/.exec(stdout)?.[1] ?? Number.NaN);
    const tps = Number(/tps = ([\d.]+)/.exec(stdout)?.[1] ?? Number.NaN);
    say(
      `pgbench tpcb-like: ${tps.toFixed(0)} tps, PostgreSQL CPU ${(spent / transactions).toFixed(3)} ms per transaction; ` +
        `orders/s ÷ pgbench tps = ${(result.placeOrder.perSecond / tps).toFixed(3)}`,
    );
    await admin.query("drop database if exists bench_pgbench");
    await admin.end();
  }
} finally {
  await stopAll();
}
