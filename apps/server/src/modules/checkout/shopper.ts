/**
 * Who is shopping, for checkout: a signed-in user wins, else a guest with a genuine
 * `x-guest-token`, else 401. A stand-in with the same API as the cart branch's
 * `http/shopper.ts`, until that branch is merged (then this file goes).
 */
import type { FastifyRequest } from "fastify";
import { UnauthorizedError } from "../../errors.ts";
import { GUEST_TOKEN_HEADER } from "../identity/guests.ts";

export type Shopper = { userId: string } | { guestId: string };

export async function optionalShopperOf(request: FastifyRequest): Promise<Shopper | undefined> {
  const identity = await request.server.identity.of(request);
  if (identity) return { userId: identity.user.id };
  const header = request.headers[GUEST_TOKEN_HEADER];
  const guestId = request.server.services.identity.guests.verify(typeof header === "string" ? header : undefined);
  return guestId ? { guestId } : undefined;
}

export async function shopperOf(request: FastifyRequest): Promise<Shopper> {
  const shopper = await optionalShopperOf(request);
  if (!shopper) throw new UnauthorizedError("Sign in or continue as a guest to do this.");
  return shopper;
}

export const isUser = (shopper: Shopper): shopper is { userId: string } => "userId" in shopper;
