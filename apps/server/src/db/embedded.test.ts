import { describe, expect, it } from "vitest";
import { memorySettings } from "./embedded.ts";

const GB = 1024 ** 3;

describe("the bundled server's memory", () => {
  it("gives shared buffers an eighth of the machine, between 128 MB and 2 GB", () => {
    expect(memorySettings(8 * GB).shared_buffers).toBe("1024MB");
    expect(memorySettings(24 * GB).shared_buffers).toBe("2048MB");
    expect(memorySettings(512 * 1024 ** 2).shared_buffers).toBe("128MB");
  });

  it("tells the planner half the machine is cache, never less than the shared buffers", () => {
    expect(memorySettings(24 * GB).effective_cache_size).toBe("12288MB");
    expect(memorySettings(128 * 1024 ** 2).effective_cache_size).toBe("128MB");
  });
});
