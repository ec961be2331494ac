/**
 * Staff-side identity: roles and their permissions, user management and user insights
 * (spec section 2, groups Role Management and User Management). Every endpoint here
 * declares the permission it needs; the server enforces it in one place.
 */
import { z } from "zod";
import { apiPaths } from "./api-paths.ts";
import { IdParam, pageOf } from "./common.ts";
import { defineEndpoint } from "./endpoint.ts";
import { PermissionKey } from "./identity.ts";
import { permissionLabels, permissions } from "./permissions.ts";

export const PermissionInfo = z.object({ key: PermissionKey, label: z.string() }).meta({ id: "PermissionInfo" });
export const permissionInfos = permissions.map((key) => ({ key, label: permissionLabels[key] }));

export const Role = z
  .object({
    id: z.number().int(),
    name: z.string(),
    description: z.string(),
    permissions: z.array(PermissionKey),
    userCount: z.number().int(),
  })
  .meta({ id: "Role" });
export type Role = z.infer<typeof Role>;

export const RoleBody = z.object({
  name: z
    .string()
    .trim()
    .min(2, { error: "must have at least 2 characters" })
    .max(60, { error: "must have at most 60 characters" }),
  description: z.string().trim().max(300, { error: "must have at most 300 characters" }).default(""),
  permissions: z.array(PermissionKey).max(permissions.length),
});
export type RoleBody = z.input<typeof RoleBody>;

export const RoleParams = z.object({ id: IdParam });
export const UserParams = z.object({ userId: z.string().min(1).max(64) });
export const UserSessionParams = UserParams.extend({ sessionId: z.string().min(1).max(64) });

export const UserKind = z.enum(["all", "customers", "staff"]);
export const UserStatus = z.enum(["all", "active", "banned"]);
export const UserListQuery = z.object({
  search: z.string().trim().max(200).optional(),
  kind: UserKind.default("all"),
  status: UserStatus.default("all"),
  sort: z.enum(["newest", "oldest", "name", "last-sign-in"]).default("newest"),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type UserListQuery = z.input<typeof UserListQuery>;

export const UserSummary = z
  .object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    emailVerified: z.boolean(),
    image: z.string().nullable(),
    roles: z.array(z.string()),
    banned: z.boolean(),
    createdAt: z.string(),
    lastSignInAt: z.string().nullable(),
  })
  .meta({ id: "UserSummary" });
export type UserSummary = z.infer<typeof UserSummary>;

export const UserSession = z.object({
  id: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
});
export const SignInEvent = z.object({
  id: z.number().int(),
  at: z.string(),
  method: z.string(),
  success: z.boolean(),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
});
export const UserDetails = z
  .object({
    user: UserSummary.extend({ banReason: z.string().nullable(), bannedAt: z.string().nullable() }),
    roles: z.array(z.object({ id: z.number().int(), name: z.string() })),
    accounts: z.array(z.object({ providerId: z.string(), createdAt: z.string() })),
    sessions: z.array(UserSession),
    signIns: z.array(SignInEvent),
  })
  .meta({ id: "UserDetails" });
export type UserDetails = z.infer<typeof UserDetails>;

export const UserRolesBody = z.object({ roleIds: z.array(z.number().int().positive()).max(50) });
export const BanBody = z.object({ reason: z.string().trim().max(300).default("") });
export const Ok = z.object({ ok: z.literal(true) });

export const InsightsQuery = z.object({
  days: z.coerce.number().int().min(7).max(365).default(30),
});
export const UserInsights = z
  .object({
    days: z.number().int(),
    signUps: z.array(z.object({ date: z.string(), count: z.number().int() })),
    totals: z.object({
      users: z.number().int(),
      customers: z.number().int(),
      staff: z.number().int(),
      newInPeriod: z.number().int(),
      active7d: z.number().int(),
      active30d: z.number().int(),
      banned: z.number().int(),
    }),
    signInMethods: z.array(z.object({ method: z.string(), count: z.number().int() })),
  })
  .meta({ id: "UserInsights" });
export type UserInsights = z.infer<typeof UserInsights>;

const tags = ["admin: users"];

/** The Owner's security rules (issue 37 item 9). */
export const SecuritySettings = z
  .object({
    /** Every staff role needs a second factor (TOTP) before the admin opens. */
    requireStaffSecondFactor: z.boolean(),
  })
  .strict()
  .meta({ id: "SecuritySettings" });
