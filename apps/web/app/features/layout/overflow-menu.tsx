/**
 * The top bar's overflow menu (Dashboard, My orders, Contact Us, Login or Logout). Loaded
 * on the first press of its button (see top-bar.tsx), so it mounts already open.
 */
import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { EllipsisVertical, LogIn, LogOut } from "lucide-react";
import { Link } from "react-router";
import { accountLinks, type SessionEntry } from "./account-links.ts";
import { iconButton } from "./icon-button.ts";

/** The trigger replaces the stand-in button the shopper pressed: it takes over the focus. */
const focusOnMount = (element: HTMLButtonElement | null) => element?.focus({ preventScroll: true });

export function OverflowMenu({ session }: { session: SessionEntry }) {
  const item =
    "flex cursor-pointer items-center gap-2 rounded-md px-3 py-2 text-sm outline-none data-[highlighted]:bg-stone-100";
  return (
    <DropdownMenu.Root modal={false} defaultOpen>
      <DropdownMenu.Trigger ref={focusOnMount} className={iconButton} aria-label="More">
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
