import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pino } from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { createMailer } from "./mailer.ts";

let dir: string | undefined;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe("the mailer without SMTP_URL", () => {
  it("writes each message to the outbox folder as an .eml file", async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "atelier-outbox-"));
    const mailer = createMailer({
      smtpUrl: undefined,
      from: "Shop <no-reply@shop.test>",
      outboxDir: dir,
      logger: pino({ level: "silent" }),
    });
    expect(mailer.mode).toBe("outbox");
    await mailer.send({ to: "rosa@example.com", subject: "Reset your password", text: "Open https://shop.test/r/1" });
    const files = await readdir(dir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/rosa@example\.com\.eml$/);
    const eml = await readFile(path.join(dir, files[0] ?? ""), "utf8");
    expect(eml).toContain("Subject: Reset your password");
    expect(eml).toContain("To: rosa@example.com");
    expect(eml).toContain("https://shop.test/r/1");
  });
});
