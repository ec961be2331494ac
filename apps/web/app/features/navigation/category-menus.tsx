/**
 * The desktop navigation row (Home, gender menus, other categories) with its mega menus,
 * as disclosure buttons (WAI-ARIA disclosure navigation pattern): each menu is a button
 * with `aria-expanded` whose panel follows it in the DOM, so Tab walks from a trigger
 * into its links. It replaces Radix NavigationMenu, which put about 25 KB (gzip) of
 * script on every storefront page for what a click, Escape, an outside click, hover and
 * a route change do here.
 *
 * The row comes with the page (the root's `ShellNavigation`); a menu's panel is drawn from
 * the whole menus, loaded when the shopper first points at, focuses or presses the row
 * (menu-data.ts). A menu opened before they arrive shows its panel when they do.
 */
import { type KeyboardEvent, lazy, Suspense, useEffect, useRef, useState } from "react";
import { NavLink, useLocation } from "react-router";
import { SpriteIcon } from "../../components/sprite-icon.tsx";
import type { ShellNavigation } from "./build-navigation.ts";
import { loadMegaMenu, useMenus } from "./menu-data.ts";

// The panel's code comes with the menus' data (menu-data.ts), when a shopper reaches for the row.
const MegaMenu = lazy(() => loadMegaMenu().then((module) => ({ default: module.MegaMenu })));

const HOVER_OPEN_MS = 150;
const HOVER_CLOSE_MS = 300;
/** A click this soon after hover opened the menu keeps it open (the pointer was on its way to click). */
const CLICK_AFTER_HOVER_MS = 600;

const navItemClass =
  "rounded-full px-3 py-2 font-medium text-sm text-ink hover:bg-stone-100 data-[state=open]:bg-stone-100";

export function CategoryMenus({ navigation }: { navigation: ShellNavigation }) {
  const [openMenu, setOpenMenu] = useState("");
  const [whole, reachMenus] = useMenus(navigation);
  const reach = () => {
    loadMegaMenu().catch(() => undefined);
    reachMenus();
  };
  const opened = openMenu ? whole?.find((menu) => menu.key === openMenu) : undefined;
  const navRef = useRef<HTMLElement>(null);
  const timer = useRef<number | undefined>(undefined);
  const hoverOpenedAt = useRef(0);
  const location = useLocation();
  const [seenLocation, setSeenLocation] = useState(location.key);
  if (seenLocation !== location.key) {
    // A click on a link inside a mega menu navigated: close the menu.
    setSeenLocation(location.key);
    setOpenMenu("");
  }

  const later = (action: () => void, ms: number) => {
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(action, ms);
  };
  useEffect(() => () => window.clearTimeout(timer.current), []);

  // A press outside the row and its open panel closes the menu.
  useEffect(() => {
    if (!openMenu) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!navRef.current?.contains(event.target as Node)) setOpenMenu("");
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [openMenu]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== "Escape" || !openMenu) return;
    event.preventDefault();
    navRef.current?.querySelector<HTMLButtonElement>(`[data-menu="${openMenu}"]`)?.focus();
    setOpenMenu("");
  };

  return (
    <nav
      ref={navRef}
      aria-label="Categories"
      className="relative mx-auto max-w-screen-xl px-4"
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        // Focus moved out of the row and its panel (Tab past the last link).
        if (event.relatedTarget && !event.currentTarget.contains(event.relatedTarget as Node)) setOpenMenu("");
      }}
      onPointerLeave={(event) => {
        if (event.pointerType === "mouse") later(() => setOpenMenu(""), HOVER_CLOSE_MS);
      }}
      onPointerEnter={() => {
        window.clearTimeout(timer.current);
        reach();
      }}
      onFocus={reach}
    >
      <div>
        <ul className="flex flex-wrap items-center gap-1">
          {navigation.menus.map((menu) =>
            menu.kind === "home" ? (
              <li key={menu.key}>
                <NavLink to={menu.href} end className={`${navItemClass} aria-[current=page]:text-brand`}>
                  {menu.label}
                </NavLink>
              </li>
            ) : (
              <li key={menu.key}>
                <button
                  type="button"
                  data-menu={menu.key}
                  data-state={openMenu === menu.key ? "open" : "closed"}
                  aria-expanded={openMenu === menu.key}
                  aria-controls={`menu-panel-${menu.key}`}
                  className={`${navItemClass} group flex items-center gap-1`}
                  onClick={() => {
                    reach();
                    const justHovered = Date.now() - hoverOpenedAt.current < CLICK_AFTER_HOVER_MS;
                    window.clearTimeout(timer.current);
                    setOpenMenu((open) => (open === menu.key && !justHovered ? "" : menu.key));
                  }}
                  onPointerEnter={(event) => {
                    if (event.pointerType !== "mouse" || openMenu === menu.key) return;
                    later(() => {
                      hoverOpenedAt.current = Date.now();
                      setOpenMenu(menu.key);
                    }, HOVER_OPEN_MS);
                  }}
                >
                  {menu.label}
                  <SpriteIcon
                    name="chevron-down"
                    className="size-3.5 transition-transform group-data-[state=open]:rotate-180"
                  />
                </button>
                {opened?.key === menu.key && (
                  <Suspense fallback={null}>
                    <MegaMenu menu={opened} />
                  </Suspense>
                )}
              </li>
            ),
          )}
        </ul>
      </div>
    </nav>
  );
}
