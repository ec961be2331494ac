/**
 * The customer layout: top bar, desktop bar, drawer, mobile search, page, footer, and
 * the toasts. A signed-out visitor gets their guest identity here, in the browser only.
 */
import { collabEndpoints } from "@atelier/contract";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { Outlet, type ShouldRevalidateFunction, useLocation } from "react-router";
import { lazyRegion } from "../components/lazy-region.tsx";
import { LazyToaster } from "../components/lazy-toaster.tsx";
import { ReferralCapture } from "../features/collabs/referral-capture.tsx";
import { useAuth } from "../features/identity/auth-store.ts";
import { loginHref } from "../features/identity/redirect.ts";
import { type SessionEntry, sessionEntry } from "../features/layout/account-links.ts";
import { TopBar } from "../features/layout/top-bar.tsx";
import { DesktopBar } from "../features/navigation/desktop-bar.tsx";
import { loadMenus } from "../features/navigation/menu-data.ts";
import { SearchForm } from "../features/search/search-form.tsx";
import { suggestionSources } from "../features/search/use-suggestions.ts";
import { sharedApiFrom } from "../lib/api.ts";
import { useRootData } from "../root.tsx";
import type { Route } from "./+types/storefront-layout";

// The footer's code loads while the page hydrates, not with it (components/lazy-region.tsx):
// nothing in it needs a script before then (its links are links). About 1 KB gzipped off
// every storefront page.
const Footer = lazyRegion(() => import("../features/layout/footer.tsx").then((m) => m.Footer));

// The pop-ups' host draws nothing until the page has painted and the browser is idle: its code
// loads while the page hydrates, not with it.
const PopupHost = lazyRegion(() => import("../features/popups/popup-host.tsx").then((m) => m.PopupHost));

// The drawer's code (Radix Dialog) loads on the first open, not with every page.
const NavDrawer = lazy(() => import("../features/navigation/nav-drawer.tsx").then((m) => ({ default: m.NavDrawer })));

/**
 * The desktop bar's collab row: the live collaborators (up to six), rendered on the
 * server into the page, which is the same for every shopper (the page cache drops it
 * when collaborators change: surrogate key `collabs`; the host keeps the list in memory
 * until then). A failure leaves the row short.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const cards = await sharedApiFrom(context)
    .get(collabEndpoints.list)
    .catch((error: unknown) => {
      console.error("Live collabs failed to load", error);
      return [];
    });
  return { liveCollabs: cards.slice(0, 6).map(({ kind, name, slug }) => ({ kind, name, slug })) };
}

// Like the root's data: kept across client navigations, reloaded after a form action.
export const shouldRevalidate: ShouldRevalidateFunction = ({
  formMethod,
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}) =>
  (formMethod !== undefined && formMethod !== "GET") || currentUrl.href === nextUrl.href
    ? defaultShouldRevalidate
    : false;

export default function StorefrontLayout({ loaderData }: Route.ComponentProps) {
  const { settings, navigation } = useRootData();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [drawerLoaded, setDrawerLoaded] = useState(false);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const [searchOpen, setSearchOpen] = useState(false);
  const searchButtonRef = useRef<HTMLButtonElement>(null);
  const location = useLocation();
  // The mobile search closes when the shopper goes to a result or a product.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the location changes
  useEffect(() => setSearchOpen(false), [location.key]);
  const closeSearch = () => {
    setSearchOpen(false);
    searchButtonRef.current?.focus();
  };
  const session = useSessionEntry();

  return (
    <>
      <a
        href="#main"
        className="sr-only z-50 rounded bg-ink px-4 py-2 text-white focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      {/* The header, the category bar and the footer are <Suspense> boundaries: React hydrates
          each on its own after the page's first pass, and first the one a visitor presses
          (selective hydration, ADR 0020). */}
      <Suspense>
        <TopBar
          storeName={settings.name}
          menuButtonRef={menuButtonRef}
          onOpenMenu={() => {
            // The menus' data loads beside the drawer's code, not after it.
            loadMenus(navigation).catch(() => undefined);
            setDrawerLoaded(true);
            setDrawerOpen(true);
          }}
          searchOpen={searchOpen}
          searchButtonRef={searchButtonRef}
          onToggleSearch={() => setSearchOpen((open) => !open)}
          session={session}
        />
      </Suspense>
      <div className="h-topbar" />
      {searchOpen && (
        <div
          id="mobile-search"
          className="border-line border-b bg-white px-4 py-3 md:hidden"
          data-testid="mobile-search"
        >
          <SearchForm endpoint={suggestionSources.mobile} autoFocus onEscape={closeSearch} />
        </div>
      )}
      <Suspense>
        <DesktopBar navigation={navigation} liveCollabs={loaderData.liveCollabs} />
      </Suspense>
      <ReferralCapture />
      {drawerLoaded && (
        <Suspense fallback={null}>
          <NavDrawer
            open={drawerOpen}
            onOpenChange={setDrawerOpen}
            navigation={navigation}
            returnFocusTo={menuButtonRef}
            session={session}
          />
        </Suspense>
      )}
      <main id="main" tabIndex={-1} className="outline-none">
        <Outlet />
      </main>
      <Footer settings={settings} />
      {/* Below 600px sonner spans a toast across the screen, 16px from the top: over the fixed top
          bar, whose cart link ("View cart" sat on it) and menu stayed covered while the toast was
          hovered or read. There it starts under the bar; wider, it is a narrow card in the middle. */}
      <LazyToaster position="top-center" closeButton mobileOffset={{ top: "calc(var(--spacing-topbar) + 0.5rem)" }} />
      {/* Pop-ups (issue 13.5): nothing until the page has painted; the host's and the modal's code load on demand. */}
      <PopupHost navigation={navigation} />
    </>
  );
}

// The sign-out code (with the rest of the sign-in client) loads when a shopper logs out.
const onLogout = () => void import("../features/identity/auth-client.ts").then((module) => module.logOut());

/** Login or Logout for both menus; a signed-out visitor also gets their guest identity. */
function useSessionEntry(): SessionEntry {
  const { status } = useAuth();
  const location = useLocation();
  useEffect(() => {
    // After hydration, so the guest code loads on its own rather than with the page.
    if (status === "signed-out")
      void import("../features/identity/guest.ts").then((guest) => guest.ensureBrowserGuest());
  }, [status]);
  return sessionEntry(status, { loginHref: loginHref(location), onLogout });
}
