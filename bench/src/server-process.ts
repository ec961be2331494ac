/**
 * The benchmark's child processes: the seed CLI, the real Atelier server and the bare
 * Fastify ceiling server. This module owns starting them, waiting until they answer,
 * reading their resident memory (VmRSS in /proc/<pid>/status), and stopping them.
 *
 * Every child runs in its own process group, so a Ctrl-C in the terminal reaches only
 * the benchmark, which then sends each child exactly one SIGTERM by PID and waits for
 * it (the server stops its bundled PostgreSQL gracefully on SIGTERM). Every child is
 * tracked until it exits, so `stopAll()` (from a finally block or a signal handler)
 * leaves nothing running.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { readdir, readFile } from "node:fs/promises";
import { createServer } from "node:net";

export interface ChildExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface ManagedProcess {
  name: string;
  pid: number;
  /** The last lines the child wrote to stdout and stderr, for error messages. */
  output: () => string;
  exited: Promise<ChildExit>;
  hasExited: () => boolean;
  /** SIGTERM by PID, wait up to `graceMs`, then SIGKILL the child's process group. */
  stop: (graceMs?: number) => Promise<void>;
}

export interface StartOptions {
  /** The child's whole environment (nothing is inherited implicitly). */
  env: NodeJS.ProcessEnv;
  cwd: string;
  /** Also copy the child's output to this process's stderr as it arrives. */
  echo?: boolean;
}

const OUTPUT_LIMIT = 16_000;
const running = new Set<ManagedProcess>();

export function startProcess(name: string, args: string[], options: StartOptions): ManagedProcess {
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: options.cwd,
    env: options.env,
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let output = "";
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString("utf8")).slice(-OUTPUT_LIMIT);
    if (options.echo) process.stderr.write(chunk);
  };
  child.stdout?.on("data", collect);
  child.stderr?.on("data", collect);

  let exitedFlag = false;
  const exited = new Promise<ChildExit>((resolve) => {
    child.on("error", (error) => collect(Buffer.from(`\n${String(error)}\n`)));
    // "exit", not "close": a grandchild (PostgreSQL) must not keep this waiting on a pipe.
    child.once("exit", (code, signal) => {
      exitedFlag = true;
      resolve({ code, signal });
    });
  });
  if (child.pid === undefined) throw new Error(`Could not start ${name} (node ${args.join(" ")}).`);
  const pid = child.pid;

  // One stop per child, however many callers ask (a finally block and a signal handler).
  let stopping: Promise<void> | undefined;
  const stop = async (graceMs: number) => {
    if (exitedFlag) return;
    signal(pid, "SIGTERM");
    const timedOut = await Promise.race([exited.then(() => false), delay(graceMs).then(() => true)]);
    if (timedOut) {
      process.stderr.write(`${name} (pid ${pid}) did not stop within ${graceMs / 1000} s: killing it.\n`);
      signal(-pid, "SIGKILL");
      await exited;
    }
  };

  const managed: ManagedProcess = {
    name,
    pid,
    output: () => output,
    exited,
    hasExited: () => exitedFlag,
    stop: (graceMs = 30_000) => {
      stopping ??= stop(graceMs);
      return stopping;
    },
  };
  running.add(managed);
  void exited.then(() => running.delete(managed));
  return managed;
}

/** Runs a child to completion; resolves with its duration and output, rejects with its output if it fails. */
export async function runToCompletion(
  name: string,
  args: string[],
  options: StartOptions,
): Promise<{ ms: number; output: string }> {
  const started = performance.now();
  const child = startProcess(name, args, options);
  const { code, signal: killedBy } = await child.exited;
  if (code !== 0) {
    const how = killedBy ? `was killed by ${killedBy}` : `exited with code ${code}`;
    throw new ChildFailedError(`${name} ${how}.`, child.output());
  }
  return { ms: performance.now() - started, output: child.output() };
}

export class ChildFailedError extends Error {
  override name = "ChildFailedError";
  readonly output: string;
  constructor(message: string, output: string) {
    super(message);
    this.output = output;
  }
}

/**
 * Polls `url` until it answers 200. Fails early if the child exits, and after
 * `timeoutMs` otherwise; either way the error carries the child's output.
 */
