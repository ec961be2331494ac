/** Signing people up and in through the real /api/auth endpoints, for API tests. */
import { randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { staffAccessRepository } from "../../src/modules/identity/staff-access.ts";
import type { TestApp } from "./index.ts";

export interface TestUser {
  id: string;
  email: string;
  password: string;
  name: string;
  token: string;
}

export const uniqueEmail = (prefix = "shopper") => `${prefix}.${randomBytes(5).toString("hex")}@example.com`;

export async function signUp(
  app: FastifyInstance,
  input: { email?: string; password?: string; name?: string; extra?: Record<string, unknown> } = {},
): Promise<TestUser> {
  const email = input.email ?? uniqueEmail();
  const password = input.password ?? "violet-harbour-42";
  const name = input.name ?? "Test Shopper";
  const response = await app.inject({
    method: "POST",
    url: "/api/auth/sign-up/email",
    payload: { email, password, name, ...input.extra },
  });
  if (response.statusCode !== 200) throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  const token = response.headers["set-auth-token"];
  if (typeof token !== "string") throw new Error("sign-up gave no set-auth-token header");
  return { id: response.json<{ user: { id: string } }>().user.id, email, password, name, token };
}

export async function signIn(app: FastifyInstance, email: string, password: string) {
  return app.inject({ method: "POST", url: "/api/auth/sign-in/email", payload: { email, password } });
}

export function tokenOf(response: { headers: Record<string, unknown> }): string {
  const token = response.headers["set-auth-token"];
  if (typeof token !== "string") throw new Error("no set-auth-token header");
  return token;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A signed-up user holding the named role. */
export async function signUpStaff(test: TestApp, role: string): Promise<TestUser> {
  const user = await signUp(test.app, { email: uniqueEmail(role.toLowerCase()), name: `${role} Person` });
  await staffAccessRepository(test.db).grantRole(user.id, role);
  return user;
}
