/** SQL for staff roles: the role rows, their permission sets and the users who hold them. */
import { OWNER_ROLE } from "@atelier/contract/constants";
import { and, asc, eq, getTableName, inArray, ne, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { rolePermissions, roles, userRoles, users } from "../../db/schema/index.ts";

export interface RoleRow {
  id: number;
  name: string;
  description: string;
  permissions: string[];
  userCount: number;
}

export function rolesRepository(db: Db) {
  // The outer row's id, qualified: Drizzle leaves columns bare in a one-table select list.
  const roleId = sql`${sql.identifier(getTableName(roles))}.${sql.identifier(roles.id.name)}`;
  const columns = {
    id: roles.id,
    name: roles.name,
    description: roles.description,
    permissions: sql<string[]>`coalesce((select json_agg(rp.permission order by rp.permission)
      from ${rolePermissions} rp where rp.role_id = ${roleId}), '[]'::json)`,
    userCount: sql<number>`(select count(*)::int from ${userRoles} ur where ur.role_id = ${roleId})`,
  };

  return {
    list(tx: Db | Tx = db): Promise<RoleRow[]> {
      return tx.select(columns).from(roles).orderBy(asc(roles.id));
    },

    async byId(id: number, tx: Db | Tx = db): Promise<RoleRow | undefined> {
      const [row] = await tx.select(columns).from(roles).where(eq(roles.id, id));
      return row;
    },

    /** Another role with this name, compared case-insensitively (so "owner" cannot shadow "Owner"). */
    async nameTaken(name: string, exceptId: number | undefined, tx: Db | Tx = db): Promise<boolean> {
      const [row] = await tx
        .select({ id: roles.id })
        .from(roles)
        .where(and(sql`lower(${roles.name}) = lower(${name})`, exceptId ? ne(roles.id, exceptId) : undefined))
        .limit(1);
      return row !== undefined;
    },

    async insert(values: { name: string; description: string }, tx: Db | Tx = db): Promise<number> {
      const [row] = await tx.insert(roles).values(values).returning({ id: roles.id });
      if (!row) throw new Error("role insert returned nothing");
      return row.id;
    },

    async update(id: number, values: { name: string; description: string }, tx: Db | Tx = db): Promise<void> {
      await tx
        .update(roles)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(roles.id, id));
    },

    async setPermissions(roleId: number, permissions: readonly string[], tx: Db | Tx = db): Promise<void> {
      await tx.delete(rolePermissions).where(eq(rolePermissions.roleId, roleId));
      if (permissions.length > 0) {
        await tx.insert(rolePermissions).values(permissions.map((permission) => ({ roleId, permission })));
      }
    },

    async delete(id: number, tx: Db | Tx = db): Promise<void> {
      await tx.delete(roles).where(eq(roles.id, id));
    },

    /**
     * Locks the role row until the transaction ends. Granting a role takes a key-share
     * lock on it (the foreign key), so a locked role cannot gain holders meanwhile.
     */
    async lock(id: number, tx: Tx): Promise<{ id: number; name: string } | undefined> {
      const [row] = await tx
        .select({ id: roles.id, name: roles.name })
        .from(roles)
        .where(eq(roles.id, id))
        .for("update");
      return row;
    },

    /** Locks the Owner role: role changes and bans that could leave the shop without an Owner run one at a time. */
    async lockOwnerRole(tx: Tx): Promise<number | undefined> {
      const [row] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.name, OWNER_ROLE)).for("update");
      return row?.id;
    },

    /** Holders of the role who are not banned, leaving one user out. */
    async activeHoldersExcept(roleId: number, userId: string, tx: Db | Tx = db): Promise<number> {
      const [row] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(userRoles)
        .innerJoin(users, eq(users.id, userRoles.userId))
        .where(and(eq(userRoles.roleId, roleId), ne(userRoles.userId, userId), eq(users.banned, false)));
      return row?.count ?? 0;
    },

    async existingIds(ids: readonly number[], tx: Db | Tx = db): Promise<number[]> {
      if (ids.length === 0) return [];
      const rows = await tx
        .select({ id: roles.id })
        .from(roles)
        .where(inArray(roles.id, [...ids]));
      return rows.map((row) => row.id);
    },

    rolesOf(userId: string, tx: Db | Tx = db): Promise<{ id: number; name: string }[]> {
      return tx
        .select({ id: roles.id, name: roles.name })
        .from(userRoles)
        .innerJoin(roles, eq(roles.id, userRoles.roleId))
        .where(eq(userRoles.userId, userId))
        .orderBy(asc(roles.name));
    },

    async replaceUserRoles(userId: string, roleIds: readonly number[], tx: Db | Tx = db): Promise<void> {
      await tx.delete(userRoles).where(eq(userRoles.userId, userId));
      if (roleIds.length > 0) {
        await tx.insert(userRoles).values(roleIds.map((roleId) => ({ userId, roleId })));
      }
    },
  };
}

export type RolesRepository = ReturnType<typeof rolesRepository>;
