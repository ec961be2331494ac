/**
 * Staff permissions, one per admin area (the admin side menu's groups, spec section 2), plus
 * the action permissions below, which guard an action wherever it appears rather than an area.
 * Zod-free: the web app hides menu links with it and the server checks routes with it.
 * Roles are named sets of these keys, stored in the database.
 */
export const permissions = [
  "dashboard",
  "orders",
  "products",
  "series",
  "categories",
  "productTypes",
  "attributes",
  "promotions",
  "coupons",
  "inventory",
  "reports",
  "payments",
  "refunds",
  "users",
  "roles",
  "settings",
] as const;

export type Permission = (typeof permissions)[number];

export const permissionLabels: Record<Permission, string> = {
  dashboard: "Dashboard",
  orders: "Orders",
  products: "Products",
  series: "Series",
  categories: "Categories",
  productTypes: "Product Types",
  attributes: "Attributes",
  promotions: "Promotions",
  coupons: "Coupons",
  inventory: "Inventory",
  reports: "Reports",
  payments: "Payments",
  refunds: "Refunds",
  users: "User Management",
  roles: "Role Management",
  settings: "Settings",
};

/**
 * Permissions for an action, not an area (no side-menu group of their own): `refunds` lets a
 * role send money back — from an order's page or the Refunds page (issue 15) — so a shop can
 * let support staff see orders, or a bookkeeper see payments, without moving money.
 */
export const actionPermissions: readonly Permission[] = ["refunds"];

export const permissionHints: Partial<Record<Permission, string>> = {
  refunds: "Issue refunds from an order or the Refunds page, and record cash handed back",
};

export function isPermission(value: string): value is Permission {
  return (permissions as readonly string[]).includes(value);
}

/**
 * Who may call an endpoint. Declared on the endpoint in the contract and enforced by the
 * server's one access hook (apps/server/src/http/access.ts), never inside handlers.
 * - "public": anyone;
 * - "signed-in": any verified session (else 401);
 * - "staff": any staff role (401 anonymous, 403 customer);
 * - { permission }: a staff role granting that area (401 anonymous, 403 otherwise);
 *   `sessionsOnly`: a person signed in, never an admin API token (managing the tokens themselves).
 * An admin API token (`Authorization: Bearer atl_…`, ADR 0024) counts only under /api/admin:
 * it passes "staff" and the permissions it was given, and reaches nothing of a customer's.
 */
export type Access = "public" | "signed-in" | "staff" | { permission: Permission; sessionsOnly?: true };

/** The roles a new database starts with (the Owner role always holds every permission). */
export const seedRoles: readonly { name: string; description: string; permissions: readonly Permission[] }[] = [
  { name: "Owner", description: "Runs the shop: every area, including roles and payments.", permissions },
  {
    name: "Manager",
    description: "Day-to-day running: catalogue, orders, promotions, reports and customers.",
    permissions: permissions.filter((permission) => permission !== "roles" && permission !== "payments"),
  },
  {
    name: "Support",
    description: "Helps customers: orders, requests and customer accounts.",
    permissions: ["dashboard", "orders", "refunds", "users"],
  },
  {
    name: "Inventory",
    description: "Keeps the catalogue and the stock right.",
    permissions: ["dashboard", "inventory", "products", "series", "categories", "productTypes", "attributes"],
  },
];

export const OWNER_ROLE = "Owner";
