/**
 * The process as `npm start` runs it: bad configuration, a second start on the same
 * DATA_DIR, recovery after kill -9, and graceful shutdown on SIGTERM. These start the
 * real main.ts with the bundled PostgreSQL in a throw-away DATA_DIR.
 */
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs/promises";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../src/db/embedded.ts";

const main = fileURLToPath(new URL("../../src/main.ts", import.meta.url));
const dev = fileURLToPath(new URL("../../src/dev.ts", import.meta.url));
let dataDir: string;
const started: ChildProcess[] = [];

function run(env: Record<string, string>, entry = main) {
  const child = spawn(process.execPath, [entry], {
    env: { PATH: process.env.PATH ?? "", HOME: os.tmpdir(), LOG_LEVEL: "warn", SEED_DEMO: "false", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  started.push(child);
  let stdout = "";
  let stderr = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { child, exited, output: () => ({ stdout, stderr }) };
}

/** Ready: /readyz answers and the process has printed its address (all its app processes listen). */
async function waitUntilReady(port: number, exited: Promise<unknown>, output: () => { stdout: string }): Promise<void> {
  let gone = false;
  void exited.then(() => {
    gone = true;
  });
  for (let attempt = 0; attempt < 900 && !gone; attempt++) {
    const ok = await fetch(`http://127.0.0.1:${port}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok && output().stdout.includes("is running at")) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("the server did not become ready");
}

async function postgresPid(): Promise<number> {
  const text = await fs.readFile(path.join(dataDir, "postgres", "postmaster.pid"), "utf8");
  return Number(text.split("\n")[0]);
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "atelier-process-"));
});

afterAll(async () => {
  for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  const pid = await postgresPid().catch(() => 0);
  if (pid && alive(pid)) process.kill(pid, "SIGINT");
  await new Promise((resolve) => setTimeout(resolve, 500));
  await fs.rm(dataDir, { recursive: true, force: true });
});

describe("npm start", () => {
  it("stops with one clear line and exit code 1 on a bad variable", async () => {
    const { exited, output } = run({ PORT: "eighty", DATA_DIR: dataDir });
    expect(await exited).toBe(1);
    expect(output().stderr.trim()).toBe('Invalid configuration: PORT must be a number (got "eighty")');
  });

  it("refuses a second start on the same DATA_DIR, survives kill -9, and shuts down gracefully", async () => {
    const port = await freePort();
    const first = run({ PORT: String(port), DATA_DIR: dataDir });
    await waitUntilReady(port, first.exited, first.output);
    expect(first.output().stdout).toContain(`is running at http://localhost:${port}`);

    const second = run({ PORT: String(await freePort()), DATA_DIR: dataDir });
    expect(await second.exited).toBe(1);
    expect(second.output().stderr.trim()).toMatch(
      new RegExp(
        `^Another Atelier process \\(pid ${first.child.pid}\\) is already using DATA_DIR .+; stop it first or set another DATA_DIR\\.$`,
      ),
    );
    expect((await fetch(`http://127.0.0.1:${port}/readyz`)).status).toBe(200);

    // kill -9 leaves the bundled PostgreSQL orphaned; the next start takes over.
    const orphan = await postgresPid();
    first.child.kill("SIGKILL");
    await first.exited;
    expect(alive(orphan)).toBe(true);
    const third = run({ PORT: String(port), DATA_DIR: dataDir });
    await waitUntilReady(port, third.exited, third.output);
    expect(alive(orphan)).toBe(false);
    const genders = await fetch(`http://127.0.0.1:${port}/api/admin/view-genders`);
    expect(genders.status).toBe(200);

    const current = await postgresPid();
    third.child.kill("SIGTERM");
    expect(await third.exited).toBe(0);
    expect(alive(current)).toBe(false);
    await expect(fs.access(path.join(dataDir, "atelier.pid"))).rejects.toThrow();
  }, 180_000);

  it("serves from several app processes, replaces one that dies, and stops them all on SIGTERM", async () => {
    const port = await freePort();
    const shop = run({ PORT: String(port), DATA_DIR: dataDir, WEB_CONCURRENCY: "2", LOG_LEVEL: "info" });
    await waitUntilReady(port, shop.exited, shop.output);
    expect(shop.output().stdout).toContain("(2 processes)");
    // The primary's children: its app processes (main.ts again) and the bundled PostgreSQL.
    const appProcesses = async () => {
      const children = (await fs.readFile(`/proc/${shop.child.pid}/task/${shop.child.pid}/children`, "utf8"))
        .trim()
        .split(/\s+/)
        .filter(Boolean)
        .map(Number);
      const commands = await Promise.all(
        children.map((pid) => fs.readFile(`/proc/${pid}/cmdline`, "utf8").catch(() => "")),
      );
      return children.filter((_pid, index) => commands[index]?.includes("main.ts"));
    };
    const [victim, survivor] = await appProcesses();
    expect(victim && survivor).toBeTruthy();
    // Each runs with glibc's malloc mapping large buffers on their own (ADR 0018).
    for (const pid of [victim, survivor]) {
      const environment = (await fs.readFile(`/proc/${pid}/environ`, "utf8")).split("\0");
      expect(environment.find((line) => line.startsWith("GLIBC_TUNABLES="))).toMatch(
        /glibc\.malloc\.mmap_threshold=\d+/,
      );
    }

    process.kill(victim ?? 0, "SIGKILL");
    // Once the primary has seen the death, the other process answers every new connection
    // while a replacement starts (connections the dead process held went with it).
    for (let waited = 0; waited < 30_000 && !shop.output().stdout.includes("starting another"); waited += 100) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const statusOnNewConnection = (url: string) =>
      new Promise<number>((resolve, reject) =>
        http
          .get(url, { agent: false }, (response) => {
            response.resume();
            resolve(response.statusCode ?? 0);
          })
          .on("error", reject),
      );
    for (let i = 0; i < 10; i++) {
      expect(await statusOnNewConnection(`http://127.0.0.1:${port}/api/admin/view-genders`)).toBe(200);
    }
    let replaced = false;
    for (let waited = 0; waited < 60_000 && !replaced; waited += 250) {
      const now = await appProcesses();
      replaced = now.length === 2 && !now.includes(victim ?? 0);
      if (!replaced) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(replaced).toBe(true);

    const all = await appProcesses();
    const database = await postgresPid();
    shop.child.kill("SIGTERM");
    expect(await shop.exited).toBe(0);
    for (const pid of all) expect(alive(pid)).toBe(false);
    expect(alive(database)).toBe(false);
  }, 180_000);
});

describe("npm run dev", () => {
  // The pages come from Vite's dev server (the app's source),
  // not from the build: its SSR runner must evaluate every package the pages use,
  // CommonJS ones included (ADR 0019).
  it("renders the storefront and the admin from the source", async () => {
    const port = await freePort();
    const shop = run({ PORT: String(port), DATA_DIR: dataDir, WEB_CONCURRENCY: "1" }, dev);
    await waitUntilReady(port, shop.exited, shop.output);
    for (const [url, status, text] of [
      ["/", 200, "Atelier"],
      ["/admin", 200, "Admin Dashboard"],
      ["/no-such-page", 404, "404 - Page Not Found"],
    ] as const) {
      const response = await fetch(`http://127.0.0.1:${port}${url}`);
      const html = await response.text();
      expect(response.status, `${url}: ${html.slice(0, 300)}`).toBe(status);
      expect(html).toMatch(/^<!DOCTYPE html>/i);
      expect(html).toContain(text);
      // The browser loads the app's source through Vite, not a built, hashed asset.
      expect(html).toContain('import("/app/entry.client.tsx")');
    }
    shop.child.kill("SIGTERM");
    expect(await shop.exited).toBe(0);
  }, 180_000);
});
