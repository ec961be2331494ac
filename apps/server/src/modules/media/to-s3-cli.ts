/**
 * `npm run media:to-s3 [-- --from DIR]`: copies an existing media folder (DATA_DIR/media
 * by default) into the bucket the S3_* settings name, so a shop can move its images to
 * object storage. Idempotent: objects already in the bucket with the same size are
 * skipped, so it can be run again after an interruption, or once more just before the
 * switch to pick up the last uploads. Prints its progress as it goes.
 */
import fs from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import { ConfigError, loadConfig } from "../../config.ts";
import { LocalMediaStorage, localMediaDir, S3MediaStorage } from "./storage.ts";
import { isSafeImageName } from "./store.ts";

const usage = "Usage: S3_BUCKET=… [S3_ENDPOINT=…] npm run media:to-s3 [-- --from DIR]";
const contentTypes: Record<string, string> = { webp: "image/webp", jpg: "image/jpeg", png: "image/png" };
const PARALLEL = 4;

export interface CopySummary {
  total: number;
  copied: number;
  skipped: number;
  ignored: number;
}

export async function copyFolderToBucket(
  source: LocalMediaStorage,
  target: S3MediaStorage,
  progress: (line: string) => void = () => {},
): Promise<CopySummary> {
  const already = new Map<string, number>();
  for await (const object of target.list()) already.set(object.name, object.size);
  const files: { name: string; size: number }[] = [];
  let ignored = 0;
  for await (const file of source.list()) {
    if (isSafeImageName(file.name)) files.push(file);
    else ignored += 1;
  }
  const summary: CopySummary = { total: files.length, copied: 0, skipped: 0, ignored };
  progress(
    `${files.length} images in ${source.location}, ${already.size} objects already in ${target.location}` +
      (ignored ? ` (${ignored} other files left alone)` : ""),
  );
  let next = 0;
  let done = 0;
  const report = () => {
    done += 1;
    if (done % 50 === 0 || done === files.length) {
      progress(`${done}/${files.length}: ${summary.copied} copied, ${summary.skipped} already there`);
    }
  };
  const worker = async () => {
    while (next < files.length) {
      const file = files[next++];
      if (!file) break;
      if (already.get(file.name) === file.size) {
        summary.skipped += 1;
      } else {
        const data = await fs.readFile(path.join(source.dir, file.name));
        const extension = file.name.slice(file.name.lastIndexOf(".") + 1);
        await target.put(file.name, data, contentTypes[extension] ?? "application/octet-stream");
        summary.copied += 1;
      }
      report();
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  return summary;
}

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { from: { type: "string" }, help: { type: "boolean" } } });
  if (values.help) {
    process.stdout.write(`${usage}\n`);
    return 0;
  }
  const config = loadConfig();
  if (!config.s3) {
    process.stderr.write(`S3_BUCKET is not set: there is no bucket to copy the images into.\n${usage}\n`);
    return 1;
  }
  const from = values.from
    ? path.resolve(process.env.INIT_CWD ?? process.cwd(), values.from)
    : localMediaDir(config.dataDir);
  const stat = await fs.stat(from).catch(() => undefined);
  if (!stat?.isDirectory()) {
    process.stderr.write(`${from} is not a folder.\n${usage}\n`);
    return 1;
  }
  const summary = await copyFolderToBucket(new LocalMediaStorage(from), new S3MediaStorage(config.s3), (line) =>
    process.stdout.write(`${line}\n`),
  );
  process.stdout.write(
    `Done: ${summary.copied} copied, ${summary.skipped} already in the bucket, ${summary.total} images in all.\n`,
  );
  return 0;
}

if (import.meta.main) {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      const message = error instanceof ConfigError || error instanceof Error ? error.message : String(error);
      process.stderr.write(`${message}\n`);
      process.exit(1);
    },
  );
}
