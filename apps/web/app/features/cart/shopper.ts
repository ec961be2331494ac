/**
 * Before the first cart or wishlist write a visitor needs an identity: the signed-in
 * session, or the guest token (made on first visit, but maybe not yet back from the
 * server). Reads need none: a visitor with neither simply has an empty cart.
 */
import { credentialHeaders } from "../../lib/credentials.ts";

export const hasShopper = (): boolean => Object.keys(credentialHeaders()).length > 0;

export async function ensureShopper(): Promise<void> {
  if (hasShopper()) return;
  const { ensureBrowserGuest } = await import("../identity/guest.ts");
  await ensureBrowserGuest();
  if (!hasShopper()) throw new Error("We could not start your guest session. Check your connection and try again.");
}
