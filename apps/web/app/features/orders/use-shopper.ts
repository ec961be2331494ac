/**
 * Who the browser is shopping as, for the account and order pages: the signed-in user,
 * else the guest (created on first need), and a key that scopes cached answers to them.
 */
import { useEffect, useState } from "react";
import { isGuestCustomerInfo, readJson, storageKeys } from "../../lib/credentials.ts";
import { useAuth } from "../identity/auth-store.ts";
import { ensureBrowserGuest } from "../identity/guest.ts";

export type ShopperState =
  | { status: "loading" }
  | { status: "user"; key: string; name: string }
  | { status: "guest"; key: string }
  /** Signed out, and no guest identity could be made: only a signed link works. */
  | { status: "nobody" };

export function useShopper(): ShopperState {
  const auth = useAuth();
  const [guest, setGuest] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    if (auth.status !== "signed-out") return;
    let live = true;
    ensureBrowserGuest()
      .catch(() => null)
      .finally(() => {
        if (!live) return;
        const stored = readJson(storageKeys.guestCustomerInfo, isGuestCustomerInfo);
        setGuest(stored?.token ? stored.username : null);
      });
    return () => {
      live = false;
    };
  }, [auth.status]);
  if (auth.status === "loading") return { status: "loading" };
  if (auth.status === "signed-in") return { status: "user", key: `user:${auth.user.email}`, name: auth.user.username };
  if (guest === undefined) return { status: "loading" };
  return guest ? { status: "guest", key: `guest:${guest}` } : { status: "nobody" };
}
