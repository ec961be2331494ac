/**
 * Lookups the better-auth hooks need before its endpoints have run: whose reset token
 * or session token a request carries. SQL only; the endpoints still verify the tokens.
 */
import { and, eq, gt } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { sessions, users, verifications } from "../../db/schema/index.ts";

export async function resetTokenEmail(db: Db, token: string): Promise<string | undefined> {
  const [row] = await db
    .select({ email: users.email })
    .from(verifications)
    .innerJoin(users, eq(users.id, verifications.value))
    .where(and(eq(verifications.identifier, `reset-password:${token}`)))
    .limit(1);
  return row?.email;
}

export async function sessionEmail(db: Db, headers: Headers | undefined): Promise<string | undefined> {
  const bearerToken = /^bearer\s+(.+)$/i.exec(headers?.get("authorization") ?? "")?.[1];
  const cookieToken = /(?:^|;\s*)(?:__Secure-)?atelier\.session_token=([^;]+)/.exec(headers?.get("cookie") ?? "")?.[1];
  const token = decodeURIComponent(bearerToken ?? cookieToken ?? "").split(".")[0];
  if (!token) return undefined;
  const [row] = await db
    .select({ email: users.email })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.token, token), gt(sessions.expiresAt, new Date())))
    .limit(1);
  return row?.email;
}
