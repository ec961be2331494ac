/**
 * Admin API tokens (issue 38 item 2, ADR 0024): staff with Role Management make tokens for
 * integrations, each with a name, an expiry and permissions chosen from their own. The
 * secret is answered once, at creation; the list shows its first characters only.
 * A token can never manage tokens (the endpoints below are `sessionsOnly`).
 */
import { z } from "zod";
import { apiPaths } from "./api-paths.ts";
import { IdParams } from "./common.ts";
import { apiTokenRules } from "./constants.ts";
import { defineEndpoint } from "./endpoint.ts";
import { PermissionKey } from "./identity.ts";
import { permissions } from "./permissions.ts";

const tags = ["Admin API tokens"] as const;
const access = { permission: "roles", sessionsOnly: true } as const;

export const ApiTokenStatus = z.enum(["active", "expired", "revoked"]);
export type ApiTokenStatus = z.infer<typeof ApiTokenStatus>;

export const ApiToken = z
  .object({
    id: z.number().int(),
    name: z.string(),
    /** The token's first characters (`atl_` and 8 more), to tell tokens apart. */
    prefix: z.string(),
    permissions: z.array(PermissionKey),
    createdBy: z.object({ id: z.string().nullable(), name: z.string(), email: z.string() }),
    createdAt: z.iso.datetime(),
    expiresAt: z.iso.datetime(),
    lastUsedAt: z.iso.datetime().nullable(),
    lastUsedIp: z.string().nullable(),
    revokedAt: z.iso.datetime().nullable(),
    status: ApiTokenStatus,
  })
  .meta({ id: "ApiToken" });
export type ApiToken = z.infer<typeof ApiToken>;

export const CreateApiTokenBody = z.object({
  name: z
    .string()
    .trim()
    .min(2, { error: "must have at least 2 characters" })
    .max(apiTokenRules.nameMax, { error: `must have at most ${apiTokenRules.nameMax} characters` }),
  /** When the token stops working: in the future, at most a year ahead. */
  expiresAt: z.iso.datetime({ offset: true, error: "must be a date and time (ISO 8601)" }),
  permissions: z.array(PermissionKey).min(1, { error: "choose at least one permission" }).max(permissions.length),
});
export type CreateApiTokenBody = z.input<typeof CreateApiTokenBody>;

export const CreatedApiToken = z
  .object({
    token: ApiToken,
    /** The whole token, answered this once: it is stored only as a hash. */
    secret: z.string(),
  })
  .meta({ id: "CreatedApiToken" });
export type CreatedApiToken = z.infer<typeof CreatedApiToken>;

export const apiTokenEndpoints = {
  list: defineEndpoint({
    method: "GET",
    path: apiPaths.adminApiTokens,
    summary: "The admin API tokens, newest first (never their secrets)",
    tags,
    access,
    response: z.array(ApiToken),
  }),
  create: defineEndpoint({
    method: "POST",
    path: apiPaths.adminApiTokens,
    summary: "Makes an admin API token with permissions the caller holds; its secret is answered once",
    tags,
    access,
    body: CreateApiTokenBody,
    response: CreatedApiToken,
  }),
  revoke: defineEndpoint({
    method: "POST",
    path: apiPaths.adminApiTokenRevoke,
    summary: "Revokes an admin API token: its next request answers 401",
    tags,
    access,
    params: IdParams,
    response: ApiToken,
  }),
} as const;
