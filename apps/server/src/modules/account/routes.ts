/** The customer dashboard's calls: profile and addresses (signed in), overview (user or guest). */
import { accountEndpoints } from "@atelier/contract";
import type { FastifyInstance } from "fastify";
import { callerOf } from "../../http/access.ts";
import { addRoute } from "../../http/routes.ts";
import { shopperOf } from "../../http/shopper.ts";
import type { AccountService } from "./service.ts";

export function accountRoutes(account: AccountService) {
  return async (app: FastifyInstance) => {
    const me = async (request: Parameters<typeof callerOf>[0]) => (await callerOf(request)).user.id;

    addRoute(app, accountEndpoints.overview, async (request) => {
      return account.overview(await shopperOf(request));
    });
    addRoute(app, accountEndpoints.profile, async (request) => account.profile(await me(request)));
    addRoute(app, accountEndpoints.updateProfile, async (request) =>
      account.updateProfile(await me(request), request.body),
    );
    addRoute(app, accountEndpoints.addresses, async (request) => account.addresses(await me(request)));
    addRoute(app, accountEndpoints.createAddress, async (request) =>
      account.createAddress(await me(request), request.body),
    );
    addRoute(app, accountEndpoints.updateAddress, async (request) =>
      account.updateAddress(await me(request), request.params.id, request.body),
    );
    addRoute(app, accountEndpoints.deleteAddress, async (request) => {
      await account.deleteAddress(await me(request), request.params.id);
      return { deleted: true as const };
    });
  };
}
