/**
 * Who is calling: the verified session (cookie or `Authorization: Bearer`), resolved once
 * per request, and the staff access its roles grant. Nothing in the request's data
 * (an `email` query parameter, a `role` field) ever counts.
 */
import type { FastifyRequest } from "fastify";
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
export function identityService(auth: Auth, staff: StaffAccessRepository, probe: () => Promise<void>) {
  const identities = new WeakMap<FastifyRequest, Promise<Identity | null>>();
  const accesses = new WeakMap<FastifyRequest, Promise<CallerAccess>>();

  async function resolve(request: FastifyRequest): Promise<Identity | null> {
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
