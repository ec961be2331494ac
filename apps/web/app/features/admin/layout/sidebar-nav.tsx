/**
 * The menu's groups (spec section 2): Radix Collapsible disclosures, the current link
 * marked with aria-current. Collapsed to icons, each group is one icon button that opens
 * the menu on that group.
 */
import type { Permission } from "@atelier/contract/constants";
import * as Collapsible from "@radix-ui/react-collapsible";
import { ChevronDown } from "lucide-react";
import { Link, useLocation } from "react-router";
import type { MenuGroup } from "./menu.ts";
import { MenuBadge, type MenuBadgeCounts } from "./menu-badges.tsx";
import { isCurrentLink } from "./menu-match.ts";
import { RailTooltip } from "./rail-tooltip.tsx";

const railItem =
  "flex h-8 w-full items-center gap-2.5 rounded-md text-sm text-stone-700 hover:bg-stone-100 hover:text-ink";

/** A sidebar row: label beside the icon when open, the icon alone and centred when collapsed. */
export function itemClass(open: boolean, extra = ""): string {
  return `${railItem} ${open ? "px-2" : "justify-center"} ${extra}`;
}

export function SidebarNav(props: {
  groups: readonly MenuGroup[];
  expanded: boolean;
  openGroups: ReadonlySet<Permission>;
  onToggleGroup: (group: Permission, open: boolean) => void;
  onOpenFromRail: (group: Permission) => void;
  badges: MenuBadgeCounts;
}) {
  const { pathname } = useLocation();
  if (props.groups.length === 0) {
    return props.expanded ? (
      <p className="px-2 text-muted text-xs">Your roles do not open any admin area yet. Ask an Owner for access.</p>
    ) : null;
  }
  return (
    <ul className="space-y-0.5">
      {props.groups.map((group) => {
        const Icon = group.icon;
        const current = group.links.some((link) => isCurrentLink(link, pathname));
        if (!props.expanded) {
          return (
            <li key={group.id}>
              <RailTooltip label={group.label} enabled>
                <button
                  type="button"
                  className={itemClass(false, current ? "bg-stone-100 text-ink" : "")}
                  aria-label={group.label}
                  onClick={() => props.onOpenFromRail(group.id)}
                >
                  <Icon aria-hidden className="size-4 shrink-0" />
                </button>
              </RailTooltip>
            </li>
          );
        }
        const open = props.openGroups.has(group.id);
        return (
          <Collapsible.Root
            asChild
            key={group.id}
            open={open}
            onOpenChange={(next) => props.onToggleGroup(group.id, next)}
          >
            <li data-group={group.id}>
              <Collapsible.Trigger className={itemClass(true, "font-medium")}>
                <Icon aria-hidden className={`size-4 shrink-0 ${current ? "text-brand" : "text-stone-500"}`} />
                <span className="truncate">{group.label}</span>
                <ChevronDown
                  aria-hidden
                  className={`ml-auto size-3.5 shrink-0 text-stone-500 transition-transform ${open ? "" : "-rotate-90"}`}
                />
              </Collapsible.Trigger>
              <Collapsible.Content asChild>
                <ul className="mt-0.5 mb-1.5 space-y-0.5">
                  {group.links.map((link) => {
                    const active = isCurrentLink(link, pathname);
                    return (
                      <li key={link.href}>
                        <Link
                          to={link.href}
                          aria-current={active ? "page" : undefined}
                          className="relative flex h-8 items-center gap-2 rounded-md pr-2 pl-8.5 text-[0.8125rem] text-stone-600 hover:bg-stone-100 hover:text-ink aria-[current=page]:bg-stone-100 aria-[current=page]:font-medium aria-[current=page]:text-ink aria-[current=page]:before:absolute aria-[current=page]:before:inset-y-1.5 aria-[current=page]:before:left-4 aria-[current=page]:before:w-0.5 aria-[current=page]:before:rounded-full aria-[current=page]:before:bg-brand"
                        >
                          <span className="truncate">{link.label}</span>
                          {link.badge ? <MenuBadge count={props.badges[link.badge]} /> : null}
                        </Link>
                      </li>
                    );
                  })}
                </ul>
              </Collapsible.Content>
            </li>
          </Collapsible.Root>
        );
      })}
    </ul>
  );
}
