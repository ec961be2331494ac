/**
 * Issue 37 item 9: a second factor through better-auth's two-factor plugin. A person
 * turns TOTP on (an authenticator app: the codes here come from otplib, a real TOTP
 * generator), sign-in then asks for a code, a wrong code is refused, the right one and a
 * backup code (once) sign in; the Owner can require a second factor for every staff role,
 * and staff without one are refused by every admin endpoint until they set it up.
 */
import { generateSync } from "otplib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activityLog } from "../src/db/schema/index.ts";
import { bearer, signIn, signUp, signUpStaff, type TestUser, tokenOf } from "./support/auth.ts";
import { createTestApp, type TestApp } from "./support/index.ts";

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
});
afterAll(() => test.close());

const origin = { origin: "http://localhost:3000" };

/** Turns TOTP on as the person would: enable with the password, then a first right code. */
async function enableTotp(user: TestUser): Promise<{ secret: string; backupCodes: string[]; token: string }> {
  const enable = await test.app.inject({
    method: "POST",
    url: "/api/auth/two-factor/enable",
    headers: { ...bearer(user.token), ...origin },
    payload: { password: user.password },
  });
  expect(enable.statusCode, enable.body).toBe(200);
  const { totpURI, backupCodes } = enable.json<{ totpURI: string; backupCodes: string[] }>();
  const uri = new URL(totpURI);
  expect(uri.protocol).toBe("otpauth:");
  expect(decodeURIComponent(uri.pathname)).toContain(user.email);
  const secret = uri.searchParams.get("secret") ?? "";
  expect(backupCodes).toHaveLength(10);
  const verify = await test.app.inject({
    method: "POST",
    url: "/api/auth/two-factor/verify-totp",
    headers: { ...bearer(user.token), ...origin },
    payload: { code: generateSync({ secret }) },
  });
  expect(verify.statusCode, verify.body).toBe(200);
  return { secret, backupCodes, token: tokenOf(verify) };
}

/** The challenge cookie a password sign-in leaves when a code is due. */
function challengeCookie(response: { headers: Record<string, unknown> }): string {
  const setCookie = response.headers["set-cookie"];
  const cookies = Array.isArray(setCookie) ? setCookie : [String(setCookie ?? "")];
  const challenge = cookies.find((cookie) => /atelier\.two_factor=/.test(cookie));
  if (!challenge) throw new Error(`no two_factor cookie in ${JSON.stringify(cookies)}`);
  return challenge.split(";")[0] ?? "";
}

const verifyWith = (path: "verify-totp" | "verify-backup-code", cookie: string, code: string) =>
  test.app.inject({
    method: "POST",
    url: `/api/auth/two-factor/${path}`,
    headers: { cookie, ...origin },
    payload: { code },
  });

