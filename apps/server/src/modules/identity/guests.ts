/**
 * Guest identities (spec sections 3 and 4): the browser makes the record (username
 * `guest` + timestamp + 0-999, a generated email) and the server backs it with a row and
 * an HMAC-signed token. Later modules key a guest's cart and wishlist by the token's
 * guest id, so guessing a username reaches nothing. At each sign-in the guest's things
 * merge into the account through the mergers those modules register.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { guests } from "../../db/schema/index.ts";

export const GUEST_TOKEN_HEADER = "x-guest-token";

/** Moves one kind of guest data (cart, wishlist…) into a user's account, inside the merge transaction. */
export type GuestMerger = (input: { tx: Tx; guestId: string; userId: string }) => Promise<void>;

export function guestService(db: Db, secret: string) {
  const mergers: GuestMerger[] = [];
  const sign = (id: string) => createHmac("sha256", `${secret}:guest`).update(id).digest("base64url");

  /**
   * Tokens that verified, with their guest id: a guest sends its token with every cart,
   * wishlist and checkout request, and an HMAC per request was about 1 % of the CPU of an
   * add to cart and an order under load. Only genuine tokens are kept (a forged one is
   * checked again each time, as before), so the map cannot be filled by guessing; it is
   * emptied when it reaches its bound.
   */
  const verified = new Map<string, string>();
  const VERIFIED_MAX = 20_000;

  function verify(token: string | undefined): string | undefined {
    if (!token) return undefined;
    const known = verified.get(token);
    if (known !== undefined) return known;
    const [id, signature] = token.split(".");
    if (!id || !signature || !/^[0-9a-f-]{36}$/.test(id)) return undefined;
    const expected = Buffer.from(sign(id));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
    if (verified.size >= VERIFIED_MAX) verified.clear();
    verified.set(token, id);
    return id;
  }

  return {
    verify,

    registerMerger(merger: GuestMerger): void {
      mergers.push(merger);
    },

    async create(username: string): Promise<{ username: string; email: string; token: string }> {
      const email = `${username}@guest.atelier.invalid`;
      const [row] = await db.insert(guests).values({ username, email }).returning({ id: guests.id });
      if (!row) throw new Error("guest insert returned nothing");
      return { username, email, token: `${row.id}.${sign(row.id)}` };
    },

    /**
     * Moves what the guest holds now into the user's account. The same browser keeps its
     * guest identity after a logout (spec: created once and reused), so this runs at every
     * sign-in; the mergers move data, so nothing is merged twice. A forged token merges nothing.
     */
    async merge(token: string, userId: string): Promise<boolean> {
      const guestId = verify(token);
      if (!guestId) return false;
      return db.transaction(async (tx) => {
        const claimed = await tx
          .update(guests)
          .set({ mergedIntoUserId: userId, mergedAt: new Date() })
          .where(eq(guests.id, guestId))
          .returning({ id: guests.id });
        if (claimed.length === 0) return false;
        for (const merger of mergers) await merger({ tx, guestId, userId });
        return true;
      });
    },
  };
}

export type GuestService = ReturnType<typeof guestService>;
