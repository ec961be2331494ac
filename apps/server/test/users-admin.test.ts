import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../src/db/schema/index.ts";
import { bearer, signIn, signUp, signUpStaff, type TestUser, tokenOf, uniqueEmail } from "./support/auth.ts";
import { createTestApp, type TestApp } from "./support/index.ts";
import { linkIn } from "./support/mail-server.ts";
import { apiAs, roleId } from "./support/staff-api.ts";

let test: TestApp;
let owner: TestUser;
let api: ReturnType<typeof apiAs>;

beforeAll(async () => {
  test = await createTestApp();
  owner = await signUpStaff(test, "Owner");
  api = apiAs(test, owner);
});
afterAll(() => test.close());

const meStatus = async (token: string) =>
  (await test.app.inject({ url: "/api/me", headers: bearer(token) })).statusCode;

interface Page {
  items: { id: string; name: string; roles: string[]; banned: boolean }[];
  total: number;
  pageCount: number;
}

describe("banning", () => {
  it("ends every session at once and refuses sign-in until the ban is lifted", async () => {
    const customer = await signUp(test.app);
    const second = tokenOf(await signIn(test.app, customer.email, customer.password));

    expect((await api.post(`/api/admin/users/${customer.id}/ban`, { reason: "Chargeback fraud" })).json()).toEqual({
      ok: true,
    });
    expect(await meStatus(customer.token)).toBe(401);
    expect(await meStatus(second)).toBe(401);
    const refused = await signIn(test.app, customer.email, customer.password);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.reason).toBe("ACCOUNT_BANNED");

    const details = (await api.get(`/api/admin/users/${customer.id}`)).json();
    expect(details.user).toMatchObject({ banned: true, banReason: "Chargeback fraud", bannedAt: expect.any(String) });
    expect(details.sessions).toEqual([]);
    const banned = (await api.get(`/api/admin/users?status=banned&search=${customer.email}`)).json<Page>();
    expect(banned.items.map((user) => user.id)).toEqual([customer.id]);

    expect((await api.post(`/api/admin/users/${customer.id}/unban`)).statusCode).toBe(200);
    expect((await signIn(test.app, customer.email, customer.password)).statusCode).toBe(200);
    expect((await api.get(`/api/admin/users/${customer.id}`)).json().user).toMatchObject({
      banned: false,
      banReason: null,
      bannedAt: null,
    });
  });

  it("refuses banning yourself, unknown users, and staff by someone who does not manage roles", async () => {
    expect((await api.post(`/api/admin/users/${owner.id}/ban`, {})).statusCode).toBe(409);
    expect((await api.post("/api/admin/users/no-such-user/ban", {})).statusCode).toBe(404);
    expect((await api.post("/api/admin/users/no-such-user/unban")).statusCode).toBe(404);

    const support = apiAs(test, await signUpStaff(test, "Support"));
    const manager = await signUpStaff(test, "Manager");
    const staffBan = await support.post(`/api/admin/users/${manager.id}/ban`, {});
    expect(staffBan.statusCode).toBe(403);
    expect(await meStatus(manager.token)).toBe(200);
    const customer = await signUp(test.app);
    expect((await support.post(`/api/admin/users/${customer.id}/ban`, {})).statusCode).toBe(200);
  });
});

