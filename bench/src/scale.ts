/**
 * The `scale` step: the same storefront HTML (home) and JSON (the listing) read from
 *
 * - one app process (`WEB_CONCURRENCY=1`),
 * - the bench's server, which runs one app process per CPU (the default), and
 * - three one-process apps behind HAProxy (Debian's package), standing in for three
 *   machines, health-checked on /readyz,
 *
 * all on the bench's bundled database, with the ratios: all cores ÷ one process (the aim
 * on a 2-core machine is ≥ 1.6× for HTML) and behind the balancer ÷ one process directly.
 * Without HAProxy the balancer rows are skipped, saying so.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { embeddedUrl } from "./buying.ts";
import { type LoadResult, measure } from "./load.ts";
import { delay, freePort, type ManagedProcess, startProcess, waitUntilReady } from "./server-process.ts";

export interface ScaleRow {
  name: string;
  description: string;
  load: LoadResult;
}

export interface ScaleResult {
  processes: number;
  rows: ScaleRow[];
  /** All cores ÷ one process. */
  coresRatio: { html: number; json: number };
  /** Three processes behind HAProxy ÷ one process directly; null without HAProxy. */
  balancerRatio: { html: number; json: number } | null;
}

function haproxyBinary(): string | undefined {
  for (const candidate of ["/usr/sbin/haproxy", "/usr/bin/haproxy"]) {
    try {
      execFileSync(candidate, ["-v"], { stdio: "ignore" });
      return candidate;
    } catch {}
  }
  return undefined;
}

