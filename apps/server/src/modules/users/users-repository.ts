/** SQL for the staff's view of accounts: the filtered list, one user's details, bans and sessions. */
import type { UserListQuery } from "@atelier/contract";
import { and, asc, desc, eq, getTableName, gt, isNull, not, or, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db, Tx } from "../../db/client.ts";
import { accounts, roles, sessions, signInEvents, userRoles, users } from "../../db/schema/index.ts";

export type UserListFilter = z.output<typeof UserListQuery>;

/**
 * The outer row's id inside a correlated subquery. Spelled out because Drizzle leaves
 * columns unqualified in a one-table select list, where `"id"` would bind to the subquery's table.
 */
const outerUserId = sql`${sql.identifier(getTableName(users))}.${sql.identifier(users.id.name)}`;

const hasRole = sql`exists (select 1 from ${userRoles} ur where ur.user_id = ${outerUserId})`;

const lastSignInAt = sql<Date | null>`(select max(e.created_at) from ${signInEvents} e
  where e.user_id = ${outerUserId} and e.success)`.mapWith(signInEvents.createdAt);

const summaryColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  emailVerified: users.emailVerified,
  image: users.image,
  banned: users.banned,
  banReason: users.banReason,
  bannedAt: users.bannedAt,
  createdAt: users.createdAt,
  lastSignInAt,
  roles: sql<string[]>`coalesce((select json_agg(r.name order by r.name) from ${userRoles} ur
    join ${roles} r on r.id = ur.role_id where ur.user_id = ${outerUserId}), '[]'::json)`,
};

const orderings: Record<UserListFilter["sort"], SQL[]> = {
  newest: [desc(users.createdAt), desc(users.id)],
  oldest: [asc(users.createdAt), asc(users.id)],
  name: [asc(sql`lower(${users.name})`), asc(users.id)],
  "last-sign-in": [sql`${lastSignInAt} desc nulls last`, desc(users.createdAt), desc(users.id)],
};

/** `%term%` for LIKE, with the user's own % and _ taken literally. */
function containsPattern(term: string): string {
  return `%${term.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

function listWhere(filter: UserListFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (filter.search) {
    // lower(name) and lower(email) carry trigram indexes, which serve LIKE '%…%'.
    const pattern = containsPattern(filter.search);
    conditions.push(or(sql`lower(${users.name}) like ${pattern}`, sql`lower(${users.email}) like ${pattern}`));
  }
  if (filter.kind === "staff") conditions.push(hasRole);
  if (filter.kind === "customers") conditions.push(not(hasRole));
  if (filter.status !== "all") conditions.push(eq(users.banned, filter.status === "banned"));
  return and(...conditions);
}

export function usersRepository(db: Db) {
  return {
    async list(filter: UserListFilter, tx: Db | Tx = db) {
      const where = listWhere(filter);
      const [rows, [counted]] = await Promise.all([
        tx
          .select(summaryColumns)
          .from(users)
          .where(where)
          .orderBy(...orderings[filter.sort])
          .limit(filter.pageSize)
          .offset((filter.page - 1) * filter.pageSize),
        tx.select({ total: sql<number>`count(*)::int` }).from(users).where(where),
      ]);
      return { rows, total: counted?.total ?? 0 };
    },

    async summary(userId: string, tx: Db | Tx = db) {
      const [row] = await tx.select(summaryColumns).from(users).where(eq(users.id, userId));
      return row;
    },

    accountsOf(userId: string, tx: Db | Tx = db) {
      return tx
        .select({ providerId: accounts.providerId, createdAt: accounts.createdAt })
        .from(accounts)
        .where(eq(accounts.userId, userId))
        .orderBy(asc(accounts.createdAt));
    },

    activeSessionsOf(userId: string, tx: Db | Tx = db) {
      return tx
        .select({
          id: sessions.id,
          createdAt: sessions.createdAt,
          expiresAt: sessions.expiresAt,
          ipAddress: sessions.ipAddress,
          userAgent: sessions.userAgent,
        })
        .from(sessions)
        .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, sql`now()`)))
        .orderBy(desc(sessions.createdAt));
    },

    /** The user's sign-ins, and the failed attempts made with their email (those carry no user id). */
    signInsOf(user: { id: string; email: string }, limit: number, tx: Db | Tx = db) {
      return tx
        .select({
          id: signInEvents.id,
          at: signInEvents.createdAt,
          method: signInEvents.method,
          success: signInEvents.success,
          ipAddress: signInEvents.ipAddress,
          userAgent: signInEvents.userAgent,
        })
        .from(signInEvents)
        .where(
          or(
            eq(signInEvents.userId, user.id),
            and(
              isNull(signInEvents.userId),
              not(signInEvents.success),
              sql`lower(${signInEvents.email}) = ${user.email.toLowerCase()}`,
            ),
          ),
        )
        .orderBy(desc(signInEvents.createdAt), desc(signInEvents.id))
        .limit(limit);
    },

    async isStaff(userId: string, tx: Db | Tx = db): Promise<boolean> {
      const [row] = await tx.select({ roleId: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, userId));
      return row !== undefined;
    },

    async exists(
      userId: string,
      tx: Db | Tx = db,
    ): Promise<{ id: string; email: string; name: string; banned: boolean; banReason: string | null } | undefined> {
      const [row] = await tx
        .select({
          id: users.id,
          email: users.email,
          name: users.name,
          banned: users.banned,
          banReason: users.banReason,
        })
        .from(users)
        .where(eq(users.id, userId));
      return row;
    },

    /** Returns false when there is no such user. */
    async setBan(userId: string, ban: { reason: string } | null, tx: Db | Tx = db): Promise<boolean> {
      const rows = await tx
        .update(users)
        .set(
          ban
            ? { banned: true, banReason: ban.reason || null, bannedAt: new Date(), updatedAt: new Date() }
            : { banned: false, banReason: null, bannedAt: null, updatedAt: new Date() },
        )
        .where(eq(users.id, userId))
        .returning({ id: users.id });
      return rows.length > 0;
    },

    async deleteSessions(userId: string, tx: Db | Tx = db): Promise<void> {
      await tx.delete(sessions).where(eq(sessions.userId, userId));
    },

    /** Returns false when the session does not exist or belongs to someone else. */
    async deleteSession(userId: string, sessionId: string, tx: Db | Tx = db): Promise<boolean> {
      const rows = await tx
        .delete(sessions)
        .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
        .returning({ id: sessions.id });
      return rows.length > 0;
    },
  };
}

export type UsersRepository = ReturnType<typeof usersRepository>;
export type UserSummaryRow = NonNullable<Awaited<ReturnType<UsersRepository["summary"]>>>;
