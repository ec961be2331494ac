/**
 * The admin side menu (spec section 2, Admin side menu): every group with its links, in
 * the spec's order. Each group is one admin area and needs that area's permission, so a
 * staff member only sees the groups their roles grant. Labels in parentheses in the spec
 * are used verbatim.
 */
import type { Permission } from "@atelier/contract/constants";
import {
  ChartColumn,
  CreditCard,
  FolderTree,
  Layers,
  LayoutDashboard,
  type LucideIcon,
  Megaphone,
  Package,
  Palette,
  Settings,
  Shapes,
  ShieldCheck,
  ShoppingCart,
  TicketPercent,
  Users,
  Warehouse,
} from "lucide-react";
import { adminPaths } from "../../../lib/admin-paths.ts";
import { paths } from "../../../lib/paths.ts";

/** The two counters the spec puts on Orders links (filled in by the orders issue). */
export type MenuBadgeKey = "uncheckedOrders" | "uncheckedCustomizationRequests";

export interface MenuLink {
  label: string;
  href: string;
  badge?: MenuBadgeKey;
}

export interface MenuGroup {
  id: Permission;
  label: string;
  icon: LucideIcon;
  links: readonly MenuLink[];
}

export const menuGroups: readonly MenuGroup[] = [
  {
    id: "dashboard",
    label: "Dashboard",
    icon: LayoutDashboard,
    links: [
      { label: "Statistics / Views", href: adminPaths.showViews() },
      { label: "Sync Sales Count", href: adminPaths.syncSalesCount() },
    ],
  },
  {
    id: "inventory",
    label: "Inventory",
    icon: Warehouse,
    links: [
      { label: "Stock Status", href: adminPaths.stockStatus() },
      { label: "Low Stock", href: adminPaths.lowStock() },
      { label: "Warehouse", href: adminPaths.warehouse() },
    ],
  },
  {
    id: "coupons",
    label: "Coupons",
    icon: TicketPercent,
    links: [
      { label: "Create Coupon", href: adminPaths.createCoupon() },
      { label: "Manage Coupons", href: adminPaths.manageCoupons() },
      { label: "Usage Logs", href: adminPaths.couponUsageLogs() },
    ],
  },
  {
    id: "reports",
    label: "Reports",
    icon: ChartColumn,
    links: [
      { label: "Sales", href: adminPaths.salesReport() },
      { label: "Inventory", href: adminPaths.inventoryReport() },
      { label: "Customers", href: adminPaths.customersReport() },
      { label: "Tax", href: adminPaths.taxReport() },
    ],
  },
  {
    id: "payments",
    label: "Payments",
    icon: CreditCard,
    links: [
      { label: "Transactions", href: adminPaths.transactions() },
      { label: "Refunds", href: adminPaths.refunds() },
      { label: "Payouts", href: adminPaths.payouts() },
    ],
  },
  {
    id: "roles",
    label: "Role Management",
    icon: ShieldCheck,
    links: [
      { label: "Roles", href: adminPaths.roles() },
      // Not in the spec's table (issue 20): staff actions, readable with Role Management.
      { label: "Activity Log", href: adminPaths.activityLog() },
      // Issue 38: tokens for integrations, within the permissions of the person who makes them.
      { label: "API Tokens", href: adminPaths.apiTokens() },
      // Issue 38 item 1: where the shop sends its events; only people can change them, not tokens.
      { label: "Webhooks", href: adminPaths.webhooks() },
    ],
  },
  {
    id: "users",
    label: "User Management",
    icon: Users,
    links: [
      { label: "Show Users", href: adminPaths.users() },
      { label: "User Details", href: adminPaths.userDetails() },
      { label: "User Insights", href: adminPaths.userInsights() },
    ],
  },
  {
    id: "products",
    label: "Products",
    icon: Package,
    links: [
      { label: "Add Product", href: adminPaths.addProduct() },
      { label: "Unpublished Products", href: adminPaths.unpublishedProducts() },
      { label: "All Products", href: adminPaths.allProducts() },
    ],
  },
  {
    id: "series",
    label: "Series",
    icon: Layers,
    links: [
      { label: "Add Series", href: adminPaths.addSeries() },
      { label: "All Series", href: adminPaths.allSeries() },
    ],
  },
  {
    id: "categories",
    label: "Categories",
    icon: FolderTree,
    links: [
      { label: "Add Category", href: adminPaths.addCategory() },
      { label: "All Categories", href: adminPaths.allCategories() },
    ],
  },
  {
    id: "productTypes",
    label: "Product Types",
    icon: Shapes,
    links: [
      { label: "Add Product Type", href: adminPaths.addProductType() },
      { label: "All Product Types", href: adminPaths.productTypes() },
    ],
  },
  {
    id: "orders",
    label: "Orders",
    icon: ShoppingCart,
    links: [
      { label: "Show Orders", href: adminPaths.orders(), badge: "uncheckedOrders" },
      {
        label: "Customization Requests",
        href: adminPaths.customizationRequests(),
        badge: "uncheckedCustomizationRequests",
      },
      { label: "cancel/return requests", href: adminPaths.cancelReturnRequests() },
      { label: "view carts", href: paths.cart() },
    ],
  },
  {
    id: "promotions",
    label: "Promotions",
    icon: Megaphone,
    links: [
      { label: "Add New Arrivals", href: adminPaths.addNewArrivals() },
      { label: "Add New Pop-up", href: adminPaths.addPopUp() },
      { label: "Update Pop-up", href: adminPaths.updatePopUp() },
      { label: "Update Discount", href: adminPaths.updateDiscount() },
      { label: "Collabs", href: adminPaths.collabs() },
      { label: "Drops", href: adminPaths.drops() },
    ],
  },
  {
    id: "attributes",
    label: "Attributes",
    icon: Palette,
    links: [
      { label: "Add Color", href: adminPaths.addColor() },
      { label: "Add Size", href: adminPaths.addSize() },
      { label: "Add Fabric", href: adminPaths.addFabric() },
    ],
  },
  {
    id: "settings",
    label: "Settings",
    icon: Settings,
    links: [
      { label: "Rearrange Navbar", href: adminPaths.rearrangeNavbar() },
      { label: "Delivery Zones", href: adminPaths.deliveryZones() },
      { label: "Tax Rates", href: adminPaths.taxRates() },
      { label: "Payments", href: adminPaths.paymentSettings() },
    ],
  },
];

/** Spec section 2: these groups start expanded; the others start collapsed. */
export const initiallyOpenGroups: readonly Permission[] = ["dashboard", "orders", "products"];

/** The admin home (spec section 2: /admin), above the groups; every staff member may open it. */
export const homeLink: MenuLink = { label: "Dashboard home", href: adminPaths.home() };
