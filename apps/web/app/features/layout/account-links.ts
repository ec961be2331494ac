import { paths } from "../../lib/paths.ts";

/** The overflow menu's entries (spec section 2): the same for everyone but Login/Logout. */
export const accountLinks = [
  { label: "Dashboard", href: paths.dashboard() },
  { label: "My orders", href: paths.myOrders() },
  { label: "Contact Us", href: paths.contact() },
] as const;

/**
 * Whether the menus offer Login or Logout. While the session is still being checked
 * ("loading") they offer neither, so a signed-in visitor never sees Login flash by.
 */
export interface AccountMenuState {
  status: "loading" | "signed-in" | "signed-out";
  /** /login?redirectTo=<the current page> */
  loginHref: string;
  onLogout: () => void;
}

export const collabLinks = [
  { label: "Artist Collabs", href: paths.artistCollabs() },
  { label: "Influencer Collabs", href: paths.influencerCollabs() },
] as const;
