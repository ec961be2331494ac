/**
 * Hostile uploads against the running shop, over real HTTP: each is refused with a clear
 * error and leaves nothing behind, neither in DATA_DIR/media nor in `media_files`. The
 * store never takes a file name from the client; what it keeps is re-encoded by sharp and
 * named by content hash (see modules/media/store.ts).
 */
import fs from "node:fs/promises";
import path from "node:path";
import { deflateSync } from "node:zlib";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInAsAdmin, startSeededShop } from "./seeded-shop.ts";
import { connectToShopDatabase, type ShopProcess } from "./shop-process.ts";

let shop: ShopProcess;
let dispose: () => Promise<void>;
let staff: Record<string, string>;

beforeAll(async () => {
  ({ shop, dispose } = await startSeededShop());
  staff = await signInAsAdmin(shop);
});
afterAll(() => dispose?.());

/** Every file under DATA_DIR (relative paths), and the media table's rows. */
async function footprint() {
  const files = (await fs.readdir(shop.dataDir, { recursive: true }))
    .filter((name) => !name.startsWith("postgres") && name !== "atelier.pid")
    .sort();
  const db = await connectToShopDatabase(shop.dataDir);
  const { rows } = await db.query<{ count: string }>("select count(*) from media_files");
  await db.end();
  return { files, mediaRows: Number(rows[0]?.count) };
}

/**
 * Posts `body` and reads the answer. The server answers an oversized upload (413) as soon
 * as it knows, before the client has sent the rest, and closes the connection: the
 * client's next write may then fail (EPIPE, ECONNRESET) before it has read the answer,
 * a race a busy machine loses now and then. Such a send is made again (twice at most); a
 * stream body cannot be sent again, so `body` may be a function that makes it.
 */
async function upload(
  body: BodyInit | Buffer | (() => BodyInit),
  headers: Record<string, string>,
  url = "/api/admin/media",
) {
  for (let attempt = 1; ; attempt++) {
    const payload = typeof body === "function" ? body() : body;
    try {
      const response = await fetch(`${shop.url}${url}`, {
        method: "POST",
        headers: { ...staff, ...headers },
        body: Buffer.isBuffer(payload) ? new Uint8Array(payload) : payload,
        ...(payload instanceof ReadableStream ? { duplex: "half" } : {}),
      });
      const text = await response.text();
      return { status: response.status, body: text, json: () => JSON.parse(text) };
    } catch (error) {
      const code = (error as { cause?: { code?: string } }).cause?.code;
      if (attempt >= 3 || (code !== "EPIPE" && code !== "ECONNRESET")) throw error;
    }
  }
}

/** A PNG that claims 30,000 × 30,000 pixels (900 MP, 1 bit each): ~110 KB on disk, gigabytes decoded. */
function decompressionBomb(): Buffer {
  const side = 30_000;
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.writeUInt8(1, 8); // bit depth
  header.writeUInt8(0, 9); // greyscale
  // Each row: a filter byte and side/8 bytes of zeros, compressed together.
  const raw = Buffer.alloc(side * (1 + side / 8));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(raw, { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/** A body sent in chunks without Content-Length, so only the server's own byte count can stop it. */
function streamOf(size: number): ReadableStream<Uint8Array> {
  let sent = 0;
  const piece = new Uint8Array(1024 * 1024).fill(0xff);
  return new ReadableStream({
    pull(controller) {
      if (sent >= size) return controller.close();
      sent += piece.length;
      controller.enqueue(piece);
    },
  });
}

describe("hostile uploads", () => {
  it("refuses each with a clear error and stores nothing", async () => {
    const before = await footprint();
    const cases: [string, BodyInit | Buffer | (() => BodyInit), Record<string, string>, number, RegExp][] = [
      [
        "an SVG with a script",
        `<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(document.cookie)</script></svg>`,
        { "content-type": "image/svg+xml" },
        415,
        /JPEG, PNG, WebP or AVIF/,
      ],
      [
        "a PHP file renamed .jpg",
        "<?php system($_GET['cmd']); ?>",
        { "content-type": "image/jpeg", "content-disposition": 'attachment; filename="shell.php.jpg"' },
        415,
        /JPEG, PNG, WebP or AVIF/,
      ],
      [
        "a 50 MB file (announced)",
        new Uint8Array(50 * 1024 * 1024).fill(0xff),
        { "content-type": "image/jpeg" },
        413,
        /at most 10 MB/,
      ],
      [
        "a 50 MB file (streamed, no length)",
        () => streamOf(50 * 1024 * 1024),
        { "content-type": "image/jpeg" },
        413,
        /./,
      ],
      [
        "a decompression bomb (30,000 × 30,000 PNG)",
        decompressionBomb(),
        { "content-type": "image/png" },
        413,
        /at most 40 megapixels/,
      ],
      [
        "a path-traversal file name",
        "not an image",
        { "content-type": "image/png", "content-disposition": 'attachment; filename="../../../auth-secret.png"' },
        415,
        /JPEG, PNG, WebP or AVIF/,
      ],
    ];
    for (const [name, body, headers, status, message] of cases) {
      const answer = await upload(body, headers);
      expect(answer.status, `${name}: ${answer.body.slice(0, 200)}`).toBe(status);
      expect(answer.json().error.message, name).toMatch(message);
    }
    // The shoppers' return-photo upload goes through the same checks.
    const photo = await upload(
      "<?php system($_GET['cmd']); ?>",
      { "content-type": "image/jpeg" },
      "/api/order-requests/photos",
    );
    expect(photo.status, photo.body).toBe(415);
    expect(await footprint()).toEqual(before);
  });

  it("never uses a client's file name: a real image under a traversal name is stored by its content hash only", async () => {
    const before = await footprint();
    const picture = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#c05020" } })
      .png()
      .toBuffer();
    // A PHP payload appended to a real PNG (a polyglot) does not survive the re-encoding either.
    const polyglot = Buffer.concat([picture, Buffer.from("<?php system($_GET['cmd']); ?>")]);
    const answer = await upload(polyglot, {
      "content-type": "image/png",
      "content-disposition": 'attachment; filename="../../../../etc/cron.d/evil.php"',
      "x-filename": "../../auth-secret",
    });
    expect(answer.status, answer.body).toBe(200);
    const { filename } = answer.json();
    expect(filename).toMatch(/^[0-9a-f]{24}\.webp$/);
    const after = await footprint();
    const added = after.files.filter((file) => !before.files.includes(file));
    expect(added).toEqual([path.join("media", filename)]);
    const stored = await fs.readFile(path.join(shop.dataDir, "media", filename));
    expect(stored.includes("<?php")).toBe(false);
    await expect(fs.access("/etc/cron.d/evil.php")).rejects.toThrow();

    // Reading back under a traversal name never leaves the media folder.
    for (const name of [
      "..%2F..%2Fauth-secret",
      "..%2Fpostgres.json",
      "%2e%2e%2fauth-secret.png",
      "....%2F%2Fauth-secret",
    ]) {
      const read = await fetch(`${shop.url}/api/admin/getimage/${name}`);
      expect([400, 404], name).toContain(read.status);
      expect(await read.text()).not.toContain(
        (await fs.readFile(path.join(shop.dataDir, "auth-secret"), "utf8")).trim(),
      );
    }
  });
});
