/**
 * Staff image uploads: every accepted format is re-encoded to WebP (metadata gone) in
 * each stored width and named by content; wrong formats, oversize files and huge
 * dimensions are refused with 413/415; only staff may upload.
 */
import { imageWidths, UploadedImage } from "@atelier/contract";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, signUp, signUpStaff, type TestUser } from "./support/auth.ts";
import { createTestApp, type TestApp } from "./support/index.ts";

let t: TestApp;
let staff: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  staff = await signUpStaff(t, "Inventory");
});
afterAll(() => t.close());

function picture(width: number, height: number) {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 90, b: 40 } } });
}

function upload(body: Buffer | string, contentType: string, token: string | null = staff.token) {
  return t.app.inject({
    method: "POST",
    url: "/api/admin/media",
    headers: { "content-type": contentType, ...(token ? bearer(token) : {}) },
    payload: body,
  });
}

describe("POST /api/admin/media", () => {
  it.each([
    [
      "image/jpeg",
      () =>
        picture(2000, 1500)
          .withMetadata({ exif: { IFD0: { Copyright: "secret-gps" } } })
          .jpeg(),
    ],
    ["image/png", () => picture(300, 200).png()],
    ["image/webp", () => picture(300, 200).webp()],
    ["image/avif", () => picture(300, 200).avif()],
  ])("stores %s as WebP in every width, without metadata", async (type, make) => {
    const response = await upload(await make().toBuffer(), type);
    expect(response.statusCode, response.body).toBe(200);
    const image = UploadedImage.parse(response.json());
    expect(image.filename).toMatch(/^[0-9a-f]{24}\.webp$/);

    const stored = await t.app.inject({ method: "GET", url: `/api/admin/getimage/${image.filename}` });
    expect(stored.headers["content-type"]).toBe("image/webp");
    const meta = await sharp(stored.rawPayload).metadata();
    expect(meta.format).toBe("webp");
    expect(meta.exif).toBeUndefined();
    expect([meta.width, meta.height]).toEqual([image.width, image.height]);
  });

  it("makes the smaller widths of a large image and keeps at most the zoom width", async () => {
    const image = UploadedImage.parse((await upload(await picture(2400, 1800).jpeg().toBuffer(), "image/jpeg")).json());
    const largest = imageWidths[imageWidths.length - 1];
    expect(image.width).toBe(largest);
    const thumb = await t.app.inject({
      method: "GET",
      url: `/api/admin/getimage/${image.filename}?w=${imageWidths[0]}`,
    });
    expect((await sharp(thumb.rawPayload).metadata()).width).toBe(imageWidths[0]);
  });

  it("names an image by its content: the same picture twice is one file", async () => {
    const bytes = await picture(120, 80).png().toBuffer();
    const first = UploadedImage.parse((await upload(bytes, "image/png")).json());
    const second = UploadedImage.parse((await upload(bytes, "image/png")).json());
    expect(second.filename).toBe(first.filename);
  });

  it("refuses what is not a JPEG, PNG, WebP or AVIF image with 415, whatever the type claims", async () => {
    const gif = await picture(20, 20).gif().toBuffer();
    for (const [body, type] of [
      [gif, "image/gif"],
      [gif, "image/png"],
      ["<svg xmlns='http://www.w3.org/2000/svg'><script>alert(1)</script></svg>", "image/svg+xml"],
      ["%PDF-1.7 not an image", "application/pdf"],
      [Buffer.alloc(0), "image/jpeg"],
    ] as const) {
      const response = await upload(body, type);
      expect(response.statusCode, type).toBe(415);
      expect(response.json().error.message).toContain("JPEG, PNG, WebP or AVIF");
    }
  });

  it("refuses a file over 10 MB with 413", async () => {
    const response = await upload(Buffer.alloc(10 * 1024 * 1024 + 1, 1), "image/jpeg");
    expect(response.statusCode).toBe(413);
    expect(response.json().error.message).toContain("10 MB");
  });

  it("refuses an image over 40 megapixels with 413 before decoding it", async () => {
    // A small PNG file that claims 8000 × 6000 pixels (48 MP): a decompression bomb.
    const bomb = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: { r: 0, g: 0, b: 0 } } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(10 * 1024 * 1024);
    const response = await upload(bomb, "image/png");
    expect(response.statusCode).toBe(413);
    expect(response.json().error.message).toContain("40 megapixels");
  });

  it("is closed to visitors (401) and customers (403)", async () => {
    const bytes = await picture(50, 50).png().toBuffer();
    expect((await upload(bytes, "image/png", null)).statusCode).toBe(401);
    const customer = await signUp(t.app);
    expect((await upload(bytes, "image/png", customer.token)).statusCode).toBe(403);
  });
});
