import { paths } from "../../lib/paths.ts";

/** The overflow menu's entries (spec section 2): the same for everyone but Login/Logout. */
export const accountLinks = [
  { label: "Dashboard", href: paths.dashboard() },
  { label: "My orders", href: paths.myOrders() },
  { label: "Contact Us", href: paths.contact() },
] as const;

export const collabLinks = [
  { label: "Artist Collabs", href: paths.artistCollabs() },
  { label: "Influencer Collabs", href: paths.influencerCollabs() },
] as const;
