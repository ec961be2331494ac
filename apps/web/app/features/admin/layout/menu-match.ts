/**
 * Questions asked of the menu: which groups a viewer's permissions grant, which link is the
 * page shown (highlighted, its group opened), and which permission a page needs.
 */
import type { Permission } from "@atelier/contract/constants";
import { type MenuGroup, type MenuLink, menuGroups } from "./menu.ts";

export function visibleGroups(granted: readonly Permission[]): MenuGroup[] {
  return menuGroups.filter((group) => granted.includes(group.id));
}

/** A path without its query or trailing slash, lower-cased: the router matches paths regardless of case. */
function comparable(href: string): string {
  const path = href.split("?")[0] ?? href;
  return path.replace(/\/+$/, "").toLowerCase() || "/";
}

/** Whether the link is the page shown. */
export function isCurrentLink(link: MenuLink, pathname: string): boolean {
  return comparable(pathname) === comparable(link.href);
}

/** The group whose link is the page shown, if any. */
export function groupOf(pathname: string): MenuGroup | undefined {
  return menuGroups.find((group) => group.links.some((link) => isCurrentLink(link, pathname)));
}

/** Pages outside the menu that belong to an area, by path prefix (lower case). */
const areaPages: readonly { prefix: string; permission: Permission }[] = [
  { prefix: "/admin/edit/edit-product/", permission: "products" },
  // One order, its invoice and packing slip (issue 7).
  { prefix: "/admin/show/show-orders/", permission: "orders" },
  { prefix: "/admin/orders/", permission: "orders" },
  // A collaborator's printable statement (issue 16).
  { prefix: "/admin/promotions/collabs/", permission: "promotions" },
  // A variant's stock history and the stock count (issue 14).
  { prefix: "/admin/inventory/", permission: "inventory" },
];

/**
 * The permission an admin page needs: that of the menu group linking to it (each group is
 * one admin area), or of the area a page outside the menu belongs to (the product editor).
 * Other pages, such as the admin home, need none beyond staff.
 */
export function requiredPermission(pathname: string): Permission | undefined {
  const path = comparable(pathname);
  return groupOf(pathname)?.id ?? areaPages.find((page) => path.startsWith(page.prefix))?.permission;
}
