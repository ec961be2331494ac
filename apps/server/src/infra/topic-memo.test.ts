import { pino } from "pino";
import { describe, expect, it } from "vitest";
import { localBus } from "./invalidation-bus.ts";
import { TopicMemo } from "./topic-memo.ts";

const bus = () => localBus(pino({ level: "silent" }));

describe("TopicMemo", () => {
  it("loads once, shares concurrent reads, and loads again after one of its topics is published", async () => {
    const events = bus();
    let loads = 0;
    const memo = new TopicMemo(events, ["settings", "catalog"], async () => ++loads);
    expect(await Promise.all([memo.get(), memo.get()])).toEqual([1, 1]);
    expect(await memo.get()).toBe(1);
    await events.publish("other");
    expect(await memo.get()).toBe(1);
    await events.publish("catalog");
    expect(await memo.get()).toBe(2);
    await events.publish("settings");
    expect(await memo.get()).toBe(3);
  });

  it("does not keep a value loaded while its topic changed, nor a failure", async () => {
    const events = bus();
    let loads = 0;
    let release: () => void = () => undefined;
    const memo = new TopicMemo(events, ["catalog"], async () => {
      loads++;
      if (loads === 1) await new Promise<void>((resolve) => (release = resolve));
      if (loads === 2) throw new Error("database down");
      return loads;
    });
    const first = memo.get();
    await events.publish("catalog");
    release();
    expect(await first).toBe(1);
    await expect(memo.get()).rejects.toThrow("database down");
    expect(await memo.get()).toBe(3);
    expect(await memo.get()).toBe(3);
  });

  it("loads again after its time to live (the backstop for a lost broadcast)", async () => {
    let now = 0;
    let loads = 0;
    const memo = new TopicMemo(bus(), ["catalog"], async () => ++loads, { ttlMs: 1_000, now: () => now });
    expect(await memo.get()).toBe(1);
    now = 999;
    expect(await memo.get()).toBe(1);
    now = 1_000;
    expect(await memo.get()).toBe(2);
  });
});
