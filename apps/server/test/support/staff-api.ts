/** Calling the API as a signed-in user, for the admin tests. */
import type { HTTPMethods } from "fastify";
import { bearer, type TestUser } from "./auth.ts";
import type { TestApp } from "./index.ts";

export function apiAs(test: TestApp, user: Pick<TestUser, "token">) {
  const send = (method: HTTPMethods, url: string, payload?: object) =>
    test.app.inject({ method, url, headers: bearer(user.token), ...(payload ? { payload } : {}) });
  return {
    get: (url: string) => send("GET", url),
    post: (url: string, payload?: object) => send("POST", url, payload),
    patch: (url: string, payload: object) => send("PATCH", url, payload),
    put: (url: string, payload: object) => send("PUT", url, payload),
    delete: (url: string) => send("DELETE", url),
  };
}

export interface RoleJson {
  id: number;
  name: string;
  permissions: string[];
  userCount: number;
}

/** The id of a role by name (seed roles have fixed names, not fixed ids). */
export async function roleId(test: TestApp, owner: Pick<TestUser, "token">, name: string): Promise<number> {
  const roles = (await apiAs(test, owner).get("/api/admin/roles")).json<RoleJson[]>();
  const role = roles.find((candidate) => candidate.name === name);
  if (!role) throw new Error(`no role named ${name}`);
  return role.id;
}
