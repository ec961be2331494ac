/**
 * The desktop bar (900 px and wider): search box, wishlist and cart, the navigation row
 * (Home, gender menus, other categories) with mega menus, and the collab row.
 */
import * as NavigationMenu from "@radix-ui/react-navigation-menu";
import { ChevronDown, Heart, ShoppingBag } from "lucide-react";
import { useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { paths } from "../../lib/paths.ts";
import { collabLinks } from "../layout/account-links.ts";
import { SearchForm } from "../search/search-form.tsx";
import type { NavMenu } from "./build-navigation.ts";
import { CategoryImage, SubCategoryColumns } from "./category-panel.tsx";

const iconLink = "inline-flex size-10 items-center justify-center rounded-full hover:bg-stone-100";

export function DesktopBar({ menus, customizeHref }: { menus: NavMenu[]; customizeHref: string | undefined }) {
  const [openMenu, setOpenMenu] = useState("");
  const location = useLocation();
  const [seenLocation, setSeenLocation] = useState(location.key);
  if (seenLocation !== location.key) {
    // A click on a link inside a mega menu navigated: close the menu.
    setSeenLocation(location.key);
    setOpenMenu("");
  }
  return (
    <div className="hidden border-line border-b bg-white md:block" data-testid="desktop-bar">
      <div className="mx-auto flex max-w-screen-xl items-center gap-4 px-4 py-3">
        <SearchForm className="mx-auto max-w-xl" />
        <nav aria-label="Wishlist and cart" className="flex items-center gap-1">
          <Link to={paths.wishlist()} className={iconLink} aria-label="Wishlist">
            <Heart aria-hidden className="size-5" />
          </Link>
          <Link to={paths.cart()} className={iconLink} aria-label="Cart">
            <ShoppingBag aria-hidden className="size-5" />
          </Link>
        </nav>
      </div>
      <NavigationMenu.Root
        value={openMenu}
        onValueChange={setOpenMenu}
        className="relative mx-auto max-w-screen-xl px-4"
        aria-label="Categories"
      >
        <NavigationMenu.List className="flex flex-wrap items-center gap-1">
          {menus.map((menu) =>
            menu.kind === "home" ? (
              <NavigationMenu.Item key={menu.key}>
                <NavigationMenu.Link asChild>
                  <NavLink to={menu.href} end className={`${navItemClass} aria-[current=page]:text-brand`}>
                    {menu.label}
                  </NavLink>
                </NavigationMenu.Link>
              </NavigationMenu.Item>
            ) : (
              <NavigationMenu.Item key={menu.key} value={menu.key}>
                <NavigationMenu.Trigger className={`${navItemClass} group flex items-center gap-1`}>
                  {menu.label}
                  <ChevronDown
                    aria-hidden
                    className="size-3.5 transition-transform group-data-[state=open]:rotate-180"
                  />
                </NavigationMenu.Trigger>
                <NavigationMenu.Content className="w-full" data-testid={`menu-${menu.label}`}>
                  <MegaMenu menu={menu} />
                </NavigationMenu.Content>
              </NavigationMenu.Item>
            ),
          )}
        </NavigationMenu.List>
        <div className="absolute inset-x-0 top-full z-30 flex justify-center">
          <NavigationMenu.Viewport className="mt-px w-full max-w-screen-xl overflow-hidden rounded-b-2xl border border-line border-t-0 bg-white shadow-xl data-[state=closed]:hidden" />
        </div>
      </NavigationMenu.Root>
      <nav aria-label="Collabs" className="mx-auto flex max-w-screen-xl items-center gap-5 px-4 pt-1 pb-2 text-sm">
        {collabLinks.map((link) => (
          <NavLink key={link.href} to={link.href} className="text-muted hover:text-ink">
            {link.label}
          </NavLink>
        ))}
        {customizeHref && (
          <NavLink to={customizeHref} className="font-medium text-brand hover:text-brand-dark">
            Customize
          </NavLink>
        )}
      </nav>
    </div>
  );
}

// A plain string: Radix's Slot (asChild) merges class names as strings, so NavLink's
// function form would be stringified; NavLink's aria-current marks the active item instead.
const navItemClass =
  "rounded-full px-3 py-2 font-medium text-sm text-ink hover:bg-stone-100 data-[state=open]:bg-stone-100";

function MegaMenu({ menu }: { menu: NavMenu }) {
  return (
    <div className="max-h-[70vh] space-y-8 overflow-y-auto p-6">
      {menu.categories.map((category) => (
        <div key={category.id} className="flex gap-8">
          <div className="flex-1">
            <NavigationMenu.Link asChild>
              <Link to={category.href} className="mb-4 inline-block font-semibold text-lg hover:underline">
                {menu.kind === "gender" ? category.name : `All ${category.name}`}
              </Link>
            </NavigationMenu.Link>
            <SubCategoryColumns category={category} />
          </div>
          <CategoryImage category={category} />
        </div>
      ))}
    </div>
  );
}
