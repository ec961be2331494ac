/** `npm run admin:create`: the real script, run as a process against this file's database. */
import { execFile } from "node:child_process";
import os from "node:os";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, signIn, tokenOf, uniqueEmail } from "./support/auth.ts";
import { createTestApp, type TestApp } from "./support/index.ts";

const script = fileURLToPath(new URL("../src/modules/identity/admin-cli.ts", import.meta.url));
const run = promisify(execFile);

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
});
afterAll(() => test.close());

function adminCreate(args: string[]) {
  return run(process.execPath, [script, ...args], {
    env: {
      PATH: process.env.PATH ?? "",
      HOME: os.tmpdir(),
      DATABASE_URL: test.databaseUrl,
      DATA_DIR: os.tmpdir(),
      AUTH_SECRET: "test-secret-that-is-long-enough-for-better-auth",
      PUBLIC_URL: "http://localhost:3000",
    },
  });
}

describe("npm run admin:create", () => {
  it("creates an Owner who can sign in and passes the admin gate", async () => {
    const email = uniqueEmail("owner");
    const { stdout } = await adminCreate(["--email", email, "--password", "saffron-ledger-58", "--name", "Iris Owner"]);
    expect(stdout).toContain(`Created ${email} with the Owner role`);

    const response = await signIn(test.app, email, "saffron-ledger-58");
    expect(response.statusCode).toBe(200);
    const check = await test.app.inject({ url: "/api/admin/checkIfAdmin", headers: bearer(tokenOf(response)) });
    expect(check.json()).toEqual({ isAdmin: true });
  });

  it("refuses a password the policy refuses, and writes nothing", async () => {
    const email = uniqueEmail("owner");
    const failure = await adminCreate(["--email", email, "--password", "password123"]).catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: 1, stderr: expect.stringContaining("too common") });
    expect((await signIn(test.app, email, "password123")).statusCode).toBe(401);
  });

  it("refuses a guessable password by the strength rule (ADR 0022)", async () => {
    const email = uniqueEmail("owner");
    const failure = await adminCreate(["--email", email, "--password", "Summer2024!"]).catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: 1, stderr: expect.stringContaining("too easy to guess") });
    expect((await signIn(test.app, email, "Summer2024!")).statusCode).toBe(401);
  });
});
