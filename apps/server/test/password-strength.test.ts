/**
 * Issue 37 item 3, ADR 0022: the server refuses guessable passwords (zxcvbn-ts score
 * under 3, with the person's email, name and the store's name as context) at sign-up,
 * reset and change, with a message the form can show (admin:create: admin-cli.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, signIn, signUp, uniqueEmail } from "./support/auth.ts";
import { createTestApp, type TestApp } from "./support/index.ts";
import { linkIn } from "./support/mail-server.ts";

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
});
afterAll(() => test.close());

const signUpWith = (payload: { email: string; password: string; name: string }) =>
  test.app.inject({ method: "POST", url: "/api/auth/sign-up/email", payload });

describe("sign-up", () => {
  it("refuses aaaaaaaaaaaa and Summer2024! with the library's reason, and stores nobody", async () => {
    for (const password of ["aaaaaaaaaaaa", "Summer2024!"]) {
      const email = uniqueEmail();
      const response = await signUpWith({ email, password, name: "Guessable Person" });
      expect(response.statusCode, password).toBe(400);
      expect(response.json().error).toMatchObject({ reason: "PASSWORD_POLICY" });
      expect(response.json().error.message).toMatch(/^This password is too easy to guess\./);
      expect((await signIn(test.app, email, password)).statusCode).toBe(401);
    }
    const repeated = await signUpWith({ email: uniqueEmail(), password: "aaaaaaaaaaaa", name: "Guessable Person" });
    expect(repeated.json().error.message).toContain("Repeated characters");
  });

  it("counts the person's name and email as known words (the store's name: password-strength.test.ts)", async () => {
    // Strong as two rare words; guessable once they are the person's own name.
    const other = await signUpWith({ email: uniqueEmail(), password: "quillonmarbeth", name: "Someone Else" });
    expect(other.statusCode).toBe(200);
    const named = await signUpWith({ email: uniqueEmail(), password: "quillonmarbeth", name: "Quillon Marbeth" });
    expect(named.statusCode).toBe(400);
    expect(named.json().error).toMatchObject({ reason: "PASSWORD_POLICY" });
    expect(named.json().error.message).toContain("personal");
    const email = `marbethq.${Date.now()}@example.com`;
    const mailed = await signUpWith({ email, password: `${email.split("@")[0]}!`, name: "Q" });
    expect(mailed.statusCode).toBe(400);
  });

  it("still takes a long passphrase", async () => {
    const response = await signUpWith({
      email: uniqueEmail(),
      password: "a long passphrase",
      name: "Passphrase Person",
    });
    expect(response.statusCode).toBe(200);
  });
});

describe("reset and change", () => {
  it("refuses a guessable new password by reset link and keeps the old one", async () => {
    const user = await signUp(test.app);
    await test.app.inject({
      method: "POST",
      url: "/api/auth/request-password-reset",
      payload: { email: user.email, redirectTo: "/reset-password" },
    });
    const mail = await test.mail.waitFor((m) => m.to.includes(user.email) && /reset/i.test(m.subject));
    const link = new URL(linkIn(mail));
    const followed = await test.app.inject({ url: link.pathname + link.search });
    const token = new URL(String(followed.headers.location), "http://x").searchParams.get("token");
    const reset = await test.app.inject({
      method: "POST",
      url: "/api/auth/reset-password",
      payload: { token, newPassword: "Summer2024!" },
    });
    expect(reset.statusCode).toBe(400);
    expect(reset.json().error).toMatchObject({ reason: "PASSWORD_POLICY" });
    expect((await signIn(test.app, user.email, user.password)).statusCode).toBe(200);
  });

  it("refuses a guessable new password at change-password", async () => {
    const user = await signUp(test.app);
    const response = await test.app.inject({
      method: "POST",
      url: "/api/auth/change-password",
      headers: { ...bearer(user.token), origin: "http://localhost:3000" },
      payload: { currentPassword: user.password, newPassword: "aaaaaaaaaaaa" },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toMatch(/too easy to guess/);
    expect((await signIn(test.app, user.email, user.password)).statusCode).toBe(200);
  });
});
