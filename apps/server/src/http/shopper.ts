/**
 * Who is shopping: the one answer every cart, wishlist and order route uses. A verified
 * session wins (a signed-in user); otherwise a guest whose `x-guest-token` carries a valid
 * signature; otherwise 401. Nothing else in the request (an id, an email) names an owner,
 * so one shopper can never reach another's things by sending their id.
 */
import type { FastifyRequest } from "fastify";
import { UnauthorizedError } from "../errors.ts";
import { GUEST_TOKEN_HEADER } from "../modules/identity/guests.ts";

export type Shopper = { userId: string } | { guestId: string };

/** The shopper, or undefined for a caller with neither a session nor a genuine guest token. */
export async function optionalShopperOf(request: FastifyRequest): Promise<Shopper | undefined> {
  const identity = await request.server.identity.of(request);
  if (identity) return { userId: identity.user.id };
  const header = request.headers[GUEST_TOKEN_HEADER];
  const guestId = request.server.services.identity.guests.verify(typeof header === "string" ? header : undefined);
  return guestId ? { guestId } : undefined;
}

/** The shopper making this request; 401 when there is none. */
export async function shopperOf(request: FastifyRequest): Promise<Shopper> {
  const shopper = await optionalShopperOf(request);
  if (!shopper) throw new UnauthorizedError("Sign in or continue as a guest to do this.");
  return shopper;
}

export const isUser = (shopper: Shopper): shopper is { userId: string } => "userId" in shopper;
