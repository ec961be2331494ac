/**
 * How a shop process gives back the memory its start-up used (issue 18, ADR 0018).
 *
 * Measured at 10,000 products: an app process held ~540 MB right after starting although
 * ~100 MB of its heap was live. Starting up (loading and type-stripping the modules, the
 * server-rendered app, the search index's build) allocates a few hundred MB that are
 * garbage once the process listens, and V8 keeps the pages a collection frees in a pool
 * for reuse, committed: only a memory-reducing collection gives them back to the system.
 * Nothing in a busy server triggers one, so the process kept its start-up peak for good.
 *
 * `--expose-gc` lets `releaseStartupMemory` run one such collection, once, before the
 * process listens (~225 MB afterwards). Every shop process runs with it: `npm start`
 * passes it, and the cluster's primary forks its app processes with it however it was
 * started itself.
 *
 * Load grows a process again (the young generation to V8's size for the machine, the old
 * generation's peak under concurrent renders, both kept in V8's pool), so `collectWhenIdle`
 * runs the same collection once a serving process has been quiet for IDLE_GC_SECONDS after
 * growing (ADR 0018, "After load").
 *
 * What a collection frees outside V8's heap — the buffers of a render, many smaller than
 * malloc's mmap threshold — goes back to glibc's malloc, which keeps the free pages in the
 * middle of its heaps for good: after the bench's render row an app process held ~100 MB
 * in its `[heap]` that way. Each collection here is therefore followed by `trimMalloc`
 * (glibc's `malloc_trim(0)`), which hands those pages back (ADR 0018, "Trimming malloc").
 */
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import { createRequire } from "node:module";

/** The V8 flags every shop process runs with (see above). */
export const MEMORY_FLAGS: readonly string[] = ["--expose-gc"];

/**
 * The flags an app process is forked with: ours (and, with `semiSpaceMb`, a young
 * generation capped at that semi-space size), unless the primary's own flags (`execArgv`,
 * which Node's cluster passes on by default) or NODE_OPTIONS already have them, then the
 * primary's own.
 */
export function appProcessExecArgv(
  execArgv: readonly string[],
  nodeOptions = "",
  options: { semiSpaceMb?: number | undefined } = {},
): string[] {
  const given = `${execArgv.join(" ")} ${nodeOptions}`.replaceAll("_", "-");
  const flags = [...MEMORY_FLAGS];
  if (options.semiSpaceMb) flags.push(`--max-semi-space-size=${options.semiSpaceMb}`);
  const ours = flags.filter((flag) => !given.includes(flag.split("=")[0] as string));
  return [...ours, ...execArgv];
}

/** glibc's malloc: buffers of this size and more are mapped on their own (ADR 0018, "Malloc's threshold"). */
export const APP_MMAP_THRESHOLD_BYTES = 65_536;

/**
 * What the app processes get in their environment besides the primary's: on Linux, glibc's
 * `mmap_threshold` at 64 KB, so that the buffers of a page's render and of its cached copies
 * (a product page is ~75 KB) are mapped on their own and unmapped when freed, instead of
 * staying behind in malloc's fragmented heap after load. Tunables the operator already set
 * in GLIBC_TUNABLES are kept, and an `mmap_threshold` among them wins.
 */
export function appProcessEnv(env: NodeJS.ProcessEnv, platform: NodeJS.Platform = process.platform) {
  if (platform !== "linux") return {};
  const tunables = env.GLIBC_TUNABLES ?? "";
  if (/(^|:)glibc\.malloc\.mmap_threshold=/.test(tunables)) return {};
  const ours = `glibc.malloc.mmap_threshold=${APP_MMAP_THRESHOLD_BYTES}`;
  return { GLIBC_TUNABLES: tunables ? `${tunables}:${ours}` : ours };
}

/**
 * Gives the memory start-up used back to the system: one memory-reducing full garbage
 * collection (it also empties V8's page pool), then `trimMalloc`, when `--expose-gc` is on;
 * otherwise nothing. It pauses the process for tens of milliseconds, so it runs before the process
 * listens (and in the primary once its app processes are up).
 */
export function releaseStartupMemory(): void {
  if (!globalThis.gc) return;
  globalThis.gc({ type: "major", execution: "sync", flavor: "last-resort" });
  trimMalloc();
}

let mallocTrim: ((pad: number) => number) | null | undefined;

/**
 * glibc's `malloc_trim(0)`: returns the whole free pages of every malloc arena to the
 * system (they stay mapped, their memory is released). Bound through the koffi FFI on
 * first use, on Linux only; where there is no glibc (musl, macOS, Windows) or the binding
 * fails it does nothing, for good. True when it released memory. It walks the arenas'
 * free lists: a few milliseconds, so it runs only where a collection's pause already is.
 */
export function trimMalloc(): boolean {
  if (mallocTrim === undefined) mallocTrim = bindMallocTrim();
  return mallocTrim ? mallocTrim(0) === 1 : false;
}

