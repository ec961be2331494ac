/** Role Management (with admin API tokens) and User Management (spec section 2): thin handlers over the services. */
import { apiTokenEndpoints, userAdminEndpoints as endpoints, permissionInfos } from "@atelier/contract";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Db } from "../../db/client.ts";
import { callerOf } from "../../http/access.ts";
import { addRoute } from "../../http/routes.ts";
import { type IdentityModule, securitySettingsRepository } from "../identity/index.ts";
import { apiTokensService } from "./api-tokens-service.ts";
import { insightsRepository } from "./insights-repository.ts";
import { rolesRepository } from "./roles-repository.ts";
import { rolesService } from "./roles-service.ts";
import { securityService } from "./security-service.ts";
import { usersRepository } from "./users-repository.ts";
import { type Actor, usersService } from "./users-service.ts";

export function userAdminRoutes(deps: { db: Db; identity: IdentityModule }) {
  const { db, identity } = deps;
  const users = usersRepository(db);
  const roles = rolesRepository(db);
  const roleRules = rolesService({ db, roles, users });
  const people = usersService({ db, users, roles, insights: insightsRepository(db), auth: identity.auth });
  const security = securityService({ db, settings: securitySettingsRepository(db) });
  const apiTokens = apiTokensService({ db, tokens: identity.apiTokens });

  return async (app: FastifyInstance) => {
    /** Who is acting: the verified caller and what their roles allow (read fresh, never cached). */
    async function actorOf(request: FastifyRequest): Promise<Actor> {
      const { user } = await callerOf(request);
      return {
        id: user.id,
        name: user.name,
        email: user.email,
        permissions: (await app.identity.accessOf(request, user.id)).permissions,
      };
    }
    const ok = { ok: true } as const;

    addRoute(app, endpoints.permissions, async () => permissionInfos);
    addRoute(app, endpoints.securitySettings, () => security.get());
    addRoute(app, endpoints.updateSecuritySettings, async (request) => {
      const { user, secondFactor } = await callerOf(request);
      const access = await app.identity.accessOf(request, user.id);
      return security.update(
        {
          id: user.id,
          name: user.name,
          email: user.email,
          permissions: access.permissions,
          roles: access.roles,
          signedInWithSecondFactor: secondFactor,
        },
        request.body,
      );
    });
    addRoute(app, endpoints.listRoles, () => roleRules.list());
    addRoute(app, endpoints.createRole, async (request) => roleRules.create(await actorOf(request), request.body));
    addRoute(app, endpoints.updateRole, async (request) =>
      roleRules.update(await actorOf(request), request.params.id, request.body),
    );
    addRoute(app, endpoints.deleteRole, async (request) => {
      await roleRules.delete(await actorOf(request), request.params.id);
      return ok;
    });
    addRoute(app, endpoints.setUserRoles, async (request) =>
      roleRules.setUserRoles(await actorOf(request), request.params.userId, request.body),
    );

    addRoute(app, endpoints.listUsers, (request) => people.list(request.query));
    addRoute(app, endpoints.userDetails, (request) => people.details(request.params.userId));
    addRoute(app, endpoints.banUser, async (request) => {
      await people.ban(await actorOf(request), request.params.userId, request.body);
      return ok;
    });
    addRoute(app, endpoints.unbanUser, async (request) => {
      await people.unban(await actorOf(request), request.params.userId);
      return ok;
    });
    addRoute(app, endpoints.sendPasswordReset, async (request) => {
      await people.sendPasswordReset(await actorOf(request), request.params.userId);
      return ok;
    });
    addRoute(app, endpoints.revokeSession, async (request) => {
      await people.revokeSession(await actorOf(request), request.params.userId, request.params.sessionId);
      return ok;
    });
    addRoute(app, endpoints.userInsights, (request) => people.insights(request.query.days));

    // Admin API tokens (issue 38 item 2): people with Role Management only, never a token.
    addRoute(app, apiTokenEndpoints.list, () => apiTokens.list());
    addRoute(app, apiTokenEndpoints.create, async (request) => apiTokens.create(await actorOf(request), request.body));
    addRoute(app, apiTokenEndpoints.revoke, async (request) =>
      apiTokens.revoke(await actorOf(request), request.params.id),
    );
  };
}
