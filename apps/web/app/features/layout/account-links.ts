import { paths } from "../../lib/paths.ts";

/** The overflow menu's pages (spec sections 2 and 6): the same for everyone, signed in or not. */
export const accountLinks = [
  { label: "Dashboard", href: paths.dashboard() },
  { label: "My orders", href: paths.myOrders() },
  { label: "Contact Us", href: paths.contact() },
] as const;

/** The entry after those pages: Login (to a URL) or Logout (an action), or none. */
export type SessionEntry = { label: "Login"; href: string } | { label: "Logout"; onSelect: () => void } | null;

/**
 * Login when signed out, Logout when signed in. While the session is still being
 * checked there is neither, so a signed-in visitor never sees Login flash by.
 */
export function sessionEntry(
  status: "loading" | "signed-in" | "signed-out",
  actions: { loginHref: string; onLogout: () => void },
): SessionEntry {
  if (status === "signed-out") return { label: "Login", href: actions.loginHref };
  if (status === "signed-in") return { label: "Logout", onSelect: actions.onLogout };
  return null;
}

export const collabLinks = [
  { label: "Artist Collabs", href: paths.artistCollabs() },
  { label: "Influencer Collabs", href: paths.influencerCollabs() },
] as const;
