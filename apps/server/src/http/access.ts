/**
 * The one access mechanism: every endpoint declares `access` in the contract, and
 * addRoute turns it into this onRequest hook. Handlers never check permissions.
 * Anonymous → 401; signed in without the right → 403; staff without a second factor
 * while the Owner requires one → 403 SECOND_FACTOR_REQUIRED. An admin API token is a
 * caller too (modules/identity/service.ts): its permissions are those it was given, and
 * a `sessionsOnly` endpoint refuses it (403). Read from the verified session
 * on every request, so a role change or a ban counts at once.
 */
import type { Access, Permission } from "@atelier/contract/constants";
import type { FastifyRequest, onRequestHookHandler } from "fastify";
import { ForbiddenError, SecondFactorRequiredError, UnauthorizedError } from "../errors.ts";
import type { Identity } from "../modules/identity/service.ts";

export function accessHook(access: Access): onRequestHookHandler | undefined {
  if (access === "public") return undefined;
  return async (request) => {
    const identity = await request.server.identity.of(request);
    if (!identity) throw new UnauthorizedError("Sign in to continue.");
    if (access === "signed-in") return;
    const staff = await request.server.identity.accessOf(request, identity.user.id);
    if (!staff.isStaff) throw new ForbiddenError("This needs a staff account.");
    if (staff.secondFactorMissing) {
      throw new SecondFactorRequiredError(
        "The shop requires a second factor for staff: set up an authenticator app in your account (Dashboard, Two-step sign-in) before opening the admin.",
      );
    }
    if (access !== "staff" && !staff.permissions.includes(access.permission)) {
      throw new ForbiddenError(
        identity.apiToken ? "This API token was not given this permission." : "Your role does not allow this.",
      );
    }
    if (access !== "staff" && access.sessionsOnly && identity.apiToken) {
      throw new ForbiddenError("API tokens cannot do this: sign in as a person.");
    }
  };
}

/** The caller of a route whose access is not "public" (the hook has verified it). */
export async function callerOf(request: FastifyRequest): Promise<Identity> {
  const identity = await request.server.identity.of(request);
  if (!identity) throw new UnauthorizedError("Sign in to continue.");
  return identity;
}

/**
 * Whether the caller of a public route is staff holding `permission` (e.g. to preview an
 * unpublished product). Anonymous callers and customers simply get false.
 */
export async function callerHas(request: FastifyRequest, permission: Permission): Promise<boolean> {
  const identity = await request.server.identity.of(request);
  if (!identity) return false;
  const staff = await request.server.identity.accessOf(request, identity.user.id);
  return staff.isStaff && !staff.secondFactorMissing && staff.permissions.includes(permission);
}
