/**
 * Admin API tokens (issue 38 item 2, ADR 0024): the secret, its hash, and the table.
 * A token is `atl_` + 32 random bytes in base64url; only its SHA-256 is stored (256 random
 * bits need no slow hash: nobody can guess one to compare). `resolve` is what a request
 * carrying one meets: the token must exist, be neither revoked nor expired, and its maker
 * must not be banned; its last use is written at most once a minute.
 */
import { createHash, randomBytes } from "node:crypto";
import { apiTokenRules, isPermission, type Permission } from "@atelier/contract/constants";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { apiTokens, users } from "../../db/schema/index.ts";

/** A token as the request's principal: what the access hook and the activity log need. */
export interface ApiTokenPrincipal {
  id: number;
  name: string;
  /** The permissions it was given (the access hook also bounds them by its maker's roles). */
  permissions: Permission[];
  createdAt: Date;
  maker: { id: string; name: string; email: string };
}

export interface ApiTokenRow {
  id: number;
  name: string;
  prefix: string;
  permissions: Permission[];
  createdBy: { id: string; name: string; email: string };
  createdAt: Date;
  expiresAt: Date;
  revokedAt: Date | null;
  lastUsedAt: Date | null;
  lastUsedIp: string | null;
}

/** How often the last use is written at most (a busy integration calls many times a second). */
const lastUseEveryMs = 60_000;

/** Whether an `Authorization` header carries an admin API token rather than a session token. */
export function apiTokenOf(authorization: string | undefined): string | undefined {
  if (!authorization) return undefined;
  const match = /^Bearer\s+(atl_\S+)\s*$/i.exec(authorization);
  return match?.[1];
}

export function hashApiToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export function newApiToken(): { secret: string; hash: string; prefix: string } {
  const secret = `${apiTokenRules.marker}${randomBytes(32).toString("base64url")}`;
  return { secret, hash: hashApiToken(secret), prefix: secret.slice(0, apiTokenRules.prefixLength) };
}

const permissionsOf = (values: readonly string[]): Permission[] => values.filter(isPermission);

export function apiTokenRepository(db: Db) {
  const columns = {
    id: apiTokens.id,
    name: apiTokens.name,
    prefix: apiTokens.prefix,
    permissions: apiTokens.permissions,
    createdAt: apiTokens.createdAt,
    expiresAt: apiTokens.expiresAt,
    revokedAt: apiTokens.revokedAt,
    lastUsedAt: apiTokens.lastUsedAt,
    lastUsedIp: apiTokens.lastUsedIp,
    makerId: users.id,
    makerName: users.name,
    makerEmail: users.email,
  };
  interface Selected {
    id: number;
    name: string;
    prefix: string;
    permissions: string[];
    createdAt: Date;
    expiresAt: Date;
    revokedAt: Date | null;
    lastUsedAt: Date | null;
    lastUsedIp: string | null;
    makerId: string;
    makerName: string;
    makerEmail: string;
  }
  const toRow = (row: Selected): ApiTokenRow => ({
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    permissions: permissionsOf(row.permissions),
    createdBy: { id: row.makerId, name: row.makerName, email: row.makerEmail },
    createdAt: row.createdAt,
    expiresAt: row.expiresAt,
    revokedAt: row.revokedAt,
    lastUsedAt: row.lastUsedAt,
    lastUsedIp: row.lastUsedIp,
  });
  const select = (executor: Db | Tx) =>
    executor.select(columns).from(apiTokens).innerJoin(users, eq(users.id, apiTokens.createdById));

  return {
    async list(): Promise<ApiTokenRow[]> {
      const rows = await select(db).orderBy(desc(apiTokens.createdAt), desc(apiTokens.id));
      return rows.map(toRow);
    },

    async byId(id: number, executor: Db | Tx = db): Promise<ApiTokenRow | undefined> {
      const [row] = await select(executor).where(eq(apiTokens.id, id));
      return row ? toRow(row) : undefined;
    },

    async insert(
      input: {
        name: string;
        hash: string;
        prefix: string;
        permissions: Permission[];
        createdById: string;
        expiresAt: Date;
      },
      tx: Tx,
    ): Promise<number> {
      const [row] = await tx
        .insert(apiTokens)
        .values({
          name: input.name,
          tokenHash: input.hash,
          prefix: input.prefix,
          permissions: input.permissions,
          createdById: input.createdById,
          expiresAt: input.expiresAt,
        })
        .returning({ id: apiTokens.id });
      if (!row) throw new Error("api_token insert returned no row");
      return row.id;
    },

    /** Marks the token revoked (once); answers whether this call did it. */
    async revoke(id: number, tx: Tx): Promise<boolean> {
      const rows = await tx
        .update(apiTokens)
        .set({ revokedAt: sql`now()` })
        .where(and(eq(apiTokens.id, id), isNull(apiTokens.revokedAt)))
        .returning({ id: apiTokens.id });
      return rows.length > 0;
    },

    /**
     * The principal a presented token stands for, or null: unknown, revoked, expired, or
     * made by someone since banned. Checked against the database on every request, so a
     * revocation counts on the very next one.
     */
    async resolve(token: string, ip: string | undefined): Promise<ApiTokenPrincipal | null> {
      const [row] = await db
        .select({
          id: apiTokens.id,
          name: apiTokens.name,
          permissions: apiTokens.permissions,
          createdAt: apiTokens.createdAt,
          lastUsedAt: apiTokens.lastUsedAt,
          makerId: users.id,
          makerName: users.name,
          makerEmail: users.email,
          now: sql<Date>`now()`.mapWith(apiTokens.createdAt),
        })
        .from(apiTokens)
        .innerJoin(users, eq(users.id, apiTokens.createdById))
        .where(
          and(
            eq(apiTokens.tokenHash, hashApiToken(token)),
            isNull(apiTokens.revokedAt),
            sql`${apiTokens.expiresAt} > now()`,
            eq(users.banned, false),
          ),
        );
      if (!row) return null;
      if (!row.lastUsedAt || row.now.getTime() - row.lastUsedAt.getTime() >= lastUseEveryMs) {
        // Throttled in SQL too, so concurrent first uses write once.
        await db
          .update(apiTokens)
          .set({ lastUsedAt: sql`now()`, lastUsedIp: ip ?? null })
          .where(
            and(
              eq(apiTokens.id, row.id),
              sql`(${apiTokens.lastUsedAt} is null or ${apiTokens.lastUsedAt} <= now() - make_interval(secs => ${lastUseEveryMs / 1000}))`,
            ),
          );
      }
      return {
        id: row.id,
        name: row.name,
        permissions: permissionsOf(row.permissions),
        createdAt: row.createdAt,
        maker: { id: row.makerId, name: row.makerName, email: row.makerEmail },
      };
    },
  };
}

export type ApiTokenRepository = ReturnType<typeof apiTokenRepository>;
