import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, signIn, signUp, signUpStaff, tokenOf, uniqueEmail } from "./support/auth.ts";
import { createTestApp, type TestApp } from "./support/index.ts";
import { linkIn } from "./support/mail-server.ts";

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
});
afterAll(() => test.close());

describe("sign-up and sign-in", () => {
  it("signs a shopper up and in; the token identifies them", async () => {
    const user = await signUp(test.app, { name: "Rosa Silva" });
    const me = await test.app.inject({ url: "/api/me", headers: bearer(user.token) });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ user: { email: user.email, name: "Rosa Silva" }, isStaff: false, roles: [] });

    const again = await signIn(test.app, user.email, user.password);
    expect(again.statusCode).toBe(200);
    expect(tokenOf(again)).not.toBe(user.token);
  });

  it("gives the same message for a wrong password and an unknown email", async () => {
    const user = await signUp(test.app);
    const wrong = await signIn(test.app, user.email, "not-the-password-1");
    const unknown = await signIn(test.app, uniqueEmail("nobody"), "not-the-password-1");
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().error.message).toBe(unknown.json().error.message);
    expect(wrong.json().error).toMatchObject({ code: "unauthorized" });
  });

  it("enforces the password policy on the server", async () => {
    const email = uniqueEmail();
    const cases = [
      ["short1", "at least 8"],
      ["password123", "too common"],
      [email, "email"],
      ["x".repeat(129), "at most 128"],
    ] as const;
    for (const [password, message] of cases) {
      const response = await test.app.inject({
        method: "POST",
        url: "/api/auth/sign-up/email",
        payload: { email, password, name: "Policy Test" },
      });
      expect(response.statusCode, password).toBe(400);
      expect(response.json().error.message).toContain(message);
    }
  });

  it("refuses an empty or overlong name and an overlong or malformed email, with a plain message", async () => {
    const cases = [
      [{ name: " ", email: uniqueEmail() }, "Enter your name."],
      [{ name: "n".repeat(101), email: uniqueEmail() }, "at most 100 characters"],
      [{ name: "Long Mail", email: `${"e".repeat(250)}@example.com` }, "at most 254 characters"],
      [{ name: "Bad Mail", email: "not-an-email" }, "Invalid email address."],
    ] as const;
    for (const [fields, message] of cases) {
      const response = await test.app.inject({
        method: "POST",
        url: "/api/auth/sign-up/email",
        payload: { ...fields, password: "violet-harbour-42" },
      });
      expect(response.statusCode, message).toBe(400);
      expect(response.json().error.message).toContain(message);
      expect(response.json().error.message).not.toContain("[body");
    }
  });

  it("ignores role or isAdmin in a sign-up body", async () => {
    const user = await signUp(test.app, { extra: { role: "Owner", isAdmin: true, roles: ["Owner"] } });
    const check = await test.app.inject({ url: "/api/admin/checkIfAdmin", headers: bearer(user.token) });
    expect(check.json()).toEqual({ isAdmin: false });
  });

  it("ends the session at sign-out: the old token gets 401", async () => {
    const user = await signUp(test.app);
    const out = await test.app.inject({
      method: "POST",
      url: "/api/auth/sign-out",
      headers: bearer(user.token),
      payload: {},
    });
    expect(out.statusCode).toBe(200);
    const me = await test.app.inject({ url: "/api/me", headers: bearer(user.token) });
    expect(me.statusCode).toBe(401);
  });

  it("sets HttpOnly, SameSite session cookies", async () => {
    const user = await signUp(test.app);
    const response = await signIn(test.app, user.email, user.password);
    const cookies = [response.headers["set-cookie"]].flat().join("\n");
    expect(cookies).toMatch(/atelier\.session_token=/);
    expect(cookies).toMatch(/HttpOnly/i);
    expect(cookies).toMatch(/SameSite=Lax/i);
  });
});

describe("password reset by email", () => {
  it("mails a link that sets a new password and ends the old sessions", async () => {
    const user = await signUp(test.app);
    const request = await test.app.inject({
      method: "POST",
      url: "/api/auth/request-password-reset",
      payload: { email: user.email, redirectTo: "/reset-password" },
    });
    expect(request.statusCode).toBe(200);
    const mail = await test.mail.waitFor((m) => m.to.includes(user.email) && /reset/i.test(m.subject));
    const link = new URL(linkIn(mail));
    const followed = await test.app.inject({ url: link.pathname + link.search });
    expect(followed.statusCode).toBe(302);
    const token = new URL(String(followed.headers.location), "http://x").searchParams.get("token");
    expect(token).toBeTruthy();

    const reset = await test.app.inject({
      method: "POST",
      url: "/api/auth/reset-password",
      payload: { token, newPassword: "copper-lantern-77" },
    });
    expect(reset.statusCode).toBe(200);
    expect((await test.app.inject({ url: "/api/me", headers: bearer(user.token) })).statusCode).toBe(401);
    expect((await signIn(test.app, user.email, "copper-lantern-77")).statusCode).toBe(200);
    expect((await signIn(test.app, user.email, user.password)).statusCode).toBe(401);
  });
});

