/**
 * The fixed top bar: menu button, logo, search toggle, wishlist, cart and the overflow
 * menu (Dashboard, My orders, Contact Us, and Login or Logout). Wishlist and cart move to
 * the desktop bar on wide screens.
 */
import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { EllipsisVertical, Heart, LogIn, LogOut, Menu, Search, ShoppingBag, X } from "lucide-react";
import type { RefObject } from "react";
import { Link } from "react-router";
import { paths } from "../../lib/paths.ts";
import { accountLinks, type SessionEntry } from "./account-links.ts";

const iconButton =
  "inline-flex size-10 items-center justify-center rounded-full text-ink hover:bg-stone-100 focus-visible:bg-stone-100";

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
        <Link to={paths.wishlist()} className={`${iconButton} md:hidden`} aria-label="Wishlist">
          <Heart aria-hidden className="size-5" />
        </Link>
        <Link to={paths.cart()} className={`${iconButton} md:hidden`} aria-label="Cart">
          <ShoppingBag aria-hidden className="size-5" />
        </Link>
        <OverflowMenu session={props.session} />
      </div>
    </header>
  );
}

function OverflowMenu({ session }: { session: SessionEntry }) {
  const item =
    "flex cursor-pointer items-center gap-2 rounded-md px-3 py-2 text-sm outline-none data-[highlighted]:bg-stone-100";
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className={iconButton} aria-label="More">
        <EllipsisVertical aria-hidden className="size-5" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-50 min-w-48 rounded-xl border border-line bg-white p-1 shadow-lg"
        >
          {accountLinks.map((link) => (
            <DropdownMenu.Item key={link.href} asChild className={item}>
              <Link to={link.href}>{link.label}</Link>
            </DropdownMenu.Item>
          ))}
          {session && <DropdownMenu.Separator className="my-1 h-px bg-line" />}
          {session?.label === "Login" && (
            <DropdownMenu.Item asChild className={item}>
              <Link to={session.href}>
                <LogIn aria-hidden className="size-4" /> {session.label}
              </Link>
            </DropdownMenu.Item>
          )}
          {session?.label === "Logout" && (
            <DropdownMenu.Item className={item} onSelect={session.onSelect}>
              <LogOut aria-hidden className="size-4" /> {session.label}
            </DropdownMenu.Item>
          )}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
