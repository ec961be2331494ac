import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { RenderCache, seedRenderCache } from "./render-cache.ts";
import type { RenderedImage } from "./store.ts";

const rendered = (seed: number): RenderedImage => ({
  master: { data: Buffer.alloc(64, seed), info: { width: 960, height: 540, size: 64 } },
  smaller: [
    [240, Buffer.alloc(8, seed + 1)],
    [480, Buffer.alloc(16, seed + 2)],
  ],
});

describe("RenderCache", () => {
  let dir: string;
  beforeEach(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), "render-cache-"));
  });
  afterEach(async () => {
    await fs.rm(dir, { recursive: true, force: true });
  });

  it("gives back what was put for the same input, and nothing for another", async () => {
    const cache = new RenderCache(dir);
    const input = Buffer.from("<svg>a</svg>");
    expect(await cache.get(input)).toBeUndefined();
    await cache.put(input, rendered(7));
    const hit = await cache.get(input);
    expect(hit?.cached).toBe(true);
    expect(hit?.master.data.equals(rendered(7).master.data)).toBe(true);
    expect(hit?.master.info).toEqual({ width: 960, height: 540, size: 64 });
    expect(hit?.smaller.map(([width, data]) => [width, data.length])).toEqual([
      [240, 8],
      [480, 16],
    ]);
    expect(await cache.get(Buffer.from("<svg>b</svg>"))).toBeUndefined();
  });

  it("treats an entry without its info (a write cut short) or with a truncated master as a miss", async () => {
    const cache = new RenderCache(dir);
    const input = Buffer.from("<svg>c</svg>");
    await cache.put(input, rendered(1));
    const [entry] = await fs.readdir(dir);
    if (!entry) throw new Error("no entry written");
    await fs.writeFile(path.join(dir, entry, "master.webp"), Buffer.alloc(10));
    expect(await cache.get(input)).toBeUndefined();
    await fs.rm(path.join(dir, entry, "info.json"));
    expect(await cache.get(input)).toBeUndefined();
  });

  it("keeps the first entry when two processes put the same input, and never throws", async () => {
    const cache = new RenderCache(dir);
    const input = Buffer.from("<svg>d</svg>");
    await Promise.all([cache.put(input, rendered(2)), cache.put(input, rendered(2))]);
    expect((await cache.get(input))?.master.data.equals(rendered(2).master.data)).toBe(true);
    expect((await fs.readdir(dir)).filter((name) => name.endsWith(".tmp"))).toEqual([]);
    // A cache folder that cannot be created: the put is dropped, the render stands.
    const blocked = path.join(dir, "file");
    await fs.writeFile(blocked, "");
    await expect(new RenderCache(path.join(blocked, "cache")).put(input, rendered(3))).resolves.toBeUndefined();
  });

  it("is turned off by an empty SEED_RENDER_CACHE and placed by a set one", () => {
    expect(seedRenderCache({ SEED_RENDER_CACHE: "" })).toBeUndefined();
    expect(seedRenderCache({ SEED_RENDER_CACHE: dir })?.dir).toBe(dir);
    expect(seedRenderCache({})?.dir).toMatch(/node_modules\/\.cache\/atelier\/seed-artwork$/);
  });
});
