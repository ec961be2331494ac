import { permissions } from "@atelier/contract/constants";
import { describe, expect, it } from "vitest";
import { adminTitle } from "../../../lib/admin-paths.ts";
import { isCurrentLink, menuGroups, visibleGroups } from "./menu.ts";
import { badgeText } from "./menu-badges.tsx";

describe("the admin side menu", () => {
  it("has one group per permission, in the spec's order", () => {
    expect(menuGroups.map((group) => group.label)).toEqual([
      "Dashboard",
      "Inventory",
      "Coupons",
      "Reports",
      "Payments",
      "Role Management",
      "User Management",
      "Products",
      "Series",
      "Categories",
      "Product Types",
      "Orders",
      "Promotions",
      "Attributes",
      "Settings",
    ]);
    expect([...menuGroups.map((group) => group.id)].sort()).toEqual([...permissions].sort());
  });

  it("shows only the groups a staff member's permissions grant", () => {
    expect(visibleGroups(["products"]).map((group) => group.label)).toEqual(["Products"]);
    expect(visibleGroups([])).toEqual([]);
  });

  it("matches the current link without its query and regardless of case", () => {
    const details = { label: "User Details", href: "/admin/show/user-details" };
    expect(isCurrentLink(details, "/admin/show/user-details")).toBe(true);
    expect(isCurrentLink({ label: "Roles", href: "/admin/Manage/roles" }, "/admin/manage/roles")).toBe(true);
    expect(isCurrentLink(details, "/admin/show/show-users")).toBe(false);
  });

  it("caps badges at 99 and hides empty ones", () => {
    expect(badgeText(undefined)).toBeNull();
    expect(badgeText(0)).toBeNull();
    expect(badgeText(7)).toBe("7");
    expect(badgeText(250)).toBe("99");
  });
});

describe("admin titles", () => {
  it("gives paths under /admin/add 'Admin - Add' and other admin paths 'Admin Dashboard'", () => {
    expect(adminTitle("/admin/add/add-product")).toBe("Admin - Add");
    expect(adminTitle("/admin/add")).toBe("Admin - Add");
    expect(adminTitle("/admin")).toBe("Admin Dashboard");
    expect(adminTitle("/admin/additional")).toBe("Admin Dashboard");
    expect(adminTitle("/admin/Manage/roles")).toBe("Admin Dashboard");
  });
});
