/**
 * Role management rules: role names are unique (ignoring case); the Owner role keeps
 * every permission and is never renamed or deleted; a role someone still holds is not
 * deleted; the shop always keeps at least one active (not banned) Owner; and nobody
 * grants what they do not hold themselves (no raising one's own rights through a role
 * or a custom role; only an Owner takes the Owner role away). Each write is one transaction. Nothing is cached: staff-access.ts reads roles on every request.
 */
import type { Role, RoleBody, UserRolesBody } from "@atelier/contract";
import { OWNER_ROLE, permissionLabels, permissions } from "@atelier/contract/constants";
import type { z } from "zod";
import type { Db } from "../../db/client.ts";
import { isUniqueViolation } from "../../db/unique-violation.ts";
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from "../../errors.ts";
import { recordActivity } from "../activity-log/index.ts";
import type { RoleRow, RolesRepository } from "./roles-repository.ts";
import type { UsersRepository } from "./users-repository.ts";
import { type Actor, activityActorOf, userLabel } from "./users-service.ts";

type RoleInput = z.output<typeof RoleBody>;

function toRole(row: RoleRow): Role {
  // Keys the contract no longer knows (a permission removed by a release) are not shown.
  const granted = new Set(row.permissions);
  return { ...row, permissions: permissions.filter((permission) => granted.has(permission)) };
}

/** Permissions the actor would hand out without holding them. */
function beyondActor(actor: Actor, granted: readonly string[]): string[] {
  return granted.filter((permission) => !actor.permissions.some((held) => held === permission));
}

export function refuseBeyond(actor: Actor, granted: readonly string[]): void {
  const missing = beyondActor(actor, granted);
  if (missing.length === 0) return;
  const labels = permissions.filter((key) => missing.includes(key)).map((key) => permissionLabels[key]);
  throw new ForbiddenError(`You cannot grant permissions you do not hold yourself (${labels.join(", ")}).`);
}

const sorted = (values: readonly string[]) => [...new Set(values)].sort();

const nameTakenError = (name: string) =>
  new ConflictError(`A role named "${name}" already exists. Choose another name.`, {
    name: "is already used by another role",
  });

