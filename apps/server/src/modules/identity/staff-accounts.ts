/**
 * Staff accounts made outside the web: `npm run admin:create` and the demo's admin.
 * The account gets a verified email and the Owner role (or another named role).
 */
import { OWNER_ROLE } from "@atelier/contract/constants";
import { newPasswordProblem } from "@atelier/contract/password-strength";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { userRoles, users } from "../../db/schema/index.ts";
import type { Auth } from "./auth.ts";
import type { StaffAccessRepository } from "./staff-access.ts";

export interface StaffAccountInput {
  email: string;
  password: string;
  name: string;
  role?: string;
}

/** A new account's password breaks the policy (ADR 0022); the message says which rule. */
export class WeakPasswordError extends Error {}

/**
 * Creates the account (or reuses an existing one by email) and grants the role. A new
 * account's password must pass the same policy as sign-up: `WeakPasswordError` otherwise.
 */
export async function createStaffAccount(
  deps: { db: Db; auth: Auth; staff: StaffAccessRepository; storeName?: string },
  input: StaffAccountInput,
): Promise<{ userId: string; created: boolean }> {
  const { db, auth, staff } = deps;
  const email = input.email.trim().toLowerCase();
  await staff.ensureSeedRoles();
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email}`)
    .limit(1);
  let userId = existing?.id;
  if (!userId) {
    const problem = await newPasswordProblem(input.password, { email, name: input.name, storeName: deps.storeName });
    if (problem) throw new WeakPasswordError(problem);
    // Straight through better-auth's adapter: a verified email and no verification mail.
    const context = await auth.$context;
    const user = await context.internalAdapter.createUser(
      { email, name: input.name, emailVerified: true },
      { method: "admin" },
    );
    await context.internalAdapter.linkAccount({
      userId: user.id,
      providerId: "credential",
      accountId: user.id,
      password: await context.password.hash(input.password),
    });
    userId = user.id;
  } else {
    await db.update(users).set({ emailVerified: true }).where(eq(users.id, userId));
  }
  await staff.grantRole(userId, input.role ?? OWNER_ROLE);
  return { userId, created: !existing };
}

export async function hasStaff(db: Db): Promise<boolean> {
  const [row] = await db.select({ userId: userRoles.userId }).from(userRoles).limit(1);
  return row !== undefined;
}
