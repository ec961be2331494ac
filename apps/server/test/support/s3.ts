/**
 * A real S3-compatible server on loopback (s3rver: the S3 REST API over a folder), with
 * the shop's bucket created, for tests of the S3 media storage.
 */
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { DeleteObjectCommand, ListObjectsV2Command } from "@aws-sdk/client-s3";
import S3rver from "s3rver";
import { s3Client } from "../../src/modules/media/storage.ts";

export interface TestS3 {
  /** S3_* variables pointing the app at this server. */
  env: Record<string, string>;
  settings: Parameters<typeof s3Client>[0];
  /** Every key in the bucket, sorted. */
  keys: () => Promise<string[]>;
  remove: (key: string) => Promise<void>;
  close: () => Promise<void>;
}

export async function startS3(port: number, bucket = "atelier-media"): Promise<TestS3> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), "atelier-s3-"));
  const server = new S3rver({
    port,
    address: "127.0.0.1",
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  await server.run();
  const settings = {
    bucket,
    region: "us-east-1",
    endpoint: `http://127.0.0.1:${port}`,
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
    forcePathStyle: true,
  };
  const client = s3Client(settings);
  return {
    env: {
      S3_BUCKET: bucket,
      S3_REGION: settings.region,
      S3_ENDPOINT: settings.endpoint,
      S3_ACCESS_KEY_ID: settings.accessKeyId,
      S3_SECRET_ACCESS_KEY: settings.secretAccessKey,
      S3_FORCE_PATH_STYLE: "true",
    },
    settings,
    keys: async () => {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: bucket, ...(token ? { ContinuationToken: token } : {}) }),
        );
        for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key);
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return keys.sort();
    },
    remove: async (key) => {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },
    close: async () => {
      client.destroy();
      await server.close();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}
