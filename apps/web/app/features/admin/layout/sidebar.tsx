/**
 * The admin sidebar: the store's mark, the collapse toggle, the admin home, the groups the
 * viewer's permissions grant, and the way back to the shop with the signed-in user.
 * Spec section 9: 16rem wide open, 2.5rem collapsed to icons; the content's margin follows.
 */
import { House, PanelLeftClose, PanelLeftOpen, Search } from "lucide-react";
import { Link, useLocation } from "react-router";
import { adminPaths } from "../../../lib/admin-paths.ts";
import { useViewer } from "../access/viewer.tsx";
import { Skeleton } from "../ui/states.tsx";
import { homeLink } from "./menu.ts";
import { useMenuBadgeCounts } from "./menu-badges.tsx";
import { isCurrentLink, visibleGroups } from "./menu-match.ts";
import { RailTooltip } from "./rail-tooltip.tsx";
import { SidebarFooter } from "./sidebar-footer.tsx";
import { itemClass, SidebarNav } from "./sidebar-nav.tsx";
import { useOpenGroups } from "./use-open-groups.ts";

export const sidebarWidth = { open: "16rem", closed: "2.5rem" } as const;

export function Sidebar({
  open,
  onOpenChange,
  onOpenPalette,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Opens the ⌘K palette (the shortcut opens it too). */
  onOpenPalette: () => void;
}) {
  const viewer = useViewer();
  const { pathname } = useLocation();
  const { openGroups, setGroup } = useOpenGroups();
  const badges = useMenuBadgeCounts();
  const Toggle = open ? PanelLeftClose : PanelLeftOpen;

  return (
    <aside
      id="admin-sidebar"
      aria-label="Admin sidebar"
      data-state={open ? "open" : "collapsed"}
      style={{ width: open ? sidebarWidth.open : sidebarWidth.closed }}
      className="fixed inset-y-0 left-0 z-30 flex flex-col print:hidden overflow-hidden border-line border-r bg-white motion-safe:transition-[width] motion-safe:duration-200"
    >
      <div className={`flex h-14 shrink-0 items-center border-line border-b ${open ? "gap-2 px-3" : "justify-center"}`}>
        {open ? (
          <Link to={adminPaths.home()} className="flex min-w-0 flex-1 items-baseline gap-2 rounded-md px-1">
            <span className="font-bold text-base tracking-[0.2em] uppercase">Atelier</span>
            <span className="font-medium text-muted text-xs">Admin</span>
          </Link>
        ) : null}
        {open ? (
          <button
            type="button"
            className="inline-flex size-8 shrink-0 items-center justify-center rounded-md text-stone-600 hover:bg-stone-100 hover:text-ink"
            aria-label="Jump to a page, order, product or customer (Ctrl+K or ⌘K)"
            aria-keyshortcuts="Control+K Meta+K"
            onClick={onOpenPalette}
          >
            <Search aria-hidden className="size-4" />
          </button>
        ) : null}
        <RailTooltip label="Expand menu" enabled={!open}>
          <button
            type="button"
            className="inline-flex size-8 shrink-0 items-center justify-center rounded-md text-stone-600 hover:bg-stone-100 hover:text-ink"
            aria-label={open ? "Collapse menu" : "Expand menu"}
            aria-expanded={open}
            aria-controls="admin-menu"
            onClick={() => onOpenChange(!open)}
          >
            <Toggle aria-hidden className="size-4" />
          </button>
        </RailTooltip>
      </div>
      <nav
        id="admin-menu"
        aria-label="Admin"
        className={`min-h-0 flex-1 overflow-y-auto py-3 ${open ? "px-3" : "px-1"}`}
      >
        <RailTooltip label={homeLink.label} enabled={!open}>
          <Link
            to={homeLink.href}
            aria-current={isCurrentLink(homeLink, pathname) ? "page" : undefined}
            aria-label={open ? undefined : homeLink.label}
            className={itemClass(
              open,
              "mb-2 font-medium aria-[current=page]:bg-stone-100 aria-[current=page]:text-ink",
            )}
          >
            <House aria-hidden className="size-4 shrink-0 text-stone-500" />
            {open ? <span>{homeLink.label}</span> : null}
          </Link>
        </RailTooltip>
        {viewer.status === "pending" ? (
          <div role="status" aria-label="Loading the menu" className="space-y-2 px-2">
            {[0, 1, 2, 3, 4].map((row) => (
              <Skeleton key={row} className="h-5" />
            ))}
          </div>
        ) : viewer.status === "error" ? (
          <p className={`px-2 text-red-700 text-xs ${open ? "" : "sr-only"}`} role="alert">
            Could not load your permissions.{" "}
            <button type="button" className="underline" onClick={viewer.retry}>
              Try again
            </button>
          </p>
        ) : (
          <SidebarNav
            groups={visibleGroups(viewer.permissions)}
            expanded={open}
            openGroups={openGroups}
            onToggleGroup={setGroup}
            onOpenFromRail={(group) => {
              setGroup(group, true);
              onOpenChange(true);
            }}
            badges={badges}
          />
        )}
      </nav>
      <SidebarFooter open={open} />
    </aside>
  );
}
