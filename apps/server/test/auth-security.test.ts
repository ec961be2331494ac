/**
 * The identity core under attack: password guessing (per address and per account),
 * stolen sessions after a password change, cross-site requests, and how passwords and
 * session tokens are stored.
 */
import { scrypt } from "node:crypto";
import { promisify } from "node:util";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts } from "../src/db/schema/index.ts";
import { bearer, signIn, signUp, signUpStaff, tokenOf, uniqueEmail } from "./support/auth.ts";
import { createTestApp, type TestApp } from "./support/index.ts";

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
});
afterAll(() => test.close());

const meStatus = async (token: string) =>
  (await test.app.inject({ url: "/api/me", headers: bearer(token) })).statusCode;

describe("password guessing", () => {
  it("limits sign-in attempts per client address", async () => {
    const limited = await createTestApp({ AUTH_RATE_LIMIT: "3" });
    try {
      for (let attempt = 1; attempt <= 3; attempt++) {
        expect((await signIn(limited.app, uniqueEmail("guess"), "wrong-password-1")).statusCode).toBe(401);
      }
      const blocked = await signIn(limited.app, uniqueEmail("guess"), "wrong-password-1");
      expect(blocked.statusCode).toBe(429);
      expect(Number(blocked.headers["retry-after"])).toBeGreaterThan(0);
      expect(blocked.json().error.code).toBe("rate_limited");
    } finally {
      await limited.close();
    }
  });

  it("does not let a client choose its own address with X-Forwarded-For", async () => {
    const limited = await createTestApp({ AUTH_RATE_LIMIT: "3" });
    try {
      const attempt = (n: number) =>
        limited.app.inject({
          method: "POST",
          url: "/api/auth/sign-in/email",
          // A client on the internet, not a proxy this shop trusts (TRUST_PROXY=loopback).
          remoteAddress: "198.51.100.7",
          headers: { "x-forwarded-for": `203.0.113.${n}` },
          payload: { email: uniqueEmail("guess"), password: "wrong-password-1" },
        });
      const statuses = [];
      for (let n = 1; n <= 5; n++) statuses.push((await attempt(n)).statusCode);
      expect(statuses).toEqual([401, 401, 401, 429, 429]);
    } finally {
      await limited.close();
    }
  });

  it("locks an account after five wrong passwords, even against the right one", async () => {
    const user = await signUp(test.app);
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect((await signIn(test.app, user.email, `wrong-password-${attempt}`)).statusCode).toBe(401);
    }
    const locked = await signIn(test.app, user.email, user.password);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error).toMatchObject({ code: "rate_limited", reason: "ACCOUNT_LOCKED" });
    expect(Number(locked.headers["retry-after"])).toBeGreaterThan(0);
    expect(locked.headers["set-auth-token"]).toBeUndefined();
    // Another account from the same address is not affected.
    const other = await signUp(test.app);
    expect((await signIn(test.app, other.email, other.password)).statusCode).toBe(200);
  });
});

describe("changing a password", () => {
  const change = (token: string, currentPassword: string, newPassword: string) =>
    test.app.inject({
      method: "POST",
      url: "/api/auth/change-password",
      headers: bearer(token),
      payload: { currentPassword, newPassword },
    });

  it("applies the policy, including not the email", async () => {
    const user = await signUp(test.app);
    const response = await change(user.token, user.password, user.email);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ reason: "PASSWORD_POLICY" });
  });

  it("counts wrong current passwords towards the account's lockout", async () => {
    const user = await signUp(test.app);
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect((await change(user.token, `wrong-password-${attempt}`, "amber-quarry-93")).statusCode).toBe(400);
    }
    const locked = await change(user.token, user.password, "amber-quarry-93");
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error.reason).toBe("ACCOUNT_LOCKED");
  });
});

describe("sessions", () => {
  it("ends the other sessions when the password changes", async () => {
    const user = await signUp(test.app);
    const laptop = tokenOf(await signIn(test.app, user.email, user.password));
    const changed = await test.app.inject({
      method: "POST",
      url: "/api/auth/change-password",
      headers: bearer(laptop),
      payload: { currentPassword: user.password, newPassword: "amber-orchard-58" },
    });
    expect(changed.statusCode).toBe(200);
    expect(await meStatus(user.token)).toBe(401);

    expect((await signIn(test.app, user.email, user.password)).statusCode).toBe(401);
    const fresh = await signIn(test.app, user.email, "amber-orchard-58");
    expect(fresh.statusCode).toBe(200);
    expect(await meStatus(tokenOf(fresh))).toBe(200);
  });

  it("gives a new session token at each sign-in", async () => {
    const user = await signUp(test.app);
    const tokens = [user.token];
    for (let i = 0; i < 2; i++) tokens.push(tokenOf(await signIn(test.app, user.email, user.password)));
    expect(new Set(tokens).size).toBe(3);
    for (const token of tokens) expect(await meStatus(token)).toBe(200);
  });

  it("stores passwords as salted scrypt hashes", async () => {
    const user = await signUp(test.app);
    const [account] = await test.db
      .select({ password: accounts.password })
      .from(accounts)
      .where(eq(accounts.userId, user.id));
    const stored = account?.password ?? "";
    expect(stored).not.toContain(user.password);
    const [salt, key] = stored.split(":");
    expect(salt).toMatch(/^[0-9a-f]{32}$/);
    expect(key).toMatch(/^[0-9a-f]{128}$/);
    // Recomputing it with scrypt (better-auth's parameters) proves what the hash is.
    const derive = promisify<string, string, number, { N: number; r: number; p: number; maxmem: number }, Buffer>(
      scrypt,
    );
    const derived = await derive(user.password.normalize("NFKC"), salt ?? "", 64, {
      N: 16384,
      r: 16,
      p: 1,
      maxmem: 64 * 1024 * 1024,
    });
    expect(derived.toString("hex")).toBe(key);
  });
});

describe("cross-site requests", () => {
  it("refuses state-changing calls from another origin", async () => {
    const user = await signUp(test.app);
    const evil = { origin: "https://evil.example" };
    const signInFromEvil = await test.app.inject({
      method: "POST",
      url: "/api/auth/sign-in/email",
      headers: evil,
      payload: { email: user.email, password: user.password },
    });
    expect(signInFromEvil.statusCode).toBe(403);
    expect(signInFromEvil.headers["set-auth-token"]).toBeUndefined();

    const owner = await signUpStaff(test, "Owner");
    const role = { name: "Cross Site", permissions: ["orders"] };
    const forged = await test.app.inject({
      method: "POST",
      url: "/api/admin/roles",
      headers: { ...bearer(owner.token), ...evil },
      payload: role,
    });
    expect(forged.statusCode).toBe(403);
    const roles = await test.app.inject({ url: "/api/admin/roles", headers: bearer(owner.token) });
    expect(roles.json().map((r: { name: string }) => r.name)).not.toContain("Cross Site");

    // The shop's own origin is let through, so the refusal above is about the origin.
    const own = await test.app.inject({
      method: "POST",
      url: "/api/admin/roles",
      headers: { ...bearer(owner.token), origin: "http://localhost:3000" },
      payload: role,
    });
    expect(own.statusCode).toBe(200);
  });
});
