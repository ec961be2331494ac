/**
 * The left slide-in drawer titled Menu (spec section 2): 20rem wide, closes on an
 * outside click, Escape or the close button, locks page scroll while open, and moves
 * focus in and back to the menu button (Radix Dialog does the last three). Its rows come
 * with the page; each menu's categories as soon as the whole menus are loaded, which
 * opening the drawer starts (menu-data.ts).
 */
import * as Dialog from "@radix-ui/react-dialog";
import { ChevronRight, X } from "lucide-react";
import { type RefObject, useEffect } from "react";
import { Link } from "react-router";
import { accountLinks, collabLinks, type SessionEntry } from "../layout/account-links.ts";
import type { NavCategory, ShellNavigation } from "./build-navigation.ts";
import { useMenus } from "./menu-data.ts";

export function NavDrawer(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  navigation: ShellNavigation;
  /** The menu button, which gets the focus back when the drawer closes. */
  returnFocusTo: RefObject<HTMLElement | null>;
  session: SessionEntry;
}) {
  const { session, navigation } = props;
  const [whole, reach] = useMenus(navigation);
  useEffect(reach, [reach]);
  const close = () => props.onOpenChange(false);
  const row = "flex items-center justify-between rounded-lg px-3 py-2.5 text-sm font-medium hover:bg-stone-100";
  return (
    <Dialog.Root open={props.open} onOpenChange={props.onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="animate-fade-in fixed inset-0 z-50 bg-black/40" data-testid="drawer-overlay" />
        <Dialog.Content
          className="animate-drawer-in fixed inset-y-0 left-0 z-50 flex w-drawer max-w-[85vw] flex-col bg-white shadow-2xl outline-none"
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            props.returnFocusTo.current?.focus();
          }}
          data-testid="nav-drawer"
        >
          <div className="flex h-topbar items-center justify-between border-line border-b px-4">
            <Dialog.Title className="font-semibold text-lg">Menu</Dialog.Title>
            <Dialog.Close
              className="inline-flex size-10 items-center justify-center rounded-full hover:bg-stone-100"
              aria-label="Close menu"
            >
              <X aria-hidden className="size-5" />
            </Dialog.Close>
          </div>
          <nav aria-label="Menu" className="flex-1 overflow-y-auto p-2">
            <ul>
              {navigation.menus.map((menu) => (
                <li key={menu.key}>
                  {menu.kind === "home" ? (
                    <Link to={menu.href} onClick={close} className={row}>
                      {menu.label}
                    </Link>
                  ) : (
                    <details className="group">
                      <summary className={`${row} cursor-pointer list-none`}>
                        {menu.label}
                        <ChevronRight aria-hidden className="size-4 transition-transform group-open:rotate-90" />
                      </summary>
                      <div className="pb-2 pl-3">
                        {whole
                          ?.find((entry) => entry.key === menu.key)
                          ?.categories.map((category) => (
                            <DrawerCategory
                              key={category.id}
                              category={category}
                              showName={menu.kind === "gender"}
                              onNavigate={close}
                            />
                          ))}
                      </div>
                    </details>
                  )}
                </li>
              ))}
            </ul>
            <hr className="my-2 border-line" />
            <ul>
              {collabLinks.map((link) => (
                <li key={link.href}>
                  <Link to={link.href} onClick={close} className={row}>
                    {link.label}
                  </Link>
                </li>
              ))}
              {navigation.customizeHref && (
                <li>
                  <Link to={navigation.customizeHref} onClick={close} className={`${row} text-brand`}>
                    Customize
                  </Link>
                </li>
              )}
            </ul>
            <hr className="my-2 border-line" />
            <ul>
              {accountLinks.map((link) => (
                <li key={link.href}>
                  <Link to={link.href} onClick={close} className={row}>
                    {link.label}
                  </Link>
                </li>
              ))}
              {session && (
                <li>
                  {session.label === "Login" ? (
                    <Link to={session.href} onClick={close} className={row}>
                      {session.label}
                    </Link>
                  ) : (
                    <button
                      type="button"
                      className={`${row} w-full`}
                      onClick={() => {
                        close();
                        session.onSelect();
                      }}
                    >
                      {session.label}
                    </button>
                  )}
                </li>
              )}
            </ul>
          </nav>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function DrawerCategory({
  category,
  showName,
  onNavigate,
}: {
  category: NavCategory;
  showName: boolean;
  onNavigate: () => void;
}) {
  return (
    <div className="py-1">
      <Link to={category.href} onClick={onNavigate} className="block px-3 py-1.5 font-semibold text-sm hover:underline">
        {showName ? category.name : `All ${category.name}`}
      </Link>
      {category.subCategories.map((sub) => (
        <details key={sub.id} className="group/sub">
          <summary className="flex cursor-pointer list-none items-center justify-between rounded-md px-3 py-1.5 text-sm hover:bg-stone-50">
            {sub.name}
            <ChevronRight aria-hidden className="size-3.5 transition-transform group-open/sub:rotate-90" />
          </summary>
          <div className="pb-1 pl-4">
            {sub.groups.map((group) => (
              <div key={group.label ?? "all"} data-group={group.label ?? "all"}>
                {group.label && (
                  <p className="px-2 pt-1 font-semibold text-[0.7rem] text-brand uppercase tracking-widest">
                    {group.label}
                  </p>
                )}
                <ul>
                  {group.items.map((item) => (
                    <li key={item.id}>
                      <Link
                        to={item.href}
                        onClick={onNavigate}
                        className="block rounded px-2 py-1 text-muted text-sm hover:text-ink"
                      >
                        {item.name}
                      </Link>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </div>
        </details>
      ))}
    </div>
  );
}
