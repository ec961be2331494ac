/**
 * Sign-in history: every attempt, for the user's details page and the insights, and
 * the per-account lockout (too many failures for one email in a window → locked until
 * the oldest of them leaves the window). Kept in PostgreSQL so it holds across processes.
 */
import { and, desc, eq, gt, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { signInEvents } from "../../db/schema/index.ts";

export const LOCKOUT = { failures: 5, windowSeconds: 15 * 60 } as const;

export interface SignInRecord {
  userId: string | null;
  email: string | null;
  method: string;
  success: boolean;
  ipAddress: string | null;
  userAgent: string | null;
}

export function signInLog(db: Db, lockout: { failures: number; windowSeconds: number } = LOCKOUT) {
  return {
    async record(event: SignInRecord): Promise<void> {
      await db.insert(signInEvents).values({
        ...event,
        email: event.email?.trim().toLowerCase().slice(0, 320) ?? null,
        userAgent: event.userAgent?.slice(0, 400) ?? null,
      });
    },

    /** Seconds until the account may try again, or undefined when it is not locked. */
    async lockFor(email: string): Promise<{ retryAfterSeconds: number } | undefined> {
      const since = new Date(Date.now() - lockout.windowSeconds * 1000);
      const failures = await db
        .select({ at: signInEvents.createdAt })
        .from(signInEvents)
        .where(
          and(
            sql`lower(${signInEvents.email}) = ${email.trim().toLowerCase()}`,
            eq(signInEvents.success, false),
            gt(signInEvents.createdAt, since),
          ),
        )
        .orderBy(desc(signInEvents.createdAt))
        .limit(lockout.failures);
      const oldest = failures[lockout.failures - 1];
      if (!oldest) return undefined;
      const unlockAt = oldest.at.getTime() + lockout.windowSeconds * 1000;
      return { retryAfterSeconds: Math.max(1, Math.ceil((unlockAt - Date.now()) / 1000)) };
    },
  };
}

export type SignInLog = ReturnType<typeof signInLog>;
