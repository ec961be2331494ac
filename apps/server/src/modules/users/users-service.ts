/**
 * User management rules: who may be banned (not yourself; a staff member only by
 * someone who manages roles; never the shop's last active Owner), a ban ending every
 * session at once, password-reset mails through better-auth, and the insights.
 */
import type { BanBody, UserDetails, UserInsights, UserSummary } from "@atelier/contract";
import { OWNER_ROLE, type Permission } from "@atelier/contract/constants";
import type { z } from "zod";
import type { Db, Tx } from "../../db/client.ts";
import { ConflictError, ForbiddenError, NotFoundError } from "../../errors.ts";
import { type ActivityActor, recordActivity } from "../activity-log/index.ts";
import type { Auth } from "../identity/index.ts";
import { periodStart, zeroFilled } from "./days.ts";
import type { InsightsRepository } from "./insights-repository.ts";
import type { RolesRepository } from "./roles-repository.ts";
import type { UserListFilter, UserSummaryRow, UsersRepository } from "./users-repository.ts";

/** The staff member making the call, as the access hook verified them. */
/** The activity log's view of the actor (no permissions). */
export function activityActorOf(actor: Actor): ActivityActor {
  return { id: actor.id, name: actor.name, email: actor.email };
}

/** How a user reads in the log: "Name <email>". */
export function userLabel(user: { name: string; email: string }): string {
  return user.name ? `${user.name} <${user.email}>` : user.email;
}

export interface Actor {
  id: string;
  /** Name and email as the activity log records them. */
  name: string;
  email: string;
  permissions: readonly Permission[];
}

const SIGN_IN_HISTORY = 50;

function toSummary(row: UserSummaryRow): UserSummary {
  const { banReason: _reason, bannedAt: _at, ...summary } = row;
  return {
    ...summary,
    createdAt: row.createdAt.toISOString(),
    lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
  };
}

export function usersService(deps: {
  db: Db;
  users: UsersRepository;
  roles: RolesRepository;
  insights: InsightsRepository;
  auth: Auth;
  now?: () => Date;
}) {
  const { db, users, roles, insights, auth } = deps;
  const now = deps.now ?? (() => new Date());

  /** Staff accounts are role management's business: a support agent cannot lock out a manager. */
  async function assertMayManage(actor: Actor, userId: string, tx: Tx) {
    if (!actor.permissions.includes("roles") && (await users.isStaff(userId, tx))) {
      throw new ForbiddenError("Only someone who manages roles can ban or unban a staff member.");
    }
  }

  return {
    async list(filter: UserListFilter) {
      const { rows, total } = await users.list(filter);
      return {
        items: rows.map(toSummary),
        page: filter.page,
        pageSize: filter.pageSize,
        total,
        pageCount: Math.max(1, Math.ceil(total / filter.pageSize)),
      };
    },

    async details(userId: string): Promise<UserDetails> {
      const row = await users.summary(userId);
      if (!row) throw new NotFoundError("This user does not exist.");
      const [roleRows, accountRows, sessionRows, signIns] = await Promise.all([
        roles.rolesOf(userId),
        users.accountsOf(userId),
        users.activeSessionsOf(userId),
        users.signInsOf(row, SIGN_IN_HISTORY),
      ]);
      return {
        user: { ...toSummary(row), banReason: row.banReason, bannedAt: row.bannedAt?.toISOString() ?? null },
        roles: roleRows,
        accounts: accountRows.map((account) => ({ ...account, createdAt: account.createdAt.toISOString() })),
        sessions: sessionRows.map((session) => ({
          ...session,
          createdAt: session.createdAt.toISOString(),
          expiresAt: session.expiresAt.toISOString(),
        })),
        signIns: signIns.map((event) => ({ ...event, at: event.at.toISOString() })),
      };
    },

    /** Bans the user and deletes their sessions in one transaction: their tokens stop working at once. */
    async ban(actor: Actor, userId: string, body: z.output<typeof BanBody>): Promise<void> {
      if (actor.id === userId) throw new ConflictError("You cannot ban yourself.");
      await db.transaction(async (tx) => {
        const user = await users.exists(userId, tx);
        if (!user) throw new NotFoundError("This user does not exist.");
        await assertMayManage(actor, userId, tx);
        const ownerId = await roles.lockOwnerRole(tx);
        if (ownerId !== undefined) {
          const isOwner = (await roles.rolesOf(userId, tx)).some((role) => role.id === ownerId);
          if (isOwner && (await roles.activeHoldersExcept(ownerId, userId, tx)) === 0) {
            throw new ConflictError(`This is the shop's last active ${OWNER_ROLE}; they cannot be banned.`);
          }
        }
        await users.setBan(userId, { reason: body.reason }, tx);
        await users.deleteSessions(userId, tx);
        await recordActivity(tx, {
          actor: activityActorOf(actor),
          action: "user.ban",
          subject: { type: "user", id: userId, label: userLabel(user) },
          before: { banned: user.banned, banReason: user.banReason },
          after: { banned: true, banReason: body.reason || null },
        });
      });
    },

    async unban(actor: Actor, userId: string): Promise<void> {
      await db.transaction(async (tx) => {
        const user = await users.exists(userId, tx);
        if (!user) throw new NotFoundError("This user does not exist.");
        await assertMayManage(actor, userId, tx);
        await users.setBan(userId, null, tx);
        if (user.banned) {
          await recordActivity(tx, {
            actor: activityActorOf(actor),
            action: "user.unban",
            subject: { type: "user", id: userId, label: userLabel(user) },
            before: { banned: true, banReason: user.banReason },
            after: { banned: false, banReason: null },
          });
        }
      });
    },

    /** better-auth mails the link (in its own transaction); the staff action is logged once it has. */
    async sendPasswordReset(actor: Actor, userId: string): Promise<void> {
      const user = await users.exists(userId);
      if (!user) throw new NotFoundError("This user does not exist.");
      await auth.api.requestPasswordReset({ body: { email: user.email, redirectTo: "/reset-password" } });
      await recordActivity(db, {
        actor: activityActorOf(actor),
        action: "user.password-reset",
        subject: { type: "user", id: userId, label: userLabel(user) },
        after: { passwordResetSent: true },
      });
    },

    async revokeSession(actor: Actor, userId: string, sessionId: string): Promise<void> {
      await db.transaction(async (tx) => {
        const user = await users.exists(userId, tx);
        if (!user || !(await users.deleteSession(userId, sessionId, tx))) {
          throw new NotFoundError("This user has no such session.");
        }
        await recordActivity(tx, {
          actor: activityActorOf(actor),
          action: "user.session-revoke",
          subject: { type: "user", id: userId, label: userLabel(user) },
          before: { session: sessionId },
          after: { session: null },
        });
      });
    },

    async insights(days: number): Promise<UserInsights> {
      const at = now();
      const since = periodStart(days, at);
      const [signUps, totals, signInMethods] = await Promise.all([
        insights.signUpsByDay(since),
        insights.people(since),
        insights.signInMethods(since),
      ]);
      return { days, signUps: zeroFilled(days, at, signUps), totals, signInMethods };
    },
  };
}

export type UsersService = ReturnType<typeof usersService>;
