/**
 * The fixed top bar: menu button, logo, search toggle, wishlist, cart and the overflow
 * menu (Dashboard, My orders, Contact Us, and Login or Logout). Wishlist and cart move to
 * the desktop bar on wide screens.
 */
import { EllipsisVertical, Menu, Search, X } from "lucide-react";
import { lazy, type RefObject, Suspense, useState } from "react";
import { Link } from "react-router";
import { paths } from "../../lib/paths.ts";
import { BagLinks } from "../cart/bag-links.tsx";
import type { SessionEntry } from "./account-links.ts";
import { iconButton } from "./icon-button.ts";

export function TopBar(props: {
  storeName: string;
  menuButtonRef: RefObject<HTMLButtonElement | null>;
  onOpenMenu: () => void;
  searchOpen: boolean;
  onToggleSearch: () => void;
  session: SessionEntry;
}) {
  return (
    <header className="fixed inset-x-0 top-0 z-40 h-topbar border-line border-b bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-full max-w-screen-xl items-center gap-1 px-2 sm:px-4">
        <button
          ref={props.menuButtonRef}
          type="button"
          className={iconButton}
          onClick={props.onOpenMenu}
          aria-label="Open menu"
          aria-haspopup="dialog"
        >
          <Menu aria-hidden className="size-5" />
        </button>
        <Link
          to={paths.home()}
          className="px-2 font-bold text-xl tracking-[0.2em] uppercase"
          aria-label={`${props.storeName} home`}
        >
          {props.storeName}
        </Link>
        <div className="flex-1" />
        <button
          type="button"
          className={`${iconButton} md:hidden`}
          onClick={props.onToggleSearch}
          aria-label={props.searchOpen ? "Close search" : "Search"}
          aria-expanded={props.searchOpen}
          aria-controls="mobile-search"
        >
          {props.searchOpen ? <X aria-hidden className="size-5" /> : <Search aria-hidden className="size-5" />}
        </button>
        <BagLinks linkClassName={`${iconButton} md:hidden`} />
        <OverflowMenu session={props.session} />
      </div>
    </header>
  );
}

const loadOverflowMenu = () => import("./overflow-menu.tsx");
const OverflowMenuPopup = lazy(() => loadOverflowMenu().then((m) => ({ default: m.OverflowMenu })));

/**
 * The menu's code (Radix DropdownMenu with its positioning) loads when a shopper reaches
 * for it, not with every page: until then a look-alike button stands in, and the first
 * press opens the real menu.
 */
function OverflowMenu({ session }: { session: SessionEntry }) {
  const [wanted, setWanted] = useState(false);
  const stand = (
    <button
      type="button"
      className={iconButton}
      aria-label="More"
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={() => void loadOverflowMenu()}
      onFocus={() => void loadOverflowMenu()}
      onClick={() => setWanted(true)}
    >
      <EllipsisVertical aria-hidden className="size-5" />
    </button>
  );
  if (!wanted) return stand;
  return (
    <Suspense fallback={stand}>
      <OverflowMenuPopup session={session} />
    </Suspense>
  );
}
