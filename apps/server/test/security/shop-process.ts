/**
 * The real shop process for the attack and fault suite: `main.ts` as `npm start` runs it
 * (production build of the web app, bundled PostgreSQL), each on its own DATA_DIR and
 * port. No vitest imports here: ./global-setup.ts uses it too.
 */
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs/promises";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";

const main = fileURLToPath(new URL("../../src/main.ts", import.meta.url));

/**
 * A free port for a shop process, from a small fixed range (4330-4339 unless
 * SECURITY_TEST_PORTS says e.g. "5000-5009"), so the suite stays out of other ports on a shared machine.
 */
export async function shopPort(): Promise<number> {
  const [low, high] = (process.env.SECURITY_TEST_PORTS ?? "4330-4339").split("-").map(Number);
  for (let port = low ?? 4330; port <= (high ?? 4339); port++) {
    if (await bindable(port)) return port;
  }
  throw new Error(`no free port in ${low}-${high}`);
}

function bindable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}

export interface ShopProcess {
  child: ChildProcess;
  port: number;
  url: string;
  dataDir: string;
  exited: Promise<number | null>;
  /** Everything the process wrote to stdout (its JSON log) and stderr so far. */
  output: () => { stdout: string; stderr: string };
  /** Resolves once a stdout line matches. */
  waitForLog: (pattern: RegExp, timeoutMs?: number) => Promise<string>;
}

export function startShop(dataDir: string, port: number, env: Record<string, string> = {}): ShopProcess {
  const child = spawn(process.execPath, [main], {
    env: {
      PATH: process.env.PATH ?? "",
      HOME: os.tmpdir(),
      LOG_LEVEL: "warn",
      SEED_DEMO: "false",
      PORT: String(port),
      DATA_DIR: dataDir,
      AUTH_RATE_LIMIT: "1000",
      SEARCH_RATE_LIMIT: "100000",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  const waiters = new Set<() => void>();
  child.stdout?.on("data", (chunk: Buffer) => {
    stdout += chunk.toString();
    for (const waiter of waiters) waiter();
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return {
    child,
    port,
    url: `http://127.0.0.1:${port}`,
    dataDir,
    exited,
    output: () => ({ stdout, stderr }),
    waitForLog: (pattern, timeoutMs = 30_000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const line = stdout.split("\n").find((candidate) => pattern.test(candidate));
          if (line === undefined) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(line);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no log line matching ${pattern} within ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.add(check);
        check();
      }),
  };
}

export async function waitUntilReady(shop: ShopProcess, timeoutMs = 120_000): Promise<void> {
  let gone = false;
  void shop.exited.then(() => {
    gone = true;
  });
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && !gone) {
    const ok = await fetch(`${shop.url}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const { stdout, stderr } = shop.output();
  throw new Error(`the shop on port ${shop.port} did not become ready:\n${stderr}\n${stdout.slice(-2_000)}`);
}

export async function stopShop(shop: ShopProcess): Promise<void> {
  if (shop.child.exitCode === null && shop.child.signalCode === null) {
    shop.child.kill("SIGTERM");
    const timeout = setTimeout(() => shop.child.kill("SIGKILL"), 15_000);
    await shop.exited;
    clearTimeout(timeout);
  }
  // After a kill -9 the bundled server is orphaned: stop it.
  const pid = await postgresPid(shop.dataDir).catch(() => 0);
  if (pid && alive(pid)) {
    process.kill(pid, "SIGINT");
    for (let waited = 0; waited < 10_000 && alive(pid); waited += 100) await sleep(100);
  }
}

export async function postgresPid(dataDir: string): Promise<number> {
  const text = await fs.readFile(path.join(dataDir, "postgres", "postmaster.pid"), "utf8");
  return Number(text.split("\n")[0]);
}

/** A client on the bundled server's database (port from postmaster.pid, password from postgres.json). */
export async function connectToShopDatabase(dataDir: string): Promise<pg.Client> {
  const pidFile = await fs.readFile(path.join(dataDir, "postgres", "postmaster.pid"), "utf8");
  const port = Number(pidFile.split("\n")[3]);
  const { password } = JSON.parse(await fs.readFile(path.join(dataDir, "postgres.json"), "utf8")) as {
    password: string;
  };
  const client = new pg.Client({ host: "127.0.0.1", port, user: "atelier", password, database: "atelier" });
  // The tests stop and kill this server: a client left open must not crash the test run.
  client.on("error", () => {});
  await client.connect();
  return client;
}

export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Signs in through the real better-auth endpoint; answers the bearer headers. */
export async function signInAs(shop: ShopProcess, email: string, password: string): Promise<Record<string, string>> {
  const response = await fetch(`${shop.url}/api/auth/sign-in/email`, {
    method: "POST",
    // better-auth wants the shop's own origin on sign-in, as a browser sends it.
    headers: { "content-type": "application/json", origin: `http://localhost:${shop.port}` },
    body: JSON.stringify({ email, password }),
  });
  const token = response.headers.get("set-auth-token");
  if (!response.ok || !token) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return { authorization: `Bearer ${token}` };
}
