/**
 * Where image files live. `MediaStore` decides what to store (checks, re-encoding,
 * widths, names); a `MediaStorage` only keeps bytes under a name: a local folder
 * (DATA_DIR/media, the default) or an S3-compatible bucket when S3_* is configured
 * (ADR 0009). Names are the store's safe, content-addressed filenames; objects never
 * change once written, so writing one twice is harmless.
 */
import { createReadStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import {
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import type { Config } from "../../config.ts";

export interface StoredObject {
  /** Streams the bytes; call it at most once. */
  body: () => Readable;
  size: number;
  /** Last modification, in milliseconds since the epoch (part of the ETag). */
  modifiedMs: number;
  /** Releases what `get` opened when the body is not wanted (a 304 answer). */
  discard: () => void;
}

export interface MediaStorage {
  /** Shown in logs and messages: a folder path or s3://bucket. */
  readonly location: string;
  put(name: string, data: Buffer, contentType: string): Promise<void>;
  /** The object, or undefined when there is none by that name. */
  get(name: string): Promise<StoredObject | undefined>;
  exists(name: string): Promise<boolean>;
  /** Every stored name with its size (for backups and the migration command). */
  list(): AsyncIterable<{ name: string; size: number }>;
}

export class LocalMediaStorage implements MediaStorage {
  readonly dir: string;
  readonly location: string;

  constructor(dir: string) {
    this.dir = dir;
    this.location = dir;
  }

  async put(name: string, data: Buffer): Promise<void> {
    await fs.mkdir(this.dir, { recursive: true });
    await fs.writeFile(path.join(this.dir, name), data);
  }

  async get(name: string): Promise<StoredObject | undefined> {
    const file = path.join(this.dir, name);
    const stat = await fs.stat(file).catch(() => undefined);
    if (!stat?.isFile()) return undefined;
    return { body: () => createReadStream(file), size: stat.size, modifiedMs: stat.mtimeMs, discard: () => {} };
  }

  async exists(name: string): Promise<boolean> {
    return (await fs.stat(path.join(this.dir, name)).catch(() => undefined))?.isFile() ?? false;
  }

  async *list(): AsyncIterable<{ name: string; size: number }> {
    const entries = await fs.readdir(this.dir, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT") return [];
      throw error;
    });
    for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      if (!entry.isFile()) continue;
      const stat = await fs.stat(path.join(this.dir, entry.name));
      yield { name: entry.name, size: stat.size };
    }
  }
}

export interface S3Settings {
  bucket: string;
  region: string;
  endpoint: string | undefined;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  forcePathStyle: boolean;
}

export function s3Client(settings: S3Settings): S3Client {
  return new S3Client({
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    // Other S3-compatible services may refuse the SDK's default extra checksums: only
    // where the operation needs one.
    ...(settings.endpoint
      ? {
          endpoint: settings.endpoint,
          requestChecksumCalculation: "WHEN_REQUIRED",
          responseChecksumValidation: "WHEN_REQUIRED",
        }
      : {}),
    // Unset keys: the SDK's default chain (instance role, AWS_* variables, profile).
    ...(settings.accessKeyId && settings.secretAccessKey
      ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
      : {}),
  });
}

function isMissing(error: unknown): boolean {
  return (
    error instanceof S3ServiceException &&
    (error.name === "NoSuchKey" || error.name === "NotFound" || error.$metadata.httpStatusCode === 404)
  );
}

export class S3MediaStorage implements MediaStorage {
  readonly bucket: string;
  readonly location: string;
  readonly client: S3Client;

  constructor(settings: S3Settings, client: S3Client = s3Client(settings)) {
    this.bucket = settings.bucket;
    this.location = `s3://${settings.bucket}`;
    this.client = client;
  }

  async put(name: string, data: Buffer, contentType: string): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: name,
        Body: data,
        ContentType: contentType,
        CacheControl: "public, max-age=31536000, immutable",
      }),
    );
  }

  async get(name: string): Promise<StoredObject | undefined> {
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: name }));
      const body = object.Body as Readable | undefined;
      if (!body) return undefined;
      return {
        body: () => body,
        size: object.ContentLength ?? 0,
        modifiedMs: object.LastModified?.getTime() ?? 0,
        discard: () => body.destroy(),
      };
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  async exists(name: string): Promise<boolean> {
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: name }));
      return true;
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  async *list(): AsyncIterable<{ name: string; size: number }> {
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, ...(token ? { ContinuationToken: token } : {}) }),
      );
      for (const object of page.Contents ?? []) {
        if (object.Key) yield { name: object.Key, size: object.Size ?? 0 };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }
}

/** The storage the configuration asks for: the bucket when S3_BUCKET is set, else DATA_DIR/media. */
export function createMediaStorage(config: Pick<Config, "dataDir" | "s3">): MediaStorage {
  return config.s3 ? new S3MediaStorage(config.s3) : new LocalMediaStorage(localMediaDir(config.dataDir));
}

export function localMediaDir(dataDir: string): string {
  return path.join(dataDir, "media");
}
