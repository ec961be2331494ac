/** SQL for the user insights and the dashboard's people figures: sign-ups, activity, sign-in methods. */
import { and, countDistinct, desc, eq, gte, isNotNull, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { signInEvents, userRoles, users } from "../../db/schema/index.ts";

const signUpDay = sql<string>`to_char(${users.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
const count = sql<number>`count(*)::int`;

export function insightsRepository(db: Db) {
  return {
    /** Sign-ups per UTC day since `since`; days without any are absent. */
    signUpsByDay(since: Date, tx: Db | Tx = db): Promise<{ date: string; count: number }[]> {
      return tx
        .select({ date: signUpDay, count })
        .from(users)
        .where(gte(users.createdAt, since))
        .groupBy(signUpDay)
        .orderBy(signUpDay);
    },

    async people(since: Date, tx: Db | Tx = db) {
      const [[everyone], [staff], [active]] = await Promise.all([
        tx
          .select({
            users: count,
            banned: sql<number>`(count(*) filter (where ${users.banned}))::int`,
            newInPeriod: sql<number>`(count(*) filter (where ${gte(users.createdAt, since)}))::int`,
          })
          .from(users),
        tx.select({ staff: countDistinct(userRoles.userId) }).from(userRoles),
        // Active = a successful sign-in (a new session) within the window.
        tx
          .select({
            active7d: sql<number>`(count(distinct ${signInEvents.userId})
              filter (where ${signInEvents.createdAt} > now() - interval '7 days'))::int`,
            active30d: sql<number>`(count(distinct ${signInEvents.userId}))::int`,
          })
          .from(signInEvents)
          .where(
            and(
              eq(signInEvents.success, true),
              isNotNull(signInEvents.userId),
              sql`${signInEvents.createdAt} > now() - interval '30 days'`,
            ),
          ),
      ]);
      const total = everyone?.users ?? 0;
      const staffCount = staff?.staff ?? 0;
      return {
        users: total,
        customers: total - staffCount,
        staff: staffCount,
        newInPeriod: everyone?.newInPeriod ?? 0,
        active7d: active?.active7d ?? 0,
        active30d: active?.active30d ?? 0,
        banned: everyone?.banned ?? 0,
      };
    },

    signInMethods(since: Date, tx: Db | Tx = db): Promise<{ method: string; count: number }[]> {
      return tx
        .select({ method: signInEvents.method, count })
        .from(signInEvents)
        .where(and(eq(signInEvents.success, true), gte(signInEvents.createdAt, since)))
        .groupBy(signInEvents.method)
        .orderBy(desc(count), signInEvents.method);
    },
  };
}

export type InsightsRepository = ReturnType<typeof insightsRepository>;
