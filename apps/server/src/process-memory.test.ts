import { execFileSync } from "node:child_process";
import { EventEmitter } from "node:events";
import type { Server } from "node:http";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  APP_MMAP_THRESHOLD_BYTES,
  appProcessEnv,
  appProcessExecArgv,
  collectWhenIdle,
  type IdleState,
  idleCollectionDue,
  isProbeRequest,
} from "./process-memory.ts";

describe("the app processes' flags", () => {
  it("adds --expose-gc before the primary's own flags", () => {
    expect(appProcessExecArgv(["--max-semi-space-size=16"])).toEqual(["--expose-gc", "--max-semi-space-size=16"]);
  });

  it("does not repeat a flag the primary already has, on its command line or in NODE_OPTIONS", () => {
    expect(appProcessExecArgv(["--expose-gc"])).toEqual(["--expose-gc"]);
    expect(appProcessExecArgv(["--expose_gc"])).toEqual(["--expose_gc"]);
    expect(appProcessExecArgv([], "--expose-gc --max-old-space-size=2048")).toEqual([]);
  });

  it("caps the young generation at APP_SEMI_SPACE_MB unless the operator's flags already size it", () => {
    expect(appProcessExecArgv([], "", { semiSpaceMb: 16 })).toEqual(["--expose-gc", "--max-semi-space-size=16"]);
    expect(appProcessExecArgv([], "", { semiSpaceMb: 0 })).toEqual(["--expose-gc"]);
    expect(appProcessExecArgv(["--max-semi-space-size=64"], "", { semiSpaceMb: 16 })).toEqual([
      "--expose-gc",
      "--max-semi-space-size=64",
    ]);
    expect(appProcessExecArgv([], "--max_semi_space_size=8", { semiSpaceMb: 16 })).toEqual(["--expose-gc"]);
  });
});

describe("the app processes' environment", () => {
  const ours = `glibc.malloc.mmap_threshold=${APP_MMAP_THRESHOLD_BYTES}`;

  it("has glibc map buffers of 64 KB and more on their own, on Linux", () => {
    expect(APP_MMAP_THRESHOLD_BYTES).toBe(65_536);
    expect(appProcessEnv({}, "linux")).toEqual({ GLIBC_TUNABLES: ours });
    expect(appProcessEnv({}, "darwin")).toEqual({});
  });

  it("keeps the operator's other tunables and lets their own threshold win", () => {
    expect(appProcessEnv({ GLIBC_TUNABLES: "glibc.malloc.arena_max=2" }, "linux")).toEqual({
      GLIBC_TUNABLES: `glibc.malloc.arena_max=2:${ours}`,
    });
    expect(appProcessEnv({ GLIBC_TUNABLES: "glibc.malloc.mmap_threshold=131072" }, "linux")).toEqual({});
    expect(
      appProcessEnv({ GLIBC_TUNABLES: "glibc.malloc.arena_max=2:glibc.malloc.mmap_threshold=0" }, "linux"),
    ).toEqual({});
  });
});