export type SecuritySettings = z.infer<typeof SecuritySettings>;

export const userAdminEndpoints = {
  permissions: defineEndpoint({
    method: "GET",
    path: apiPaths.adminPermissions,
    summary: "Every permission (one per admin area) with its label",
    tags,
    access: { permission: "roles" },
    response: z.array(PermissionInfo),
  }),
  listRoles: defineEndpoint({
    method: "GET",
    path: apiPaths.adminRoles,
    summary: "Roles with their permissions and how many users hold them",
    tags,
    access: { permission: "roles" },
    response: z.array(Role),
  }),
  createRole: defineEndpoint({
    method: "POST",
    path: apiPaths.adminRoles,
    summary: "Creates a role",
    tags,
    access: { permission: "roles" },
    body: RoleBody,
    response: Role,
  }),
  updateRole: defineEndpoint({
    method: "PATCH",
    path: apiPaths.adminRole,
    summary: "Renames a role or changes its permissions (the last Owner keeps every permission)",
    tags,
    access: { permission: "roles" },
    params: RoleParams,
    body: RoleBody,
    response: Role,
  }),
  deleteRole: defineEndpoint({
    method: "DELETE",
    path: apiPaths.adminRole,
    summary: "Deletes a role that no user holds (never the Owner role)",
    tags,
    access: { permission: "roles" },
    params: RoleParams,
    response: Ok,
  }),
  setUserRoles: defineEndpoint({
    method: "PUT",
    path: apiPaths.adminUserRoles,
    summary: "Sets the roles a user holds (the shop always keeps one Owner)",
    tags,
    access: { permission: "roles" },
    params: UserParams,
    body: UserRolesBody,
    response: z.object({ roles: z.array(z.object({ id: z.number().int(), name: z.string() })) }),
  }),
  listUsers: defineEndpoint({
    method: "GET",
    path: apiPaths.adminUsers,
    summary: "Customers and staff: search by name or email, filter, sort, paginate",
    tags,
    access: { permission: "users" },
    query: UserListQuery,
    response: pageOf(UserSummary),
  }),
  userDetails: defineEndpoint({
    method: "GET",
    path: apiPaths.adminUser,
    summary: "A user's profile, roles, sign-in methods, sessions and sign-in history",
    tags,
    access: { permission: "users" },
    params: UserParams,
    response: UserDetails,
  }),
  banUser: defineEndpoint({
    method: "POST",
    path: apiPaths.adminUserBan,
    summary: "Bans a user: their sessions end and they cannot sign in",
    tags,
    access: { permission: "users" },
    params: UserParams,
    body: BanBody,
    response: Ok,
  }),
  unbanUser: defineEndpoint({
    method: "POST",
    path: apiPaths.adminUserUnban,
    summary: "Lifts a ban",
    tags,
    access: { permission: "users" },
    params: UserParams,
    response: Ok,
  }),
  sendPasswordReset: defineEndpoint({
    method: "POST",
    path: apiPaths.adminUserPasswordReset,
    summary: "Emails the user a password-reset link",
    tags,
    access: { permission: "users" },
    params: UserParams,
    response: Ok,
  }),
  revokeSession: defineEndpoint({
    method: "DELETE",
    path: apiPaths.adminUserSession,
    summary: "Ends one of the user's sessions",
    tags,
    access: { permission: "users" },
    params: UserSessionParams,
    response: Ok,
  }),
  userInsights: defineEndpoint({
    method: "GET",
    path: apiPaths.adminUserInsights,
    summary: "Sign-ups per day, active users and sign-in methods over a period",
    tags,
    access: { permission: "users" },
    query: InsightsQuery,
    response: UserInsights,
  }),
  securitySettings: defineEndpoint({
    method: "GET",
    path: apiPaths.adminSecuritySettings,
    summary: "The Owner's security rules: whether staff need a second factor",
    tags,
    access: { permission: "roles" },
    response: SecuritySettings,
  }),
  updateSecuritySettings: defineEndpoint({
    method: "PUT",
    path: apiPaths.adminSecuritySettings,
    summary:
      "Changes the security rules (the Owner only; turning the second-factor rule on needs the Owner's own second factor first)",
    tags,
    access: { permission: "roles" },
    body: SecuritySettings,
    response: SecuritySettings,
  }),
} as const;
