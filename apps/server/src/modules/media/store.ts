/**
 * The image store. Every image is re-encoded by sharp to WebP (which drops metadata and
 * anything executable), named by the hash of its content and kept in the widths of
 * `imageWidths` in a `MediaStorage` (DATA_DIR/media, or an S3-compatible bucket);
 * `/api/admin/getimage/{filename}?w=` serves the nearest width with a year-long
 * immutable cache and an ETag.
 */
import { createHash } from "node:crypto";
import { imageUploadLimits, imageWidths, type UploadedImage } from "@atelier/contract";
import type { FastifyReply, FastifyRequest } from "fastify";
import sharp from "sharp";
import type { Db } from "../../db/client.ts";
import { mediaFiles } from "../../db/schema/index.ts";
import { BadRequestError, NotFoundError, PayloadTooLargeError, UnsupportedMediaTypeError } from "../../errors.ts";
import { type ActivityActor, recordActivity } from "../activity-log/index.ts";
import type { RenderCache } from "./render-cache.ts";
import { LocalMediaStorage, type MediaStorage } from "./storage.ts";

const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]*\.(webp|jpg|png)$/;
const contentTypes: Record<string, string> = { webp: "image/webp", jpg: "image/jpeg", png: "image/png" };

export function isSafeImageName(filename: string): boolean {
  return SAFE_NAME.test(filename) && !filename.includes("..");
}

export function variantName(filename: string, width: number): string {
  return filename.replace(/\.(\w+)$/, `-${width}.$1`);
}

const megabytes = imageUploadLimits.maxBytes / (1024 * 1024);
const megapixels = imageUploadLimits.maxPixels / 1_000_000;
const notAnImage = "Upload a JPEG, PNG, WebP or AVIF image.";

/**
 * Reads what the file really is (never the client's content type): the format and size
 * from the image header, before anything is decoded.
 */
async function checkUpload(input: Buffer): Promise<void> {
  if (input.length > imageUploadLimits.maxBytes) {
    throw new PayloadTooLargeError(`Images can be at most ${megabytes} MB.`);
  }
  const meta = await Promise.resolve()
    .then(() => sharp(input, { limitInputPixels: false }).metadata())
    .catch(() => undefined);
  const format = meta?.format === "heif" ? (meta.compression === "av1" ? "avif" : "heif") : meta?.format;
  if (!meta || !format || !["jpeg", "png", "webp", "avif"].includes(format)) {
    throw new UnsupportedMediaTypeError(notAnImage);
  }
  if ((meta.width ?? 0) * (meta.height ?? 0) > imageUploadLimits.maxPixels) {
    throw new PayloadTooLargeError(`Images can be at most ${megapixels} megapixels.`);
  }
}

/** sharp's work for one image: the master (largest width) and each smaller width. */
export interface RenderedImage {
  master: { data: Buffer; info: { width: number; height: number; size: number } };
  smaller: [width: number, data: Buffer][];
  /** Read from a RenderCache rather than rendered now. */
  cached?: boolean;
}

async function render(input: Buffer): Promise<RenderedImage> {
  const largest = imageWidths[imageWidths.length - 1] ?? 960;
  const master = await sharp(input, { limitInputPixels: imageUploadLimits.maxPixels, failOn: "error" })
    .rotate()
    .resize({ width: largest, withoutEnlargement: true })
    .webp({ quality: 80 })
    .toBuffer({ resolveWithObject: true });
  const smaller: [number, Buffer][] = [];
  for (const width of imageWidths) {
    if (width >= master.info.width) continue;
    smaller.push([width, await sharp(master.data).resize({ width }).webp({ quality: 78 }).toBuffer()]);
  }
  return { master, smaller };
}

export class MediaStore {
  /** Where the files are: a folder path, or s3://bucket. */
  readonly dir: string;
  readonly storage: MediaStorage;
  private readonly db: Db;
  private readonly renderCache: RenderCache | undefined;

  /**
   * `storage`: a folder path (local files) or any MediaStorage (see storage.ts).
   * `renderCache`: sharp's output kept by input (the seed's artwork, render-cache.ts).
   */
  constructor(storage: string | MediaStorage, db: Db, options: { renderCache?: RenderCache } = {}) {
    this.storage = typeof storage === "string" ? new LocalMediaStorage(storage) : storage;
    this.dir = this.storage.location;
    this.db = db;
    this.renderCache = options.renderCache;
  }

  /**
   * An upload: checked against the limits, then stored like any other image. A staff upload
   * passes its actor and is recorded in the activity log with the image's row; a customer's
   * photo passes none (the log is of staff writes).
   */
  async upload(input: Buffer, actor?: ActivityActor): Promise<UploadedImage> {
    await checkUpload(input);
    try {
      return await this.store(input, {}, actor);
    } catch {
      // Valid header, broken pixel data: the file is not an image we can read.
      throw new UnsupportedMediaTypeError(`The image could not be read. ${notAnImage}`);
    }
  }

  /** Re-encodes an image, stores it in every width and records it; returns its filename. */
  async save(input: Buffer, options: { alt?: string } = {}): Promise<string> {
    return (await this.store(input, options)).filename;
  }

  private async store(input: Buffer, options: { alt?: string }, actor?: ActivityActor): Promise<UploadedImage> {
    const rendered = (await this.renderCache?.get(input)) ?? (await render(input));
    if (this.renderCache && !rendered.cached) await this.renderCache.put(input, rendered);
    const { master } = rendered;
    const filename = `${createHash("sha256").update(master.data).digest("hex").slice(0, 24)}.webp`;
    // Smaller widths first, the master last: a name that exists means all its widths do.
    for (const [width, smaller] of rendered.smaller) {
      await this.storage.put(variantName(filename, width), smaller, "image/webp");
    }
    await this.storage.put(filename, master.data, "image/webp");
    const row = {
      filename,
      contentType: "image/webp",
      width: master.info.width,
      height: master.info.height,
      byteSize: master.info.size,
      alt: options.alt ?? "",
    };
    await this.db.transaction(async (tx) => {
      await tx.insert(mediaFiles).values(row).onConflictDoNothing();
      if (actor) {
        await recordActivity(tx, {
          actor,
          action: "media.upload",
          subject: { type: "media", id: filename, label: filename },
          after: { filename, width: row.width, height: row.height, byteSize: row.byteSize },
        });
      }
    });
    return { filename, width: master.info.width, height: master.info.height };
  }

  async send(filename: string, request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    if (!isSafeImageName(filename)) throw new BadRequestError("Invalid image name.");
    const width = Number((request.query as { w?: unknown }).w);
    const wanted = imageWidths.find((candidate) => candidate >= width);
    const candidates = wanted ? [variantName(filename, wanted), filename] : [filename];
    for (const name of candidates) {
      const stored = await this.storage.get(name);
      if (!stored) continue;
      const etag = `"${stored.size.toString(16)}-${Math.trunc(stored.modifiedMs).toString(16)}"`;
      reply.header("cache-control", "public, max-age=31536000, immutable").header("etag", etag);
      if (request.headers["if-none-match"] === etag) {
        stored.discard();
        return reply.status(304).send();
      }
      const extension = name.slice(name.lastIndexOf(".") + 1);
      return reply
        .type(contentTypes[extension] ?? "application/octet-stream")
        .header("content-length", stored.size)
        .send(stored.body());
    }
    throw new NotFoundError(`No image named ${filename}.`);
  }
}