function bindMallocTrim(): ((pad: number) => number) | null {
  if (process.platform !== "linux" || !process.report?.getReport) return null;
  // glibc names itself in the process report's header; musl does not.
  const header = (process.report.getReport() as { header?: { glibcVersionRuntime?: string } }).header;
  if (!header?.glibcVersionRuntime) return null;
  try {
    const koffi = createRequire(import.meta.url)("koffi") as typeof import("koffi");
    return koffi.load("libc.so.6").func("int malloc_trim(size_t pad)") as (pad: number) => number;
  } catch {
    return null;
  }
}

/** What the idle collector knows when it looks (`idleCollectionDue`). */
export interface IdleState {
  /** Requests under way now (arrived, not yet answered or aborted). */
  inFlight: number;
  /** When the last request arrived or ended, epoch ms. */
  lastActivityAt: number;
  /** Resident memory now, and right after this process's last memory-reducing collection. */
  rssBytes: number;
  rssAfterCollectionBytes: number;
}

/**
 * Whether to run a memory-reducing collection now: only when no request is under way,
 * none has arrived or ended for `idleMs`, and the process has grown by at least
 * `minGainBytes` since its last one (so a quiet shop is not collected again and again
 * for nothing). A process under load never qualifies: it always has a request under way
 * or one that ended moments ago.
 */
export function idleCollectionDue(state: IdleState, now: number, idleMs: number, minGainBytes: number): boolean {
  if (idleMs <= 0 || state.inFlight > 0) return false;
  if (now - state.lastActivityAt < idleMs) return false;
  return state.rssBytes - state.rssAfterCollectionBytes >= minGainBytes;
}

export interface IdleCollectorOptions {
  /** Quiet time before a collection, ms; 0 turns the collector off. */
  idleMs: number;
  /** Growth since the last collection below which an idle process is left alone. */
  minGainBytes?: number;
  /** How often the collector looks, ms (at most `idleMs`). */
  checkEveryMs?: number;
  /**
   * Requests that do not count as activity: by default the probes (`/healthz`, `/readyz`,
   * `/metrics`), which a balancer or a scraper sends every few seconds to an idle process.
   */
  isProbe?: (url: string) => boolean;
  /** Called after each collection it ran. */
  onCollect?: (result: { rssBeforeBytes: number; rssAfterBytes: number; ms: number; cpuMs: number }) => void;
}

/** 32 MB: less than that is not worth a pause of tens of milliseconds. */
const DEFAULT_MIN_GAIN_BYTES = 32 * 1024 * 1024;

/** The health and metrics probes: not shoppers' activity. */
export function isProbeRequest(url: string): boolean {
  const path = url.split("?", 1)[0];
  return path === "/healthz" || path === "/readyz" || path === "/metrics";
}

/**
 * Gives back what load left pooled (issue 18, ADR 0018, "After load"): watches `server`'s
 * requests and, once the process has been idle for `options.idleMs` after growing,
 * runs the same memory-reducing collection as `releaseStartupMemory`. Needs
 * `--expose-gc` (without it, it does nothing). Returns a function that stops it.
 */
export function collectWhenIdle(server: Server, options: IdleCollectorOptions): () => void {
  const gc = globalThis.gc;
  if (!gc || options.idleMs <= 0) return () => {};
  const minGainBytes = options.minGainBytes ?? DEFAULT_MIN_GAIN_BYTES;
  const isProbe = options.isProbe ?? isProbeRequest;
  const state: IdleState = {
    inFlight: 0,
    lastActivityAt: Date.now(),
    rssBytes: 0,
    rssAfterCollectionBytes: process.memoryUsage.rss(),
  };
  const onRequest = (request: IncomingMessage, response: ServerResponse) => {
    if (isProbe(request.url ?? "")) return;
    state.inFlight++;
    state.lastActivityAt = Date.now();
    // "close" comes once per response, answered or aborted.
    response.once("close", () => {
      state.inFlight--;
      state.lastActivityAt = Date.now();
    });
  };
  server.on("request", onRequest);
  const timer = setInterval(
    () => {
      state.rssBytes = process.memoryUsage.rss();
      if (!idleCollectionDue(state, Date.now(), options.idleMs, minGainBytes)) return;
      const started = performance.now();
      const cpu = process.cpuUsage();
      gc({ type: "major", execution: "sync", flavor: "last-resort" });
      trimMalloc();
      const ms = performance.now() - started;
      const { user, system } = process.cpuUsage(cpu);
      const rssAfterBytes = process.memoryUsage.rss();
      state.rssAfterCollectionBytes = rssAfterBytes;
      options.onCollect?.({ rssBeforeBytes: state.rssBytes, rssAfterBytes, ms, cpuMs: (user + system) / 1000 });
    },
    Math.min(options.checkEveryMs ?? 1_000, options.idleMs),
  );
  timer.unref();
  return () => {
    clearInterval(timer);
    server.off("request", onRequest);
  };
}
