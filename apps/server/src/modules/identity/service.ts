/**
 * Who is calling: the verified session (cookie or `Authorization: Bearer`), resolved once
 * per request, and the staff access its roles grant. Nothing in the request's data
 * (an `email` query parameter, a `role` field) ever counts.
 *
 * An admin API token (`Bearer atl_…`, ADR 0024) is a caller of its own, under /api/admin
 * only (elsewhere it is nobody: no customer's cart, account or orders): its user is its
 * maker's id and email under the name "API token: <name>", so every write it makes is
 * logged under that name, and its access is the permissions it was given that its maker
 * still holds, with no role (Owner-only actions stay with people).
 */
import type { FastifyRequest } from "fastify";
import { type ApiTokenRepository, apiTokenOf } from "./api-tokens.ts";
import type { Auth } from "./auth.ts";
import type { StaffAccess, StaffAccessRepository } from "./staff-access.ts";

export interface SignedInUser {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  image: string | null;
  createdAt: Date;
}

export interface Identity {
  user: SignedInUser;
  sessionId: string;
  /** The session was made with a second factor (a code after the password, or a passkey). */
  secondFactor: boolean;
  /** Set when the caller is an admin API token rather than a person's session. */
  apiToken?: { id: number; name: string; permissions: readonly string[] };
}

/**
 * What a caller's roles grant, and whether the Owner's rule holds them back: staff whose
 * session was not made with a second factor while the rule is on (every admin endpoint
 * answers them 403 SECOND_FACTOR_REQUIRED).
 */
export interface CallerAccess extends StaffAccess {
  secondFactorMissing: boolean;
}

/**
 * `probe` throws the database's connection error when the database is down: better-auth
 * answers every failure as its own 500, so a failed session lookup asks it, and an outage
 * becomes the API's 503 `unavailable` instead of a 500.
 */
/** Paths (route patterns) an admin API token opens: the admin API, nothing else. */
export const isAdminApiPath = (url: string) => url === "/api/admin" || url.startsWith("/api/admin/");

export function identityService(
  auth: Auth,
  staff: StaffAccessRepository,
  probe: () => Promise<void>,
  tokens: ApiTokenRepository,
) {
  const identities = new WeakMap<FastifyRequest, Promise<Identity | null>>();
  const accesses = new WeakMap<FastifyRequest, Promise<CallerAccess>>();

  async function resolveToken(request: FastifyRequest, token: string): Promise<Identity | null> {
    // The route the router matched, not the raw URL: no spelling of a path reaches past it.
    if (!isAdminApiPath(request.routeOptions.url ?? "")) return null;
    const principal = await tokens.resolve(token, request.ip).catch(async (error) => {
      await probe();
      throw error;
    });
    if (!principal) return null;
    return {
      sessionId: `api-token:${principal.id}`,
      secondFactor: false,
      apiToken: { id: principal.id, name: principal.name, permissions: principal.permissions },
      user: {
        id: principal.maker.id,
        name: `API token: ${principal.name}`,
        email: principal.maker.email,
        emailVerified: true,
        image: null,
        createdAt: principal.createdAt,
      },
    };
  }

  async function resolve(request: FastifyRequest): Promise<Identity | null> {
    const token = apiTokenOf(request.headers.authorization);
    if (token) return resolveToken(request, token);
    const headers = new Headers();
    for (const name of ["authorization", "cookie"] as const) {
      const value = request.headers[name];
      if (typeof value === "string") headers.set(name, value);
    }
    if (!headers.has("authorization") && !headers.has("cookie")) return null;
    const result = await auth.api.getSession({ headers, query: { disableCookieCache: true } }).catch(async (error) => {
      await probe();
      throw error;
    });
    if (!result) return null;
    const { user, session } = result;
    return {
      sessionId: session.id,
      secondFactor: (session as { secondFactor?: unknown }).secondFactor === true,
      user: {
        id: user.id,
        name: user.name,
        email: user.email,
        emailVerified: user.emailVerified,
        image: user.image ?? null,
        createdAt: user.createdAt,
      },
    };
  }

  function of(request: FastifyRequest): Promise<Identity | null> {
    let identity = identities.get(request);
    if (!identity) {
      identity = resolve(request);
      identities.set(request, identity);
    }
    return identity;
  }

  return {
    /** The caller's identity, or null for anonymous (including an expired or revoked token). */
    of,

    /** The staff access of a signed-in caller. */
    accessOf(request: FastifyRequest, userId: string): Promise<CallerAccess> {
      let access = accesses.get(request);
      if (!access) {
        access = (async () => {
          const [granted, identity] = await Promise.all([staff.of(userId), of(request)]);
          if (identity?.apiToken && identity.user.id === userId) {
            const given = new Set(identity.apiToken.permissions);
            return {
              ...granted,
              roles: [],
              permissions: granted.permissions.filter((permission) => given.has(permission)),
              hasTotp: false,
              hasPasskey: false,
              // The token was made from a session the Owner's rule let through.
              staffNeedSecondFactor: false,
              secondFactorMissing: false,
            };
          }
          const secondFactor = identity?.user.id === userId && identity.secondFactor;
          return {
            ...granted,
            secondFactorMissing: granted.isStaff && granted.staffNeedSecondFactor && !secondFactor,
          };
        })();
        accesses.set(request, access);
      }
      return access;
    },
  };
}

export type IdentityService = ReturnType<typeof identityService>;