describe("TOTP for anyone", () => {
  it("enable → sign-in asks for the code → a wrong code is refused → the right one signs in", async () => {
    const user = await signUp(test.app, { name: "Two Step" });
    const before = await test.app.inject({ url: "/api/me", headers: bearer(user.token) });
    expect(before.json()).toMatchObject({ twoFactorEnabled: false, hasPasskey: false, secondFactorRequired: false });

    const { secret, token } = await enableTotp(user);
    const me = await test.app.inject({ url: "/api/me", headers: bearer(token) });
    expect(me.json()).toMatchObject({ twoFactorEnabled: true });

    const password = await signIn(test.app, user.email, user.password);
    expect(password.statusCode).toBe(200);
    expect(password.json()).toMatchObject({ twoFactorRedirect: true, twoFactorMethods: ["totp"] });
    expect(password.headers["set-auth-token"], "no session before the code").toBeUndefined();
    const cookie = challengeCookie(password);

    const wrongCode = String((Number(generateSync({ secret })) + 1) % 1_000_000).padStart(6, "0");
    const wrong = await verifyWith("verify-totp", cookie, wrongCode);
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error).toMatchObject({ code: "unauthorized", reason: "INVALID_CODE" });
    expect(wrong.headers["set-auth-token"]).toBeUndefined();

    const right = await verifyWith("verify-totp", cookie, generateSync({ secret }));
    expect(right.statusCode, right.body).toBe(200);
    const session = tokenOf(right);
    expect((await test.app.inject({ url: "/api/me", headers: bearer(session) })).json().user.email).toBe(user.email);
  });

  it("a backup code signs in once, never twice", async () => {
    const user = await signUp(test.app, { name: "Backup Person" });
    const { backupCodes } = await enableTotp(user);
    const code = backupCodes[0] ?? "";

    const first = await verifyWith(
      "verify-backup-code",
      challengeCookie(await signIn(test.app, user.email, user.password)),
      code,
    );
    expect(first.statusCode, first.body).toBe(200);
    expect(typeof tokenOf(first)).toBe("string");

    const again = await verifyWith(
      "verify-backup-code",
      challengeCookie(await signIn(test.app, user.email, user.password)),
      code,
    );
    expect(again.statusCode).toBe(401);
    expect(again.json().error.reason).toBe("INVALID_BACKUP_CODE");
    expect(again.headers["set-auth-token"]).toBeUndefined();
  });

  it("a code without the password's challenge signs nobody in", async () => {
    const response = await test.app.inject({
      method: "POST",
      url: "/api/auth/two-factor/verify-totp",
      headers: origin,
      payload: { code: "123456" },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe("the Owner's rule: staff need a second factor", () => {
  let owner: TestUser;
  let ownerToken: string;
  let manager: TestUser;

  beforeAll(async () => {
    owner = await signUpStaff(test, "Owner");
    manager = await signUpStaff(test, "Manager");
    ownerToken = owner.token;
  });

  const putRule = (token: string, requireStaffSecondFactor: boolean) =>
    test.app.inject({
      method: "PUT",
      url: "/api/admin/security-settings",
      headers: bearer(token),
      payload: { requireStaffSecondFactor },
    });

  it("only the Owner may change it, and only with a second factor of their own", async () => {
    const asManager = await putRule(manager.token, true);
    expect(asManager.statusCode).toBe(403);
    const customer = await signUp(test.app);
    expect((await putRule(customer.token, true)).statusCode).toBe(403);

    const withoutOwn = await putRule(ownerToken, true);
    expect(withoutOwn.statusCode).toBe(409);
    expect(withoutOwn.json().error.message).toContain("your own account first");
    const invalid = await test.app.inject({
      method: "PUT",
      url: "/api/admin/security-settings",
      headers: bearer(ownerToken),
      payload: { requireStaffSecondFactor: "yes" },
    });
    expect(invalid.statusCode).toBe(422);
  });

  it("once on, staff without a second factor are refused on admin endpoints with a clear error; with one they pass", async () => {
    ownerToken = (await enableTotp(owner)).token;
    const on = await putRule(ownerToken, true);
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toEqual({ requireStaffSecondFactor: true });
    const read = await test.app.inject({ url: "/api/admin/security-settings", headers: bearer(ownerToken) });
    expect(read.json()).toEqual({ requireStaffSecondFactor: true });

    const logged = await test.db.select().from(activityLog);
    expect(logged.filter((entry) => entry.action === "settings.security")).toEqual([
      expect.objectContaining({
        actorId: owner.id,
        before: { requireStaffSecondFactor: false },
        after: { requireStaffSecondFactor: true },
      }),
    ]);

    for (const url of ["/api/admin/dashboard", "/api/admin/orders", "/api/admin/users"]) {
      const refused = await test.app.inject({ url, headers: bearer(manager.token) });
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json().error).toMatchObject({ code: "forbidden", reason: "SECOND_FACTOR_REQUIRED" });
      expect(refused.json().error.message).toContain("second factor");
    }
    const me = await test.app.inject({ url: "/api/me", headers: bearer(manager.token) });
    expect(me.json()).toMatchObject({ isStaff: true, twoFactorEnabled: false, secondFactorRequired: true });
    // The shop stays open to them as a customer.
    expect((await test.app.inject({ url: "/api/me/profile", headers: bearer(manager.token) })).statusCode).toBe(200);
    // Customers are not touched by a staff rule.
    const customer = await signUp(test.app);
    expect((await test.app.inject({ url: "/api/me", headers: bearer(customer.token) })).json()).toMatchObject({
      secondFactorRequired: false,
    });

    const { secret: managerSecret, token: managerToken } = await enableTotp(manager);
    expect((await test.app.inject({ url: "/api/admin/orders", headers: bearer(managerToken) })).statusCode).toBe(200);
    // A later sign-in counts only once its code is in: the session remembers how it was made.
    const challenge = challengeCookie(await signIn(test.app, manager.email, manager.password));
    const signedIn = tokenOf(await verifyWith("verify-totp", challenge, generateSync({ secret: managerSecret })));
    expect((await test.app.inject({ url: "/api/admin/orders", headers: bearer(signedIn) })).statusCode).toBe(200);
    expect((await test.app.inject({ url: "/api/admin/orders", headers: bearer(ownerToken) })).statusCode).toBe(200);

    // Turning the rule off again is logged too; staff without a factor pass again.
    expect((await putRule(ownerToken, false)).statusCode).toBe(200);
    const other = await signUpStaff(test, "Support");
    expect((await test.app.inject({ url: "/api/admin/dashboard", headers: bearer(other.token) })).statusCode).toBe(200);
  });
});

describe("the API document", () => {
  it("lists the security settings with their schema", async () => {
    const document = (await test.app.inject({ url: "/api/docs/json" })).json();
    const operations = document.paths["/api/admin/security-settings"];
    expect(Object.keys(operations ?? {}).sort()).toEqual(["get", "put"]);
    expect(document.components.schemas.SecuritySettings).toBeDefined();
  });
});
