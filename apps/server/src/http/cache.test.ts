/** The catalogue's answer cache: fresh, stale-while-refreshing, too old, and invalidated entries. */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ResponseCache } from "./cache.ts";

describe("the catalogue answer cache", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  /** A read that answers 1, 2, 3 … and counts how often the database was asked. */
  function countingRead() {
    const read = { calls: 0, compute: async () => ++read.calls };
    return read;
  }

  it("answers a fresh entry without reading again", async () => {
    const cache = new ResponseCache(10, 1_000);
    const read = countingRead();
    expect((await cache.get("home", read.compute)).body).toBe("1");
    expect((await cache.get("home", read.compute)).body).toBe("1");
    expect(read.calls).toBe(1);
  });

  it("answers a just-expired entry at once and refreshes it in the background for the next request", async () => {
    const cache = new ResponseCache(10, 1_000);
    const read = countingRead();
    await cache.get("home", read.compute);
    vi.advanceTimersByTime(1_500);
    expect((await cache.get("home", read.compute)).body).toBe("1");
    await vi.runAllTimersAsync();
    expect(read.calls).toBe(2);
    expect((await cache.get("home", read.compute)).body).toBe("2");
  });

  it("waits for fresh data once an entry is older than twice its lifetime", async () => {
    const cache = new ResponseCache(10, 1_000);
    const read = countingRead();
    await cache.get("home", read.compute);
    vi.advanceTimersByTime(2_500);
    expect((await cache.get("home", read.compute)).body).toBe("2");
  });

  it("keeps the stale answer when a background refresh fails, and tries again on the next request", async () => {
    const cache = new ResponseCache(10, 1_000);
    await cache.get("home", async () => "first");
    vi.advanceTimersByTime(1_500);
    const failing = async () => {
      throw new Error("database unavailable");
    };
    expect((await cache.get("home", failing)).body).toBe('"first"');
    await vi.runAllTimersAsync();
    expect((await cache.get("home", async () => "second")).body).toBe('"first"');
    await vi.runAllTimersAsync();
    expect((await cache.get("home", async () => "third")).body).toBe('"second"');
  });

  it("shows a write at once: invalidate drops every entry, stale or not", async () => {
    const cache = new ResponseCache(10, 1_000);
    const read = countingRead();
    await cache.get("home", read.compute);
    cache.invalidate();
    expect((await cache.get("home", read.compute)).body).toBe("2");
  });
});
