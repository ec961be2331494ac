/** The customer dashboard's calls: profile and addresses (signed in), overview (user or guest). */
import { accountEndpoints } from "@atelier/contract";
import type { FastifyInstance } from "fastify";
import { UnauthorizedError } from "../../errors.ts";
import { callerOf } from "../../http/access.ts";
import { addRoute } from "../../http/routes.ts";
import { optionalShopperOf } from "../orders/shopper.ts";
import type { AccountService } from "./service.ts";

export function accountRoutes(account: AccountService) {
  return async (app: FastifyInstance) => {
    const me = async (request: Parameters<typeof callerOf>[0]) => (await callerOf(request)).user.id;

    addRoute(app, accountEndpoints.overview, async (request) => {
      const shopper = await optionalShopperOf(request);
      if (!shopper) throw new UnauthorizedError("Sign in, or browse first to get a guest identity.");
      return account.overview(shopper);
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