export function rolesService(deps: { db: Db; roles: RolesRepository; users: UsersRepository }) {
  const { db, roles, users } = deps;

  async function roleOrThrow(id: number): Promise<Role> {
    const row = await roles.byId(id);
    if (!row) throw new NotFoundError("This role does not exist.");
    return toRole(row);
  }

  /** Runs a write; a concurrent insert of the same name still answers 409, not 500. */
  async function naming<T>(name: string, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error)) throw nameTakenError(name);
      throw error;
    }
  }

  return {
    async list(): Promise<Role[]> {
      return (await roles.list()).map(toRole);
    },

    async create(actor: Actor, input: RoleInput): Promise<Role> {
      refuseBeyond(actor, input.permissions);
      const id = await naming(input.name, () =>
        db.transaction(async (tx) => {
          if (await roles.nameTaken(input.name, undefined, tx)) throw nameTakenError(input.name);
          const roleId = await roles.insert({ name: input.name, description: input.description }, tx);
          await roles.setPermissions(roleId, [...new Set(input.permissions)], tx);
          await recordActivity(tx, {
            actor: activityActorOf(actor),
            action: "role.create",
            subject: { type: "role", id: roleId, label: input.name },
            after: { name: input.name, description: input.description, permissions: sorted(input.permissions) },
          });
          return roleId;
        }),
      );
      return roleOrThrow(id);
    },

    async update(actor: Actor, id: number, input: RoleInput): Promise<Role> {
      await naming(input.name, () =>
        db.transaction(async (tx) => {
          const role = await roles.lock(id, tx);
          if (!role) throw new NotFoundError("This role does not exist.");
          const previous = await roles.byId(id, tx);
          const before = new Set(previous?.permissions ?? []);
          refuseBeyond(
            actor,
            input.permissions.filter((permission) => !before.has(permission)),
          );
          if (role.name === OWNER_ROLE) {
            // The Owner role is found by its name (seeding, staff accounts), and it is the
            // way back into every area, so it keeps both.
            if (input.name !== OWNER_ROLE) {
              throw new ValidationError("The Owner role cannot be renamed.", { name: "must stay Owner" });
            }
            const missing = permissions.filter((permission) => !input.permissions.includes(permission));
            if (missing.length > 0) {
              throw new ValidationError(
                `The Owner role always holds every permission (missing: ${missing.map((key) => permissionLabels[key]).join(", ")}).`,
                { permissions: "must include every permission" },
              );
            }
          }
          if (await roles.nameTaken(input.name, id, tx)) throw nameTakenError(input.name);
          await roles.update(id, { name: input.name, description: input.description }, tx);
          await roles.setPermissions(id, [...new Set(input.permissions)], tx);
          await recordActivity(tx, {
            actor: activityActorOf(actor),
            action: "role.update",
            subject: { type: "role", id, label: input.name },
            before: { name: role.name, description: previous?.description ?? "", permissions: sorted([...before]) },
            after: { name: input.name, description: input.description, permissions: sorted(input.permissions) },
          });
        }),
      );
      return roleOrThrow(id);
    },

    async delete(actor: Actor, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        // Locked first, so nobody can be granted the role between the count and the delete.
        const role = await roles.lock(id, tx);
        if (!role) throw new NotFoundError("This role does not exist.");
        if (role.name === OWNER_ROLE) throw new ConflictError("The Owner role cannot be deleted.");
        const holders = (await roles.byId(id, tx))?.userCount ?? 0;
        if (holders > 0) {
          throw new ConflictError(
            `${holders} ${holders === 1 ? "user holds" : "users hold"} the role "${role.name}". Give them another role first.`,
          );
        }
        const previous = await roles.byId(id, tx);
        await roles.delete(id, tx);
        await recordActivity(tx, {
          actor: activityActorOf(actor),
          action: "role.delete",
          subject: { type: "role", id, label: role.name },
          before: {
            name: role.name,
            description: previous?.description ?? "",
            permissions: sorted(previous?.permissions ?? []),
          },
        });
      });
    },

    async setUserRoles(actor: Actor, userId: string, body: z.output<typeof UserRolesBody>) {
      const roleIds = [...new Set(body.roleIds)];
      return db.transaction(async (tx) => {
        const user = await users.exists(userId, tx);
        if (!user) throw new NotFoundError("This user does not exist.");
        const known = new Set(await roles.existingIds(roleIds, tx));
        const unknown = roleIds.filter((id) => !known.has(id));
        if (unknown.length > 0) {
          throw new ValidationError(`No role with id ${unknown.join(", ")}.`, { roleIds: "contains an unknown role" });
        }
        const current = await roles.rolesOf(userId, tx);
        const added = roleIds.filter((id) => !current.some((role) => role.id === id));
        const addedRoles = (await roles.list(tx)).filter((role) => added.includes(role.id));
        refuseBeyond(
          actor,
          addedRoles.flatMap((role) => role.permissions),
        );
        const ownerId = await roles.lockOwnerRole(tx);
        const removesOwner = current.some((role) => role.id === ownerId) && !roleIds.includes(ownerId ?? -1);
        if (removesOwner && actor.id !== userId && !(await roles.rolesOf(actor.id, tx)).some((r) => r.id === ownerId)) {
          throw new ForbiddenError(`Only an ${OWNER_ROLE} can take the ${OWNER_ROLE} role away.`);
        }
        if (ownerId !== undefined && !roleIds.includes(ownerId)) {
          const holdsOwner = (await roles.rolesOf(userId, tx)).some((role) => role.id === ownerId);
          if (holdsOwner && (await roles.activeHoldersExcept(ownerId, userId, tx)) === 0) {
            throw new ConflictError(
              `This is the shop's last ${OWNER_ROLE}. Make someone else ${OWNER_ROLE} before removing this role.`,
            );
          }
        }
        await roles.replaceUserRoles(userId, roleIds, tx);
        const after = await roles.rolesOf(userId, tx);
        await recordActivity(tx, {
          actor: activityActorOf(actor),
          action: "user.roles",
          subject: { type: "user", id: userId, label: userLabel(user) },
          before: { roles: sorted(current.map((role) => role.name)) },
          after: { roles: sorted(after.map((role) => role.name)) },
        });
        return { roles: after };
      });
    },
  };
}

export type RolesService = ReturnType<typeof rolesService>;
