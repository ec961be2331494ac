/**
 * Images in an S3-compatible bucket (S3_* set): uploads through the real API land in the
 * bucket with every width and come back with the same caching headers as from the local
 * folder; `npm run media:to-s3` copies an existing folder into the bucket, skipping what
 * is already there. The bucket is a real S3 server (s3rver) on loopback.
 */
import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { imageWidths, UploadedImage } from "@atelier/contract";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { variantName } from "../../src/modules/media/store.ts";
import { bearer, signUpStaff, type TestUser } from "../support/auth.ts";
import { createTestApp, type TestApp } from "../support/index.ts";
import { startS3, type TestS3 } from "../support/s3.ts";

const script = fileURLToPath(new URL("../../src/modules/media/to-s3-cli.ts", import.meta.url));
const run = promisify(execFile);

let s3: TestS3;
let t: TestApp;
let staff: TestUser;
beforeAll(async () => {
  s3 = await startS3(4370);
  t = await createTestApp(s3.env);
  staff = await signUpStaff(t, "Inventory");
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

function picture(width: number, height: number, red = 200) {
  return sharp({ create: { width, height, channels: 3, background: { r: red, g: 90, b: 40 } } });
}

function upload(body: Buffer, contentType: string) {
  return t.app.inject({
    method: "POST",
    url: "/api/admin/media",
    headers: { "content-type": contentType, ...bearer(staff.token) },
    payload: body,
  });
}

describe("images in an S3 bucket", () => {
  it("stores an upload and its smaller widths in the bucket, not in DATA_DIR/media", async () => {
    const response = await upload(await picture(2400, 1800).jpeg().toBuffer(), "image/jpeg");
    expect(response.statusCode, response.body).toBe(200);
    const image = UploadedImage.parse(response.json());

    const keys = await s3.keys();
    expect(keys).toContain(image.filename);
    for (const width of imageWidths.filter((width) => width < image.width)) {
      expect(keys).toContain(variantName(image.filename, width));
    }
    const localDir = path.join(inject("testDatabase").dataDir, "media");
    await expect(fs.stat(path.join(localDir, image.filename))).rejects.toThrow();
  });

  it("serves images from the bucket with a year-long cache, an ETag and 304 on a match", async () => {
    const image = UploadedImage.parse((await upload(await picture(1000, 600).png().toBuffer(), "image/png")).json());
    const first = await t.app.inject({ url: `/api/admin/getimage/${image.filename}` });
    expect(first.statusCode).toBe(200);
    expect(first.headers["content-type"]).toBe("image/webp");
    expect(first.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(Number(first.headers["content-length"])).toBe(first.rawPayload.length);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/);
    expect(await sharp(first.rawPayload).metadata()).toMatchObject({ format: "webp", width: image.width });

    const again = await t.app.inject({
      url: `/api/admin/getimage/${image.filename}`,
      headers: { "if-none-match": etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);

    const thumb = await t.app.inject({ url: `/api/admin/getimage/${image.filename}?w=${imageWidths[0]}` });
    expect(thumb.statusCode).toBe(200);
    expect((await sharp(thumb.rawPayload).metadata()).width).toBe(imageWidths[0]);

    const missing = await t.app.inject({ url: "/api/admin/getimage/0123456789abcdef01234567.webp" });
    expect(missing.statusCode).toBe(404);
  });

  it("keeps the byte checks: what is not an image is refused and nothing reaches the bucket", async () => {
    const before = await s3.keys();
    const gif = await picture(20, 20).gif().toBuffer();
    expect((await upload(gif, "image/png")).statusCode).toBe(415);
    expect((await upload(Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>"), "image/png")).statusCode).toBe(415);
    expect(await s3.keys()).toEqual(before);
  });
});

describe("npm run media:to-s3", () => {
  function copy(folder: string) {
    return run(process.execPath, [script, "--from", folder], {
      env: { PATH: process.env.PATH ?? "", HOME: os.tmpdir(), DATA_DIR: os.tmpdir(), ...s3.env },
    });
  }

  it("copies a media folder into the bucket, skips what is there, and the shop serves it", async () => {
    const folder = await fs.mkdtemp(path.join(os.tmpdir(), "atelier-media-"));
    const names = [
      "aaaaaaaaaaaaaaaaaaaaaaa1.webp",
      "aaaaaaaaaaaaaaaaaaaaaaa1-240.webp",
      "bbbbbbbbbbbbbbbbbbbbbbb2.webp",
    ];
    for (const [index, name] of names.entries()) {
      await fs.writeFile(
        path.join(folder, name),
        await picture(300, 200, 20 + index * 60)
          .webp()
          .toBuffer(),
      );
    }
    await fs.writeFile(path.join(folder, "notes.txt"), "not an image");

    const first = await copy(folder);
    expect(first.stdout).toContain("3 images in");
    expect(first.stdout).toContain("3/3: 3 copied, 0 already there");
    expect(first.stdout).toContain("Done: 3 copied, 0 already in the bucket, 3 images in all.");
    const keys = await s3.keys();
    for (const name of names) expect(keys).toContain(name);
    expect(keys).not.toContain("notes.txt");

    const second = await copy(folder);
    expect(second.stdout).toContain("Done: 0 copied, 3 already in the bucket, 3 images in all.");

    const served = await t.app.inject({ url: `/api/admin/getimage/${names[2]}` });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(await fs.readFile(path.join(folder, names[2] ?? "")))).toBe(true);
    await fs.rm(folder, { recursive: true, force: true });
  });

  it("refuses to run without S3_BUCKET", async () => {
    const failure = await run(process.execPath, [script], {
      env: { PATH: process.env.PATH ?? "", HOME: os.tmpdir(), DATA_DIR: os.tmpdir() },
    }).catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: 1, stderr: expect.stringContaining("S3_BUCKET is not set") });
  });
});