export async function measureScale(options: {
  /** Node's arguments for the server: `npm start`'s flags and main.ts. */
  serverArgs: string[];
  cwd: string;
  workDir: string;
  dataDir: string;
  /** The bench's server (every core). */
  base: string;
  processes: number;
  /** Paths of the two targets: an HTML page and a JSON read. */
  htmlPath: string;
  jsonPath: string;
  durationSeconds: number;
  warmupSeconds: number;
  connections: number;
  env: (extra: Record<string, string>) => NodeJS.ProcessEnv;
  say: (line: string) => void;
}): Promise<ScaleResult> {
  const databaseUrl = embeddedUrl(options.dataDir, "atelier");
  const started: ManagedProcess[] = [];
  let balancer: ChildProcess | undefined;
  const startOne = async (name: string) => {
    const port = await freePort();
    const child = startProcess(name, options.serverArgs, {
      cwd: options.cwd,
      env: options.env({
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: options.dataDir,
        DATABASE_URL: databaseUrl,
        WEB_CONCURRENCY: "1",
        SEED_DEMO: "false",
        LOG_LEVEL: "warn",
        NODE_ENV: "production",
        SHUTDOWN_DRAIN_MS: "0",
      }),
    });
    started.push(child);
    const base = `http://127.0.0.1:${port}`;
    await waitUntilReady(child, `${base}/readyz`, 180_000);
    return { base, port };
  };
  const rows: ScaleRow[] = [];
  const run = async (name: string, description: string, url: string) => {
    options.say(`Measuring ${name}: ${options.durationSeconds} s after ${options.warmupSeconds} s warm-up …`);
    const load = await measure({
      url,
      connections: options.connections,
      durationSeconds: options.durationSeconds,
      warmupSeconds: options.warmupSeconds,
    });
    rows.push({ name, description, load });
    return load.rps;
  };

  try {
    options.say("Starting one app process (WEB_CONCURRENCY=1) on the same database …");
    const single = await startOne("single");
    const html1 = await run(
      "html, 1 process",
      `GET ${options.htmlPath}, WEB_CONCURRENCY=1`,
      `${single.base}${options.htmlPath}`,
    );
    const json1 = await run(
      "json, 1 process",
      `GET ${options.jsonPath}, WEB_CONCURRENCY=1`,
      `${single.base}${options.jsonPath}`,
    );
    const all = `${options.processes} processes`;
    const htmlAll = await run(
      `html, ${all}`,
      `GET ${options.htmlPath}, every core`,
      `${options.base}${options.htmlPath}`,
    );
    const jsonAll = await run(
      `json, ${all}`,
      `GET ${options.jsonPath}, every core`,
      `${options.base}${options.jsonPath}`,
    );
    const coresRatio = { html: htmlAll / html1, json: jsonAll / json1 };

    const haproxy = haproxyBinary();
    if (!haproxy) {
      options.say("HAProxy is not installed (apt-get install haproxy): skipping the balancer rows.");
      return { processes: options.processes, rows, coresRatio, balancerRatio: null };
    }
    options.say("Starting two more one-process apps and HAProxy in front of the three …");
    const others = [await startOne("single-2"), await startOne("single-3")];
    const lbPort = await freePort();
    const config = path.join(options.workDir, "haproxy.cfg");
    await writeFile(
      config,
      [
        "global",
        "  maxconn 4000",
        "defaults",
        "  mode http",
        "  timeout connect 2s",
        "  timeout client 30s",
        "  timeout server 30s",
        "frontend shop",
        `  bind 127.0.0.1:${lbPort}`,
        "  option forwardfor",
        "  default_backend apps",
        "backend apps",
        "  balance roundrobin",
        "  option httpchk GET /readyz",
        "  http-check expect status 200",
        "  default-server inter 1s fall 2 rise 1",
        ...[single, ...others].map((app, index) => `  server app${index + 1} 127.0.0.1:${app.port} check`),
        "",
      ].join("\n"),
    );
    balancer = spawn(haproxy, ["-f", config, "-db"], { stdio: "ignore" });
    const lb = `http://127.0.0.1:${lbPort}`;
    for (let attempt = 0; attempt < 100; attempt++) {
      const ok = await fetch(`${lb}/readyz`).then(
        (response) => response.ok,
        () => false,
      );
      if (ok) break;
      await delay(100);
    }
    await delay(2_000); // every server's first health checks
    const htmlLb = await run(
      "html, 3 × 1 behind HAProxy",
      `GET ${options.htmlPath} through HAProxy`,
      `${lb}${options.htmlPath}`,
    );
    const jsonLb = await run(
      "json, 3 × 1 behind HAProxy",
      `GET ${options.jsonPath} through HAProxy`,
      `${lb}${options.jsonPath}`,
    );
    return {
      processes: options.processes,
      rows,
      coresRatio,
      balancerRatio: { html: htmlLb / html1, json: jsonLb / json1 },
    };
  } finally {
    balancer?.kill("SIGTERM");
    await Promise.all(started.map((child) => child.stop(15_000)));
  }
}

export function formatScale(result: ScaleResult): string {
  const lines = [
    `Scale (one process, ${result.processes} processes, three behind HAProxy; same database)`,
    "  target                          req/s     p50 ms     p99 ms   non-2xx",
  ];
  for (const row of result.rows) {
    lines.push(
      `  ${row.name.padEnd(28)} ${row.load.rps.toFixed(0).padStart(8)} ${row.load.p50.toFixed(1).padStart(10)} ${row.load.p99.toFixed(1).padStart(10)} ${String(row.load.non2xx + row.load.errors).padStart(9)}`,
    );
  }
  lines.push(
    `  all cores ÷ 1 process: HTML ${result.coresRatio.html.toFixed(2)}× (aim ≥ 1.6×), JSON ${result.coresRatio.json.toFixed(2)}×`,
  );
  lines.push(
    result.balancerRatio
      ? `  3 behind HAProxy ÷ 1 process directly: HTML ${result.balancerRatio.html.toFixed(2)}×, JSON ${result.balancerRatio.json.toFixed(2)}×`
      : "  behind HAProxy: not measured (HAProxy is not installed)",
  );
  return lines.join("\n");
}
