import { permissions } from "@atelier/contract/constants";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, signUp, signUpStaff, type TestUser } from "./support/auth.ts";
import { createTestApp, type TestApp } from "./support/index.ts";
import { apiAs, type RoleJson, roleId } from "./support/staff-api.ts";

let test: TestApp;
let owner: TestUser;
let api: ReturnType<typeof apiAs>;

beforeAll(async () => {
  test = await createTestApp();
  owner = await signUpStaff(test, "Owner");
  api = apiAs(test, owner);
});
afterAll(() => test.close());

describe("roles", () => {
  it("lists the seed roles with their permissions and how many hold them", async () => {
    const roles = (await api.get("/api/admin/roles")).json<RoleJson[]>();
    expect(roles.map((role) => role.name)).toEqual(
      expect.arrayContaining(["Owner", "Manager", "Support", "Inventory"]),
    );
    const ownerRole = roles.find((role) => role.name === "Owner");
    expect(ownerRole?.permissions).toEqual([...permissions]);
    expect(ownerRole?.userCount).toBeGreaterThanOrEqual(1);
    const infos = (await api.get("/api/admin/permissions")).json<{ key: string; label: string }[]>();
    expect(infos).toHaveLength(permissions.length);
    expect(infos).toContainEqual({ key: "roles", label: "Role Management" });
  });

  it("creates a role under a unique name and edits it", async () => {
    const created = await api.post("/api/admin/roles", {
      name: "Returns Desk",
      description: "Handles returns.",
      permissions: ["users", "orders", "orders"],
    });
    expect(created.statusCode).toBe(200);
    const role = created.json<RoleJson>();
    expect(role).toMatchObject({ name: "Returns Desk", permissions: ["orders", "users"], userCount: 0 });

    const twin = await api.post("/api/admin/roles", { name: "returns desk", permissions: [] });
    expect(twin.statusCode).toBe(409);
    expect(twin.json().error).toMatchObject({ code: "conflict", message: expect.stringContaining("already exists") });

    const clash = await api.patch(`/api/admin/roles/${role.id}`, { name: "Manager", permissions: [] });
    expect(clash.statusCode).toBe(409);

    const edited = await api.patch(`/api/admin/roles/${role.id}`, { name: "Returns", permissions: ["orders"] });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ id: role.id, name: "Returns", description: "", permissions: ["orders"] });

    expect((await api.patch("/api/admin/roles/999999", { name: "Ghost", permissions: [] })).statusCode).toBe(404);
    expect((await api.post("/api/admin/roles", { name: "x", permissions: [] })).statusCode).toBe(422);
  });

  it("keeps the Owner role whole: every permission, its name, never deleted", async () => {
    const id = await roleId(test, owner, "Owner");
    const fewer = await api.patch(`/api/admin/roles/${id}`, {
      name: "Owner",
      permissions: permissions.filter((permission) => permission !== "payments"),
    });
    expect(fewer.statusCode).toBe(422);
    expect(fewer.json().error.message).toContain("every permission");
    expect(fewer.json().error.message).toContain("Payments");

    const renamed = await api.patch(`/api/admin/roles/${id}`, { name: "Boss", permissions: [...permissions] });
    expect(renamed.statusCode).toBe(422);
    expect(renamed.json().error.message).toContain("cannot be renamed");

    const deleted = await api.delete(`/api/admin/roles/${id}`);
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json().error.message).toContain("cannot be deleted");

    const described = await api.patch(`/api/admin/roles/${id}`, {
      name: "Owner",
      description: "Runs everything.",
      permissions: [...permissions],
    });
    expect(described.statusCode).toBe(200);
    expect(described.json()).toMatchObject({ description: "Runs everything.", permissions: [...permissions] });
  });

  it("deletes only a role that nobody holds", async () => {
    const role = (await api.post("/api/admin/roles", { name: "Seasonal", permissions: ["orders"] })).json<RoleJson>();
    const temp = await signUp(test.app);
    expect((await api.put(`/api/admin/users/${temp.id}/roles`, { roleIds: [role.id] })).statusCode).toBe(200);

    const refused = await api.delete(`/api/admin/roles/${role.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toContain("1 user holds");

    await api.put(`/api/admin/users/${temp.id}/roles`, { roleIds: [] });
    expect((await api.delete(`/api/admin/roles/${role.id}`)).json()).toEqual({ ok: true });
    expect((await api.delete(`/api/admin/roles/${role.id}`)).statusCode).toBe(404);
  });
});

describe("a user's roles", () => {
  it("replaces them, refusing unknown roles and unknown users", async () => {
    const user = await signUp(test.app);
    const support = await roleId(test, owner, "Support");
    const set = await api.put(`/api/admin/users/${user.id}/roles`, { roleIds: [support, support] });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({ roles: [{ id: support, name: "Support" }] });

    const unknownRole = await api.put(`/api/admin/users/${user.id}/roles`, { roleIds: [support, 999999] });
    expect(unknownRole.statusCode).toBe(422);
    expect(unknownRole.json().error.fields).toHaveProperty("roleIds");
    expect((await api.put("/api/admin/users/no-such-user/roles", { roleIds: [] })).statusCode).toBe(404);
  });

  it("count from the very next request", async () => {
    const user = await signUp(test.app);
    const asUser = apiAs(test, user);
    expect((await asUser.get("/api/admin/users")).statusCode).toBe(403);
    await api.put(`/api/admin/users/${user.id}/roles`, { roleIds: [await roleId(test, owner, "Support")] });
    expect((await asUser.get("/api/admin/users")).statusCode).toBe(200);
    await api.put(`/api/admin/users/${user.id}/roles`, { roleIds: [] });
    expect((await asUser.get("/api/admin/users")).statusCode).toBe(403);
  });

  it("never leave the shop without an active Owner", async () => {
    const ownerRole = await roleId(test, owner, "Owner");
    // Owners made by earlier tests would make this user not the last one.
    const staff = (await api.get("/api/admin/users?kind=staff&pageSize=100")).json<{
      items: { id: string; roles: string[] }[];
    }>();
    for (const other of staff.items.filter((user) => user.roles.includes("Owner") && user.id !== owner.id)) {
      await api.put(`/api/admin/users/${other.id}/roles`, { roleIds: [] });
    }

    const alone = await api.put(`/api/admin/users/${owner.id}/roles`, { roleIds: [] });
    expect(alone.statusCode).toBe(409);
    expect(alone.json().error.message).toContain("last Owner");

    // Someone who manages roles without being Owner cannot ban the last Owner either.
    const admins = (
      await api.post("/api/admin/roles", { name: "Role Admins", permissions: ["roles", "users"] })
    ).json<RoleJson>();
    const roleAdmin = await signUp(test.app);
    await api.put(`/api/admin/users/${roleAdmin.id}/roles`, { roleIds: [admins.id] });
    const ban = await apiAs(test, roleAdmin).post(`/api/admin/users/${owner.id}/ban`, { reason: "coup" });
    expect(ban.statusCode).toBe(409);
    expect(ban.json().error.message).toContain("last active Owner");

    const heir = await signUp(test.app);
    expect((await api.put(`/api/admin/users/${heir.id}/roles`, { roleIds: [ownerRole] })).statusCode).toBe(200);
    expect((await api.put(`/api/admin/users/${owner.id}/roles`, { roleIds: [] })).statusCode).toBe(200);
    const heirApi = apiAs(test, heir);
    expect((await heirApi.put(`/api/admin/users/${heir.id}/roles`, { roleIds: [] })).statusCode).toBe(409);
    expect((await heirApi.put(`/api/admin/users/${owner.id}/roles`, { roleIds: [ownerRole] })).statusCode).toBe(200);
  });
});

describe("nobody grants what they do not hold", () => {
  it("keeps a role manager from raising their own rights or taking the Owner role away", async () => {
    const keeper = (
      await api.post("/api/admin/roles", { name: "Role Keeper", description: "", permissions: ["roles", "users"] })
    ).json<RoleJson>();
    const manager = await signUp(test.app);
    expect((await api.put(`/api/admin/users/${manager.id}/roles`, { roleIds: [keeper.id] })).statusCode).toBe(200);
    const asManager = apiAs(test, manager);

    const widened = await asManager.patch(`/api/admin/roles/${keeper.id}`, {
      name: "Role Keeper",
      permissions: ["roles", "users", "payments"],
    });
    expect(widened.statusCode).toBe(403);
    expect(widened.json().error.message).toContain("Payments");

    const created = await asManager.post("/api/admin/roles", { name: "Back Door", permissions: ["payments"] });
    expect(created.statusCode).toBe(403);

    const ownerRoleId = await roleId(test, owner, "Owner");
    const selfPromotion = await asManager.put(`/api/admin/users/${manager.id}/roles`, {
      roleIds: [keeper.id, ownerRoleId],
    });
    expect(selfPromotion.statusCode).toBe(403);

    const demotion = await asManager.put(`/api/admin/users/${owner.id}/roles`, { roleIds: [] });
    expect(demotion.statusCode).toBe(403);
    expect((await api.get("/api/admin/checkIfAdmin")).json()).toEqual({ isAdmin: true });

    // Within their own rights they can still work: a narrower role is fine.
    expect((await asManager.post("/api/admin/roles", { name: "Helpdesk", permissions: ["users"] })).statusCode).toBe(
      200,
    );
  });
});

describe("invalid requests (ADR 0006)", () => {
  it("answers a body with invalid values 422 naming each field, so the form can show it beside the input", async () => {
    const response = await api.post("/api/admin/roles", { name: "x", permissions: ["no-such-area"] });
    expect(response.statusCode).toBe(422);
    const { error } = response.json();
    expect(error.code).toBe("validation_failed");
    expect(Object.keys(error.fields)).toEqual(expect.arrayContaining(["name", "permissions.0"]));
  });

  it("answers a request it cannot read at all 400: a broken JSON body, a bad id or query", async () => {
    const broken = await test.app.inject({
      method: "POST",
      url: "/api/admin/roles",
      headers: { ...bearer(owner.token), "content-type": "application/json" },
      payload: '{"name": "Returns",',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error.code).toBe("bad_request");
    const badId = await api.patch("/api/admin/roles/not-a-number", { name: "Returns", permissions: [] });
    expect(badId.statusCode).toBe(400);
    expect((await api.get("/api/admin/users?pageSize=500")).json().error.code).toBe("bad_request");
  });
});
