/**
 * Admin API tokens (issue 38 item 2, ADR 0024), the back office's side: list, make, revoke.
 * Staff with Role Management manage them (the contract marks the endpoints `sessionsOnly`,
 * so a token never makes or revokes tokens). A token gets only permissions its maker holds,
 * the same rule as granting a role; its secret is answered once and stored as a hash.
 * Making and revoking are in the activity log.
 */
import type { ApiToken, ApiTokenStatus, CreateApiTokenBody, CreatedApiToken } from "@atelier/contract";
import { apiTokenRules, permissions } from "@atelier/contract/constants";
import type { Db } from "../../db/client.ts";
import { NotFoundError, ValidationError } from "../../errors.ts";
import { recordActivity } from "../activity-log/index.ts";
import { type ApiTokenRepository, type ApiTokenRow, newApiToken } from "../identity/index.ts";
import { refuseBeyond } from "./roles-service.ts";
import { type Actor, activityActorOf } from "./users-service.ts";

const dayMs = 86_400_000;

export function statusOf(row: Pick<ApiTokenRow, "revokedAt" | "expiresAt">, now = new Date()): ApiTokenStatus {
  if (row.revokedAt) return "revoked";
  return row.expiresAt.getTime() <= now.getTime() ? "expired" : "active";
}

export function toApiToken(row: ApiTokenRow, now = new Date()): ApiToken {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    permissions: row.permissions,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    lastUsedIp: row.lastUsedIp,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    status: statusOf(row, now),
  };
}

/** What the log keeps of a token: never its secret or hash. */
const logged = (token: Pick<ApiTokenRow, "name" | "prefix" | "permissions" | "expiresAt">) => ({
  name: token.name,
  prefix: token.prefix,
  permissions: [...token.permissions].sort(),
  expiresAt: token.expiresAt.toISOString(),
});

export function apiTokensService(deps: { db: Db; tokens: ApiTokenRepository }) {
  const { db, tokens } = deps;

  async function rowOrThrow(id: number): Promise<ApiTokenRow> {
    const row = await tokens.byId(id);
    if (!row) throw new NotFoundError("This API token does not exist.");
    return row;
  }

  return {
    async list(): Promise<ApiToken[]> {
      const now = new Date();
      return (await tokens.list()).map((row) => toApiToken(row, now));
    },

    async create(actor: Actor, body: CreateApiTokenBody): Promise<CreatedApiToken> {
      const given = permissions.filter((permission) => body.permissions.includes(permission));
      refuseBeyond(actor, given);
      const expiresAt = new Date(body.expiresAt);
      const now = Date.now();
      if (expiresAt.getTime() <= now + 60_000) {
        throw new ValidationError("The expiry must be in the future.", { expiresAt: "must be in the future" });
      }
      if (expiresAt.getTime() > now + apiTokenRules.maxDays * dayMs) {
        throw new ValidationError(`A token lasts at most ${apiTokenRules.maxDays} days.`, {
          expiresAt: `must be at most ${apiTokenRules.maxDays} days ahead`,
        });
      }
      const made = newApiToken();
      const id = await db.transaction(async (tx) => {
        const tokenId = await tokens.insert(
          {
            name: body.name,
            hash: made.hash,
            prefix: made.prefix,
            permissions: given,
            createdById: actor.id,
            expiresAt,
          },
          tx,
        );
        await recordActivity(tx, {
          actor: activityActorOf(actor),
          action: "api-token.create",
          subject: { type: "api-token", id: tokenId, label: `${body.name} (${made.prefix}…)` },
          after: logged({ name: body.name, prefix: made.prefix, permissions: given, expiresAt }),
        });
        return tokenId;
      });
      return { token: toApiToken(await rowOrThrow(id)), secret: made.secret };
    },

    async revoke(actor: Actor, id: number): Promise<ApiToken> {
      await db.transaction(async (tx) => {
        const row = await tokens.byId(id, tx);
        if (!row) throw new NotFoundError("This API token does not exist.");
        if (await tokens.revoke(id, tx)) {
          await recordActivity(tx, {
            actor: activityActorOf(actor),
            action: "api-token.revoke",
            subject: { type: "api-token", id, label: `${row.name} (${row.prefix}…)` },
            before: { status: statusOf(row) },
            after: { status: "revoked" },
          });
        }
      });
      return toApiToken(await rowOrThrow(id));
    },
  };
}

export type ApiTokensService = ReturnType<typeof apiTokensService>;