describe("the admin gate's question", () => {
  it("answers from the session only; the email parameter grants nothing", async () => {
    const owner = await signUpStaff(test, "Owner");
    const customer = await signUp(test.app);
    const asCustomer = await test.app.inject({
      url: `/api/admin/checkIfAdmin?email=${encodeURIComponent(owner.email)}`,
      headers: bearer(customer.token),
    });
    expect(asCustomer.json()).toEqual({ isAdmin: false });
    const asOwner = await test.app.inject({ url: "/api/admin/checkIfAdmin", headers: bearer(owner.token) });
    expect(asOwner.json()).toEqual({ isAdmin: true });
    const anonymous = await test.app.inject({ url: `/api/admin/checkIfAdmin?email=${owner.email}` });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe("guest identity", () => {
  const username = () => `guest${Date.now()}${Math.floor(Math.random() * 1000)}`;

  it("backs a guest record with a signed token and a generated email", async () => {
    const name = username();
    const response = await test.app.inject({ method: "POST", url: "/api/guests", payload: { username: name } });
    expect(response.statusCode).toBe(200);
    const guest = response.json();
    expect(guest.username).toBe(name);
    expect(guest.email).toMatch(new RegExp(`^${name}@`));
    expect(guest.token).toMatch(/^[0-9a-f-]{36}\.[\w-]+$/);
  });

  it("refuses a username that is not the spec's guest format", async () => {
    for (const bad of ["admin", "guest", "guestabc", `guest${Date.now()}1000x`]) {
      const response = await test.app.inject({ method: "POST", url: "/api/guests", payload: { username: bad } });
      expect(response.statusCode, bad).toBe(422);
    }
  });

  it("merges a guest into the account at each sign-in, and only with a genuine token", async () => {
    const guest = (
      await test.app.inject({ method: "POST", url: "/api/guests", payload: { username: username() } })
    ).json();
    const user = await signUp(test.app);
    const merge = (token: string) =>
      test.app.inject({ method: "POST", url: "/api/me/merge-guest", headers: bearer(user.token), payload: { token } });

    const [id] = guest.token.split(".");
    expect((await merge(`${id}.forged-signature`)).json()).toEqual({ merged: false });
    expect((await merge(guest.token)).json()).toEqual({ merged: true });
    // The browser keeps its guest after a logout; what it gathers then merges next time.
    expect((await merge(guest.token)).json()).toEqual({ merged: true });
    const anonymous = await test.app.inject({
      method: "POST",
      url: "/api/me/merge-guest",
      payload: { token: guest.token },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe("over HTTPS", () => {
  it("marks the session cookies Secure", async () => {
    const secure = await createTestApp({ PUBLIC_URL: "https://shop.example" });
    try {
      const user = await signUp(secure.app);
      const response = await signIn(secure.app, user.email, user.password);
      const cookies = [response.headers["set-cookie"]].flat().join("\n");
      expect(cookies).toMatch(/__Secure-atelier\.session_token=[^;]+;.*Secure/i);
    } finally {
      await secure.close();
    }
  });
});

describe("the identity configuration", () => {
  it("publishes the password policy and the configured social providers", async () => {
    const withOidc = await createTestApp({
      OIDC_ISSUER: "http://127.0.0.1:9/issuer",
      OIDC_CLIENT_ID: "client",
      OIDC_CLIENT_SECRET: "secret",
      OIDC_NAME: "Staff SSO",
    });
    try {
      const config = (await withOidc.app.inject({ url: "/api/identity/config" })).json();
      expect(config.passwordPolicy).toMatchObject({ minLength: 8, maxLength: 128, minScore: 3 });
      expect(config.passwordPolicy.rules.map((rule: { id: string }) => rule.id)).toEqual([
        "min-length",
        "max-length",
        "not-common",
        "not-email",
        "hard-to-guess",
      ]);
      expect(config.socialProviders).toEqual([{ id: "oidc", name: "Staff SSO", kind: "oidc" }]);
    } finally {
      await withOidc.close();
    }
  });
});

describe("email verification, when the shop requires it", () => {
  it("refuses sign-in until the emailed link is opened, which then signs the person in", async () => {
    const strict = await createTestApp({ EMAIL_VERIFICATION: "required" });
    try {
      const email = uniqueEmail("verify");
      const signUpResponse = await strict.app.inject({
        method: "POST",
        url: "/api/auth/sign-up/email",
        payload: { email, password: "violet-harbour-42", name: "Vera Fy", callbackURL: "/" },
      });
      expect(signUpResponse.statusCode).toBe(200);
      expect(signUpResponse.headers["set-auth-token"]).toBeUndefined();

      const early = await signIn(strict.app, email, "violet-harbour-42");
      expect(early.statusCode).toBe(403);
      expect(early.json().error.reason).toBe("EMAIL_NOT_VERIFIED");

      const mail = await strict.mail.waitFor((m) => m.to.includes(email) && /confirm/i.test(m.subject));
      const link = new URL(linkIn(mail));
      const verified = await strict.app.inject({ url: link.pathname + link.search });
      expect(verified.statusCode).toBe(302);
      expect([verified.headers["set-cookie"]].flat().join("\n")).toMatch(/atelier\.session_token=/);
      expect((await signIn(strict.app, email, "violet-harbour-42")).statusCode).toBe(200);
    } finally {
      await strict.close();
    }
  });
});
