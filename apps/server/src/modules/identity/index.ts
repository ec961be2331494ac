/** Builds the identity module: better-auth, the session resolver, guests and staff access. */
import path from "node:path";
import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../../config.ts";
import type { Db } from "../../db/client.ts";
import { databaseProbe } from "../../db/unavailable.ts";
import { createMailer, type Mailer } from "../mail/index.ts";
import { apiTokenRepository } from "./api-tokens.ts";
import { createAuth } from "./auth.ts";
import { guestService } from "./guests.ts";
import { loadAuthSecret } from "./secret.ts";
import { identityService } from "./service.ts";
import { signInLog } from "./sign-in-log.ts";
import { staffAccessRepository } from "./staff-access.ts";

export async function createIdentity(deps: { config: Config; db: Db; logger: FastifyBaseLogger; mailer?: Mailer }) {
  const { config, db, logger } = deps;
  const secret = await loadAuthSecret(config.auth.secret, config.dataDir);
  const mailer =
    deps.mailer ??
    createMailer({
      smtpUrl: config.mail.smtpUrl,
      from: config.mail.from,
      outboxDir: path.join(config.dataDir, "outbox"),
      logger,
    });
  const signIns = signInLog(db);
  const staff = staffAccessRepository(db);
  /** Throws the connection error when the database is down (see identityService). */
  const probe = databaseProbe(() => db.execute(sql`select 1`));
  const apiTokens = apiTokenRepository(db);
  const auth = createAuth({ config, db, secret, mailer, signIns, logger, trustedOrigins: trustedOrigins(config) });
  return {
    auth,
    mailer,
    signIns,
    staff,
    guests: guestService(db, secret),
    identity: identityService(auth, staff, probe, apiTokens),
    /** Admin API tokens (ADR 0024): made and revoked by the users module. */
    apiTokens,
    probe,
    trustedOrigins: trustedOrigins(config),
    /** The app secret, for modules that sign links of their own (e.g. a guest's order link). */
    secret,
  };
}

export type IdentityModule = Awaited<ReturnType<typeof createIdentity>>;

/** The shop's own origin; on loopback also its localhost/127.0.0.1 twin. */
export function trustedOrigins(config: Pick<Config, "publicUrl">): string[] {
  const url = new URL(config.publicUrl);
  const origins = [url.origin];
  const twin = url.hostname === "localhost" ? "127.0.0.1" : url.hostname === "127.0.0.1" ? "localhost" : undefined;
  if (twin) origins.push(`${url.protocol}//${twin}${url.port ? `:${url.port}` : ""}`);
  return origins;
}
export {
  type ApiTokenPrincipal,
  type ApiTokenRepository,
  type ApiTokenRow,
  apiTokenOf,
  hashApiToken,
  newApiToken,
} from "./api-tokens.ts";
export type { Auth } from "./auth.ts";
export type { GuestMerger, GuestService } from "./guests.ts";
export {
  type SecuritySettings,
  type SecuritySettingsRepository,
  securitySettingsRepository,
} from "./security-settings.ts";
export { isAdminApiPath } from "./service.ts";
