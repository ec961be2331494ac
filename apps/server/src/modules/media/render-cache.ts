/**
 * sharp's output kept on disk by its input, for images the shop renders again and again
 * from the same source: the demo catalogue's artwork, rendered at every first start, by
 * every test database template, the smoke test's `npm start` and the browser tests' server
 * (about 15 s of two cores each time; a copy is milliseconds). Not for uploads.
 *
 * An entry is a folder named by the hash of the input and of everything that shapes the
 * output (libvips' version, the widths, this file's format); its `info.json` is written
 * last, by rename, so a half-written entry is a miss. Best effort: a cache that cannot be
 * read or written renders as if it were not there.
 */
import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { imageWidths } from "@atelier/contract";
import sharp from "sharp";
import type { RenderedImage } from "./store.ts";

/** Bump when store.ts renders differently (formats, qualities). */
const FORMAT = "webp-80-78-v1";

interface Info {
  width: number;
  height: number;
  size: number;
  smaller: number[];
}

export class RenderCache {
  private readonly salt = `${FORMAT}|${sharp.versions.vips}|${imageWidths.join(",")}|`;

  readonly dir: string;

  constructor(dir: string) {
    this.dir = dir;
  }

  private entry(input: Buffer): string {
    return path.join(this.dir, createHash("sha256").update(this.salt).update(input).digest("hex").slice(0, 32));
  }

  async get(input: Buffer): Promise<RenderedImage | undefined> {
    const dir = this.entry(input);
    try {
      const info = JSON.parse(await fs.readFile(path.join(dir, "info.json"), "utf8")) as Info;
      const data = await fs.readFile(path.join(dir, "master.webp"));
      const smaller = await Promise.all(
        info.smaller.map(
          async (width): Promise<[number, Buffer]> => [width, await fs.readFile(path.join(dir, `${width}.webp`))],
        ),
      );
      if (data.length !== info.size) return undefined;
      return {
        master: { data, info: { width: info.width, height: info.height, size: info.size } },
        smaller,
        cached: true,
      };
    } catch {
      return undefined;
    }
  }

  async put(input: Buffer, rendered: RenderedImage): Promise<void> {
    const dir = this.entry(input);
    const temporary = `${dir}.${process.pid}.${Date.now()}.tmp`;
    try {
      await fs.mkdir(temporary, { recursive: true });
      await fs.writeFile(path.join(temporary, "master.webp"), rendered.master.data);
      for (const [width, data] of rendered.smaller) await fs.writeFile(path.join(temporary, `${width}.webp`), data);
      const info: Info = { ...rendered.master.info, smaller: rendered.smaller.map(([width]) => width) };
      await fs.writeFile(path.join(temporary, "info.json"), JSON.stringify(info));
      await fs.rename(temporary, dir);
    } catch {
      // Another process wrote the same entry first (rename onto a non-empty folder), or
      // the cache's folder is not writable: either way the image is already rendered.
      await fs.rm(temporary, { recursive: true, force: true }).catch(() => {});
    }
  }
}

const defaultDir = fileURLToPath(new URL("../../../../../node_modules/.cache/atelier/seed-artwork", import.meta.url));

/**
 * Where the seed keeps its renders: SEED_RENDER_CACHE (empty: none), else the project's
 * node_modules/.cache/atelier (the usual home of tools' caches, gone with a clean install).
 */
export function seedRenderCache(env: NodeJS.ProcessEnv = process.env): RenderCache | undefined {
  const dir = env.SEED_RENDER_CACHE ?? defaultDir;
  return dir === "" ? undefined : new RenderCache(path.resolve(dir));
}
