/** The identity calls around better-auth: config, me, guests, and the spec's checkIfAdmin. */
import { defaultPasswordRules, type IdentityConfig, identityEndpoints } from "@atelier/contract";
import { passwordMinScore, passwordPolicy } from "@atelier/contract/constants";
import type { FastifyInstance } from "fastify";
import type { Config } from "../../config.ts";
import { callerOf } from "../../http/access.ts";
import { addRoute } from "../../http/routes.ts";
import type { GuestService } from "./guests.ts";

export function identityRoutes(deps: { config: Config; guests: GuestService }) {
  const { config, guests } = deps;
  const identityConfig: IdentityConfig = {
    passwordPolicy: { ...passwordPolicy, minScore: passwordMinScore, rules: defaultPasswordRules },
    socialProviders: config.auth.providers.map(({ id, name }) => ({ id, name, kind: id })),
    emailVerification: config.auth.emailVerification,
  };

  return async (app: FastifyInstance) => {
    addRoute(app, identityEndpoints.config, async () => identityConfig);

    addRoute(app, identityEndpoints.me, async (request) => {
      const { user } = await callerOf(request);
      const access = await app.identity.accessOf(request, user.id);
      return {
        user: { ...user, createdAt: user.createdAt.toISOString() },
        isStaff: access.isStaff,
        roles: access.roles,
        permissions: access.permissions,
        twoFactorEnabled: access.hasTotp,
        hasPasskey: access.hasPasskey,
        secondFactorRequired: access.secondFactorMissing,
      };
    });

    addRoute(app, identityEndpoints.createGuest, async (request) => guests.create(request.body.username), {
      // Every new browser makes one guest; shared addresses (offices, mobile carriers) make many.
      config: { rateLimit: { max: config.auth.rateLimitPerMinute * 3, timeWindow: "1 minute" } },
    });

    addRoute(app, identityEndpoints.mergeGuest, async (request) => {
      const { user } = await callerOf(request);
      return { merged: await guests.merge(request.body.token, user.id) };
    });

    // The `email` query parameter is the spec's; it is accepted and ignored.
    addRoute(app, identityEndpoints.checkIfAdmin, async (request) => {
      const { user } = await callerOf(request);
      return { isAdmin: (await app.identity.accessOf(request, user.id)).isStaff };
    });
  };
}
