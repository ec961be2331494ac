/**
 * Who is asking, for the customer's order calls: the signed-in user, else the guest of a
 * valid `x-guest-token`, else nobody. (A local twin of the cart's `http/shopper.ts`, kept
 * until that lands on this branch: same rule, same answer.)
 */
import type { FastifyRequest } from "fastify";
import { GUEST_TOKEN_HEADER } from "../identity/guests.ts";

export type Shopper = { userId: string } | { guestId: string };

export async function optionalShopperOf(request: FastifyRequest): Promise<Shopper | null> {
  const identity = await request.server.identity.of(request);
  if (identity) return { userId: identity.user.id };
  const header = request.headers[GUEST_TOKEN_HEADER];
  const guestId = request.server.services.identity.guests.verify(typeof header === "string" ? header : undefined);
  return guestId ? { guestId } : null;
}
