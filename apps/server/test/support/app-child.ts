/**
 * Starts support/app-process.ts (one app as a process of its own, for tests that kill it)
 * on a test database and waits for it to listen. The caller keeps the child to kill it.
 */
import { type ChildProcess, spawn } from "node:child_process";
import os from "node:os";
import { fileURLToPath } from "node:url";
import { inject } from "vitest";
import { eventually } from "./index.ts";

const script = fileURLToPath(new URL("./app-process.ts", import.meta.url));

export async function startAppProcess(
  databaseUrl: string,
  env: Record<string, string>,
  onStart: (child: ChildProcess) => void,
): Promise<{ child: ChildProcess; port: number }> {
  const { dataDir } = inject("testDatabase");
  const child = spawn(process.execPath, [script], {
    env: {
      PATH: process.env.PATH ?? "",
      HOME: os.tmpdir(),
      NODE_ENV: "test",
      LOG_LEVEL: "silent",
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      PUBLIC_URL: "http://localhost:3000",
      AUTH_SECRET: "test-secret-that-is-long-enough-for-better-auth",
      ...env,
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  onStart(child);
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  const port = await eventually(() => /listening (\d+)/.exec(output)?.[1], {
    timeoutMs: 60_000,
    everyMs: 100,
    what: "the app process listening",
  });
  return { child, port: Number(port) };
}