describe("account help", () => {
  it("mails the user a password-reset link", async () => {
    const customer = await signUp(test.app);
    expect((await api.post(`/api/admin/users/${customer.id}/password-reset`)).json()).toEqual({ ok: true });
    const mail = await test.mail.waitFor((m) => m.to.includes(customer.email) && /reset/i.test(m.subject));
    expect(new URL(linkIn(mail)).pathname).toMatch(/^\/api\/auth\/reset-password\//);
    expect((await api.post("/api/admin/users/no-such-user/password-reset")).statusCode).toBe(404);
  });

  it("ends one session of the user, and only one of theirs", async () => {
    const customer = await signUp(test.app);
    const newest = tokenOf(await signIn(test.app, customer.email, customer.password));
    const { sessions } = (await api.get(`/api/admin/users/${customer.id}`)).json<{ sessions: { id: string }[] }>();
    expect(sessions).toHaveLength(2);
    const [latest] = sessions;
    if (!latest) throw new Error("no session");

    expect((await api.delete(`/api/admin/users/${customer.id}/sessions/${latest.id}`)).statusCode).toBe(200);
    expect(await meStatus(newest)).toBe(401);
    expect(await meStatus(customer.token)).toBe(200);
    expect((await api.delete(`/api/admin/users/${customer.id}/sessions/${latest.id}`)).statusCode).toBe(404);
    const other = await signUp(test.app);
    const { sessions: theirs } = (await api.get(`/api/admin/users/${other.id}`)).json<{ sessions: { id: string }[] }>();
    expect((await api.delete(`/api/admin/users/${customer.id}/sessions/${theirs[0]?.id}`)).statusCode).toBe(404);
    expect(await meStatus(other.token)).toBe(200);
  });
});

describe("the user list", () => {
  it("searches name and email, filters by kind and status, sorts and pages", async () => {
    const tag = randomBytes(4).toString("hex");
    const make = (name: string) => signUp(test.app, { name: `${name} Quill${tag}`, email: uniqueEmail(`q${tag}`) });
    const alpha = await make("Alpha");
    const bravo = await make("bravo");
    const charlie = await make("Charlie");
    const list = async (query: string) => (await api.get(`/api/admin/users?${query}`)).json<Page>();

    const found = await list(`search=QUILL${tag.toUpperCase()}&sort=name`);
    expect(found.total).toBe(3);
    expect(found.items.map((user) => user.id)).toEqual([alpha.id, bravo.id, charlie.id]);
    expect((await list(`search=q${tag}.&sort=oldest`)).items.map((user) => user.id)).toEqual([
      alpha.id,
      bravo.id,
      charlie.id,
    ]);
    // LIKE's wildcards in the search text are taken literally.
    expect((await list(`search=%25Quill${tag}`)).total).toBe(0);

    const first = await list(`search=Quill${tag}&pageSize=2&sort=newest`);
    expect(first).toMatchObject({ total: 3, pageCount: 2 });
    expect(first.items.map((user) => user.id)).toEqual([charlie.id, bravo.id]);
    expect((await list(`search=Quill${tag}&pageSize=2&page=2`)).items.map((user) => user.id)).toEqual([alpha.id]);

    await api.put(`/api/admin/users/${bravo.id}/roles`, { roleIds: [await roleId(test, owner, "Support")] });
    await api.post(`/api/admin/users/${charlie.id}/ban`, {});
    const staff = await list(`search=Quill${tag}&kind=staff`);
    expect(staff.items).toMatchObject([{ id: bravo.id, roles: ["Support"] }]);
    expect((await list(`search=Quill${tag}&kind=customers&sort=name`)).items.map((u) => u.id)).toEqual([
      alpha.id,
      charlie.id,
    ]);
    expect((await list(`search=Quill${tag}&status=active&sort=name`)).items.map((u) => u.id)).toEqual([
      alpha.id,
      bravo.id,
    ]);

    await signIn(test.app, alpha.email, alpha.password);
    expect((await list(`search=Quill${tag}&sort=last-sign-in`)).items[0]?.id).toBe(alpha.id);
    expect((await api.get("/api/admin/users?pageSize=500")).statusCode).toBe(400);
  });

  it("shows one user's profile, roles, sign-in methods, sessions and history", async () => {
    const user = await signUp(test.app, { name: "Dana Detail" });
    await signIn(test.app, user.email, "not-the-password-9");
    const details = (await api.get(`/api/admin/users/${user.id}`)).json();
    expect(details.user).toMatchObject({ id: user.id, name: "Dana Detail", email: user.email, roles: [] });
    expect(details.roles).toEqual([]);
    expect(details.accounts).toEqual([{ providerId: "credential", createdAt: expect.any(String) }]);
    expect(details.sessions).toHaveLength(1);
    expect(details.signIns).toMatchObject([
      { method: "email", success: false },
      { method: "sign-up", success: true },
    ]);
    expect((await api.get("/api/admin/users/no-such-user")).statusCode).toBe(404);
  });
});

describe("insights", () => {
  it("counts sign-ups on every day of the period, zero where there were none", async () => {
    const day = 24 * 60 * 60 * 1000;
    const earlier = await signUp(test.app);
    const banned = await signUp(test.app);
    await api.post(`/api/admin/users/${banned.id}/ban`, {});
    await signIn(test.app, earlier.email, earlier.password);
    await test.db
      .update(users)
      .set({ createdAt: new Date(Date.now() - 3 * day) })
      .where(eq(users.id, earlier.id));

    const insights = (await api.get("/api/admin/insights/users?days=7")).json();
    const today = new Date().toISOString().slice(0, 10);
    const threeDaysAgo = new Date(Date.now() - 3 * day).toISOString().slice(0, 10);
    expect(insights.signUps).toHaveLength(7);
    expect(insights.signUps.at(-1).date).toBe(today);
    for (const [index, entry] of insights.signUps.entries()) {
      expect(entry.date).toBe(new Date(Date.now() - (6 - index) * day).toISOString().slice(0, 10));
      if (entry.date === threeDaysAgo) expect(entry.count).toBe(1);
      else if (entry.date !== today) expect(entry.count).toBe(0);
    }
    const { totals } = insights;
    expect(totals.users).toBe(totals.customers + totals.staff);
    expect(totals.newInPeriod).toBe(insights.signUps.reduce((sum: number, d: { count: number }) => sum + d.count, 0));
    expect(totals.active7d).toBeGreaterThan(0);
    expect(totals.banned).toBeGreaterThan(0);
    expect(insights.signInMethods).toContainEqual({ method: "email", count: expect.any(Number) });
    expect((await api.get("/api/admin/insights/users?days=3")).statusCode).toBe(400);
  });
});
