/**
 * Staff access: which permissions a user's roles grant. Read on every admin request
 * (no cache), so a role change takes effect on the next request.
 */
import { isPermission, OWNER_ROLE, type Permission, permissions, seedRoles } from "@atelier/contract/constants";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { passkeys, rolePermissions, roles, securitySettings, userRoles, users } from "../../db/schema/index.ts";

export interface StaffAccess {
  roles: string[];
  permissions: Permission[];
  isStaff: boolean;
  /** The person has TOTP turned on: a password sign-in asks for a code. */
  hasTotp: boolean;
  /** The person has registered a passkey. */
  hasPasskey: boolean;
  /** The Owner's rule: staff sessions must be made with a second factor. */
  staffNeedSecondFactor: boolean;
}

export function staffAccessRepository(db: Db) {
  return {
    async of(userId: string): Promise<StaffAccess> {
      const rows = await db
        .select({ role: roles.name, permission: rolePermissions.permission })
        .from(userRoles)
        .innerJoin(roles, eq(roles.id, userRoles.roleId))
        .leftJoin(rolePermissions, eq(rolePermissions.roleId, roles.id))
        .where(eq(userRoles.userId, userId));
      const roleNames = [...new Set(rows.map((row) => row.role))].sort();
      const granted = new Set(
        rows.flatMap((row) => (row.permission && isPermission(row.permission) ? [row.permission] : [])),
      );
      const [factor] = await db
        .select({
          totp: users.twoFactorEnabled,
          // Qualified by hand: inside the subquery a bare "id" would be the passkey's.
          passkey: sql<boolean>`exists (select 1 from ${passkeys} where ${passkeys.userId} = "user"."id")`,
          required: sql<boolean>`coalesce((select ${securitySettings.requireStaffSecondFactor} from ${securitySettings} where ${securitySettings.id} = 1), false)`,
        })
        .from(users)
        .where(eq(users.id, userId));
      return {
        roles: roleNames,
        permissions: permissions.filter((permission) => granted.has(permission)),
        isStaff: roleNames.length > 0,
        hasTotp: factor?.totp ?? false,
        hasPasskey: factor?.passkey ?? false,
        staffNeedSecondFactor: factor?.required ?? false,
      };
    },

    /**
     * Creates the seed roles on an empty role table, and keeps the Owner role holding
     * every permission (new areas added by later releases included). Idempotent.
     */
    async ensureSeedRoles(): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.execute(sql`lock table ${roles} in share row exclusive mode`);
        const [{ count } = { count: 0 }] = await tx.select({ count: sql<number>`count(*)::int` }).from(roles);
        if (count === 0) {
          for (const seed of seedRoles) {
            const [role] = await tx
              .insert(roles)
              .values({ name: seed.name, description: seed.description })
              .returning({ id: roles.id });
            if (role && seed.permissions.length > 0) {
              await tx
                .insert(rolePermissions)
                .values(seed.permissions.map((permission) => ({ roleId: role.id, permission })));
            }
          }
        }
        const [owner] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.name, OWNER_ROLE)).limit(1);
        if (owner) {
          await tx
            .insert(rolePermissions)
            .values(permissions.map((permission) => ({ roleId: owner.id, permission })))
            .onConflictDoNothing();
        }
      });
    },

    async grantRole(userId: string, roleName: string): Promise<void> {
      const [role] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, roleName)).limit(1);
      if (!role) throw new Error(`No role named ${roleName}`);
      await db.insert(userRoles).values({ userId, roleId: role.id }).onConflictDoNothing();
    },
  };
}

export type StaffAccessRepository = ReturnType<typeof staffAccessRepository>;