export async function waitUntilReady(child: ManagedProcess, url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = "no answer yet";
  while (Date.now() < deadline) {
    if (child.hasExited()) {
      const { code, signal: killedBy } = await child.exited;
      throw new ChildFailedError(
        `${child.name} exited (${killedBy ?? `code ${code}`}) before ${url} answered 200.`,
        child.output(),
      );
    }
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      await response.arrayBuffer();
      if (response.status === 200) return;
      last = `HTTP ${response.status}`;
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    }
    await delay(250);
  }
  throw new ChildFailedError(
    `${child.name} did not answer 200 on ${url} within ${timeoutMs / 1000} s (last: ${last}).`,
    child.output(),
  );
}

/** Resident set size of a process in bytes (VmRSS from /proc/<pid>/status), if readable. */
export async function readRss(pid: number): Promise<number | undefined> {
  try {
    const status = await readFile(`/proc/${pid}/status`, "utf8");
    const match = /^VmRSS:\s+(\d+)\s+kB$/m.exec(status);
    return match?.[1] ? Number(match[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Resident memory of the app's Node processes: `pid` and its Node descendants (a cluster
 * primary and the app processes it forked; the bundled PostgreSQL's processes are not
 * Node's and are left out). Undefined where /proc cannot be read.
 */
export async function readAppRss(pid: number): Promise<{ largestBytes: number; totalBytes: number } | undefined> {
  try {
    const stats = await Promise.all(
      (await readdir("/proc"))
        .filter((name) => /^\d+$/.test(name))
        .map(async (name) => {
          try {
            const stat = await readFile(`/proc/${name}/stat`, "utf8");
            // pid (comm) state ppid …: comm may hold spaces, so read after its closing parenthesis.
            const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
            // Node names its main thread "MainThread": the program, not the name, says it is Node.
            const argv0 = (await readFile(`/proc/${name}/cmdline`, "utf8")).split("\0")[0];
            return { pid: Number(name), ppid, node: argv0 === process.execPath };
          } catch {
            return undefined;
          }
        }),
    );
    const children = new Map<number, { pid: number; node: boolean }[]>();
    for (const entry of stats) {
      if (entry) children.set(entry.ppid, [...(children.get(entry.ppid) ?? []), entry]);
    }
    const tree: number[] = [pid];
    for (let at = 0; at < tree.length; at++) {
      for (const child of children.get(tree[at] as number) ?? []) if (child.node) tree.push(child.pid);
    }
    const sizes = (await Promise.all(tree.map((id) => readRss(id)))).filter((size) => size !== undefined);
    if (sizes.length === 0) return undefined;
    return { largestBytes: Math.max(...sizes), totalBytes: sizes.reduce((sum, size) => sum + size, 0) };
  } catch {
    return undefined;
  }
}

/** A TCP port that was free on 127.0.0.1 a moment ago. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = address && typeof address === "object" ? address.port : 0;
      server.close(() => (port ? resolve(port) : reject(new Error("Could not find a free port."))));
    });
  });
}

/** Stops every child that is still running, in parallel, and waits for them. */
export async function stopAll(): Promise<void> {
  await Promise.all([...running].map((child) => child.stop()));
}

/**
 * Last resort when this process exits without having stopped its children (an
 * uncaught error): one SIGTERM each, synchronously, so that none is left behind.
 */
process.once("exit", () => {
  for (const child of running) if (!child.hasExited()) signal(child.pid, "SIGTERM");
});

function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch {
    // already gone
  }
}

export function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Safety net for when a child was killed before it could stop its bundled PostgreSQL:
 * the postmaster named in DATA_DIR/postgres/postmaster.pid (if it is still a running
 * postgres) gets SIGINT, PostgreSQL's fast shutdown, and is waited for.
 */
export async function stopLeftoverPostgres(dataDir: string, timeoutMs = 30_000): Promise<void> {
  let pid: number;
  try {
    const text = await readFile(`${dataDir}/postgres/postmaster.pid`, "utf8");
    pid = Number.parseInt(text.split("\n")[0] ?? "", 10);
  } catch {
    return;
  }
  if (!Number.isInteger(pid) || pid <= 0 || !(await isPostgres(pid))) return;
  process.stderr.write(`Stopping a PostgreSQL left running in ${dataDir} (pid ${pid}).\n`);
  signal(pid, "SIGINT");
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && (await isPostgres(pid))) await delay(100);
}

async function isPostgres(pid: number): Promise<boolean> {
  try {
    const cmdline = await readFile(`/proc/${pid}/cmdline`, "utf8");
    const status = await readFile(`/proc/${pid}/status`, "utf8");
    return cmdline.includes("postgres") && !/^State:\s+Z/m.test(status);
  } catch {
    return false;
  }
}