describe("the collection when a process falls idle", () => {
  const MB = 1024 * 1024;
  const grown: IdleState = { inFlight: 0, lastActivityAt: 0, rssBytes: 400 * MB, rssAfterCollectionBytes: 230 * MB };

  it("runs once the process has been quiet for the idle time after growing", () => {
    expect(idleCollectionDue(grown, 10_000, 10_000, 32 * MB)).toBe(true);
    expect(idleCollectionDue(grown, 9_999, 10_000, 32 * MB)).toBe(false);
  });

  it("never runs while a request is under way, however long it has taken", () => {
    expect(idleCollectionDue({ ...grown, inFlight: 1 }, 60_000, 10_000, 32 * MB)).toBe(false);
  });

  it("leaves a process alone that has not grown since its last collection, or when turned off", () => {
    expect(idleCollectionDue({ ...grown, rssBytes: 250 * MB }, 60_000, 10_000, 32 * MB)).toBe(false);
    expect(idleCollectionDue(grown, 60_000, 0, 32 * MB)).toBe(false);
  });

  it("does not count the health and metrics probes as activity", () => {
    expect(isProbeRequest("/healthz")).toBe(true);
    expect(isProbeRequest("/readyz?x=1")).toBe(true);
    expect(isProbeRequest("/metrics")).toBe(true);
    expect(isProbeRequest("/")).toBe(false);
    expect(isProbeRequest("/products/details/1")).toBe(false);
  });

  describe("on a server", () => {
    const original = globalThis.gc;
    afterEach(() => {
      vi.useRealTimers();
      vi.restoreAllMocks();
      globalThis.gc = original;
    });

    function request(server: EventEmitter, url: string) {
      const response = new EventEmitter();
      server.emit("request", { url }, response);
      return { end: () => response.emit("close") };
    }

    it("collects after a quiet spell, not while a request is open, and only once per growth", () => {
      vi.useFakeTimers({ now: 0 });
      const gc = vi.fn();
      globalThis.gc = gc as unknown as typeof globalThis.gc;
      let rss = 230 * MB;
      vi.spyOn(process.memoryUsage, "rss").mockImplementation(() => rss);
      const server = new EventEmitter();
      const stop = collectWhenIdle(server as unknown as Server, { idleMs: 5_000, minGainBytes: 32 * MB });

      const slow = request(server, "/products/details/1");
      rss = 400 * MB;
      vi.advanceTimersByTime(30_000);
      expect(gc).not.toHaveBeenCalled();

      slow.end();
      vi.advanceTimersByTime(4_000);
      request(server, "/healthz").end();
      expect(gc).not.toHaveBeenCalled();
      gc.mockImplementation(() => {
        rss = 240 * MB;
      });
      vi.advanceTimersByTime(1_000);
      expect(gc).toHaveBeenCalledTimes(1);
      expect(gc).toHaveBeenCalledWith({ type: "major", execution: "sync", flavor: "last-resort" });

      vi.advanceTimersByTime(60_000);
      expect(gc).toHaveBeenCalledTimes(1);
      stop();
    });

    it("does nothing without --expose-gc", () => {
      globalThis.gc = undefined;
      const server = new EventEmitter();
      collectWhenIdle(server as unknown as Server, { idleMs: 5_000 })();
      expect(server.listenerCount("request")).toBe(0);
    });
  });
});

describe("trimming malloc", () => {
  const MB = 1024 * 1024;
  const glibc = Boolean(
    (process.report.getReport() as { header?: { glibcVersionRuntime?: string } }).header?.glibcVersionRuntime,
  );

  // In a process of its own: 190 MB of 16 KB buffers (below malloc's mmap threshold, so in
  // its heap), every 16th kept, the rest collected. Malloc keeps the freed pages between
  // the kept buffers until malloc_trim gives them back, as after a burst of renders.
  const script = `
    import { trimMalloc } from ${JSON.stringify(new URL("./process-memory.ts", import.meta.url).href)};
    let all = [];
    for (let i = 0; i < 12000; i++) all.push(Buffer.allocUnsafe(16 * 1024).fill(i));
    const kept = all.filter((_, i) => i % 16 === 0);
    all = null;
    gc();
    await new Promise((resolve) => setTimeout(resolve, 300));
    gc();
    const before = process.memoryUsage.rss();
    const released = trimMalloc();
    const after = process.memoryUsage.rss();
    console.log(JSON.stringify({ before, after, released, kept: kept.length }));
  `;

  it.runIf(process.platform === "linux" && glibc)(
    "gives the free pages of malloc's heaps back to the system (Linux with glibc only: elsewhere it does nothing)",
    () => {
      const { GLIBC_TUNABLES: _operator, ...env } = process.env;
      const output = execFileSync(process.execPath, ["--expose-gc", "--input-type=module", "-e", script], {
        env,
        encoding: "utf8",
      });
      const { before, after, released, kept } = JSON.parse(output) as Record<string, number | boolean>;
      expect(kept).toBe(750);
      expect(released).toBe(true);
      expect((before as number) - (after as number)).toBeGreaterThan(64 * MB);
    },
  );
});
