/**
 * The image store. Every image is re-encoded by sharp to WebP (which drops metadata and
 * anything executable), named by the hash of its content and kept in DATA_DIR/media in
 * the widths of `imageWidths`; `/api/admin/getimage/{filename}?w=` serves the nearest
 * width with a year-long immutable cache and an ETag.
 */
import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { imageWidths } from "@atelier/contract";
import type { FastifyReply, FastifyRequest } from "fastify";
import sharp from "sharp";
import type { Db } from "../../db/client.ts";
import { mediaFiles } from "../../db/schema/index.ts";
import { BadRequestError, NotFoundError } from "../../errors.ts";

const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]*\.(webp|jpg|png)$/;
const contentTypes: Record<string, string> = { webp: "image/webp", jpg: "image/jpeg", png: "image/png" };

export function isSafeImageName(filename: string): boolean {
  return SAFE_NAME.test(filename) && !filename.includes("..");
}

export function variantName(filename: string, width: number): string {
  return filename.replace(/\.(\w+)$/, `-${width}.$1`);
}

export class MediaStore {
  readonly dir: string;
  private readonly db: Db;

  constructor(dir: string, db: Db) {
    this.dir = dir;
    this.db = db;
  }

  /** Re-encodes an image, stores it in every width and records it; returns its filename. */
  async save(input: Buffer, options: { alt?: string; aspect?: number } = {}): Promise<string> {
    const largest = imageWidths[imageWidths.length - 1] ?? 960;
    const master = await sharp(input)
      .rotate()
      .resize({ width: largest, withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer({ resolveWithObject: true });
    const filename = `${createHash("sha256").update(master.data).digest("hex").slice(0, 24)}.webp`;
    await fs.mkdir(this.dir, { recursive: true });
    await fs.writeFile(path.join(this.dir, filename), master.data);
    for (const width of imageWidths) {
      if (width >= master.info.width) continue;
      const smaller = await sharp(master.data).resize({ width }).webp({ quality: 78 }).toBuffer();
      await fs.writeFile(path.join(this.dir, variantName(filename, width)), smaller);
    }
    await this.db
      .insert(mediaFiles)
      .values({
        filename,
        contentType: "image/webp",
        width: master.info.width,
        height: master.info.height,
        byteSize: master.info.size,
        alt: options.alt ?? "",
      })
      .onConflictDoNothing();
    return filename;
  }

  async send(filename: string, request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    if (!isSafeImageName(filename)) throw new BadRequestError("Invalid image name.");
    const width = Number((request.query as { w?: unknown }).w);
    const wanted = imageWidths.find((candidate) => candidate >= width);
    const candidates = wanted ? [variantName(filename, wanted), filename] : [filename];
    for (const name of candidates) {
      const file = path.join(this.dir, name);
      const stat = await fs.stat(file).catch(() => undefined);
      if (!stat?.isFile()) continue;
      const etag = `"${stat.size.toString(16)}-${Math.trunc(stat.mtimeMs).toString(16)}"`;
      reply.header("cache-control", "public, max-age=31536000, immutable").header("etag", etag);
      if (request.headers["if-none-match"] === etag) return reply.status(304).send();
      const extension = name.slice(name.lastIndexOf(".") + 1);
      return reply
        .type(contentTypes[extension] ?? "application/octet-stream")
        .header("content-length", stat.size)
        .send(createReadStream(file));
    }
    throw new NotFoundError(`No image named ${filename}.`);
  }
}
