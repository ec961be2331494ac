/**
 * The desktop bar (900 px and wider): search box, wishlist and cart, the navigation row
 * (Home, gender menus, other categories) with mega menus, and the collab row.
 */
import { NavLink } from "react-router";
import { BagLinks } from "../cart/bag-links.tsx";
import { type LiveCollab, LiveCollabLinks } from "../collabs/live-collab-links.tsx";
import { collabLinks } from "../layout/account-links.ts";
import { SearchForm } from "../search/search-form.tsx";
import { suggestionSources } from "../search/use-suggestions.ts";
import type { ShellNavigation } from "./build-navigation.ts";
import { CategoryMenus } from "./category-menus.tsx";

const iconLink = "inline-flex size-10 items-center justify-center rounded-full hover:bg-stone-100";

export function DesktopBar({
  navigation,
  liveCollabs,
}: {
  navigation: ShellNavigation;
  liveCollabs: readonly LiveCollab[];
}) {
  const { customizeHref } = navigation;
  return (
    <div className="hidden border-line border-b bg-white md:block" data-testid="desktop-bar">
      <div className="mx-auto flex max-w-screen-xl items-center gap-4 px-4 py-3">
        <SearchForm endpoint={suggestionSources.header} className="mx-auto max-w-xl" testId="header-search" />
        <nav aria-label="Wishlist and cart" className="flex items-center gap-1">
          <BagLinks linkClassName={iconLink} />
        </nav>
      </div>
      <CategoryMenus navigation={navigation} />
      <nav aria-label="Collabs" className="mx-auto flex max-w-screen-xl items-center gap-5 px-4 pt-1 pb-2 text-sm">
        {collabLinks.map((link) => (
          <NavLink key={link.href} to={link.href} className="text-muted hover:text-ink">
            {link.label}
          </NavLink>
        ))}
        <LiveCollabLinks collabs={liveCollabs} />
        {customizeHref && (
          <NavLink to={customizeHref} className="font-medium text-brand hover:text-brand-dark">
            Customize
          </NavLink>
        )}
      </nav>
    </div>
  );
}
