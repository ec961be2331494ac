/**
 * Lookups the better-auth hooks need before its endpoints have run: whose reset token
 * or session token a request carries. SQL only; the endpoints still verify the tokens.
 */
import { and, eq, gt } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { sessions, users, verifications } from "../../db/schema/index.ts";

export interface Person {
  email: string;
  name: string;
}

export async function resetTokenPerson(db: Db, token: string): Promise<Person | undefined> {
  const [row] = await db
    .select({ email: users.email, name: users.name })
    .from(verifications)
    .innerJoin(users, eq(users.id, verifications.value))
    .where(and(eq(verifications.identifier, `reset-password:${token}`)))
    .limit(1);
  return row;
}

export async function sessionPerson(db: Db, headers: Headers | undefined): Promise<Person | undefined> {
  const bearerToken = /^bearer\s+(.+)$/i.exec(headers?.get("authorization") ?? "")?.[1];
  const cookieToken = /(?:^|;\s*)(?:__Secure-)?atelier\.session_token=([^;]+)/.exec(headers?.get("cookie") ?? "")?.[1];
  const token = decodeURIComponent(bearerToken ?? cookieToken ?? "").split(".")[0];
  if (!token) return undefined;
  const [row] = await db
    .select({ email: users.email, name: users.name })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.token, token), gt(sessions.expiresAt, new Date())))
    .limit(1);
  return row;
}
