/**
 * Identity: better-auth's tables (user, session, account, verification; named as its
 * drizzle adapter expects) plus ours: staff roles and their permissions, sign-in
 * history, and guests backed by a signed token.
 */
import { sql } from "drizzle-orm";
import {
  bigserial,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";

const at = (name: string) => timestamp(name, { withTimezone: true });

export const users = pgTable(
  "user",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    emailVerified: boolean("email_verified").notNull().default(false),
    image: text("image"),
    banned: boolean("banned").notNull().default(false),
    banReason: text("ban_reason"),
    bannedAt: at("banned_at"),
    /** better-auth's two-factor plugin: sign-in asks for a code (TOTP or a backup code). */
    twoFactorEnabled: boolean("two_factor_enabled").notNull().default(false),
    createdAt: at("created_at").notNull().defaultNow(),
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("user_email_key").on(sql`lower(${t.email})`),
    index("user_created_at_idx").on(t.createdAt),
    index("user_name_trgm_idx").using("gin", sql`lower(${t.name}) gin_trgm_ops`),
    index("user_email_trgm_idx").using("gin", sql`lower(${t.email}) gin_trgm_ops`),
  ],
);

export const sessions = pgTable(
  "session",
  {
    id: text("id").primaryKey(),
    token: text("token").notNull().unique(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: at("expires_at").notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    /**
     * The session was made with a second factor (a TOTP or backup code after the
     * password, or a passkey): what the Owner's rule for staff asks of an admin session.
     */
    secondFactor: boolean("second_factor").notNull().default(false),
    createdAt: at("created_at").notNull().defaultNow(),
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (t) => [index("session_user_id_idx").on(t.userId)],
);

export const accounts = pgTable(
  "account",
  {
    id: text("id").primaryKey(),
    /** The provider's subject (for OpenID Connect: `sub`). */
    accountId: text("account_id").notNull(),
    /** "credential" for email and password, else the provider id (its issuer). */
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: at("access_token_expires_at"),
    refreshTokenExpiresAt: at("refresh_token_expires_at"),
    scope: text("scope"),
    password: text("password"),
    createdAt: at("created_at").notNull().defaultNow(),
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (t) => [
    // Accounts are keyed by (issuer, subject): one provider identity, one account.
    uniqueIndex("account_provider_subject_key").on(t.providerId, t.accountId),
    index("account_user_id_idx").on(t.userId),
  ],
);

export const verifications = pgTable(
  "verification",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: at("expires_at").notNull(),
    createdAt: at("created_at").notNull().defaultNow(),
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (t) => [index("verification_identifier_idx").on(t.identifier)],
);

/**
 * better-auth's two-factor plugin: the person's TOTP secret and backup codes (both
 * encrypted with the auth secret by the plugin), and its per-account lockout counters.
 */
export const twoFactors = pgTable(
  "two_factor",
  {
    id: text("id").primaryKey(),
    secret: text("secret").notNull(),
    backupCodes: text("backup_codes").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** False between "enable" and the first right code. */
    verified: boolean("verified").notNull().default(true),
    failedVerificationCount: integer("failed_verification_count").notNull().default(0),
    lockedUntil: at("locked_until"),
  },
  (t) => [index("two_factor_user_id_idx").on(t.userId), index("two_factor_secret_idx").on(t.secret)],
);

/** better-auth's passkey plugin (WebAuthn): one row per registered authenticator. */
export const passkeys = pgTable(
  "passkey",
  {
    id: text("id").primaryKey(),
    name: text("name"),
    publicKey: text("public_key").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    credentialID: text("credential_id").notNull(),
    counter: integer("counter").notNull(),
    deviceType: text("device_type").notNull(),
    backedUp: boolean("backed_up").notNull(),
    transports: text("transports"),
    createdAt: at("created_at").defaultNow(),
    aaguid: text("aaguid"),
  },
  (t) => [index("passkey_user_id_idx").on(t.userId), uniqueIndex("passkey_credential_id_key").on(t.credentialID)],
);

/** Security rules the Owner sets: one row (id 1). */
export const securitySettings = pgTable("security_settings", {
  id: integer("id").primaryKey().default(1),
  /** Every staff role needs a second factor before the admin opens (issue 37). */
  requireStaffSecondFactor: boolean("require_staff_second_factor").notNull().default(false),
  updatedAt: at("updated_at").notNull().defaultNow(),
});

export const roles = pgTable("role", {
  id: serial("id").primaryKey(),
  name: varchar("name", { length: 60 }).notNull().unique(),
  description: varchar("description", { length: 300 }).notNull().default(""),
  createdAt: at("created_at").notNull().defaultNow(),
  updatedAt: at("updated_at").notNull().defaultNow(),
});

/** Permission keys are the contract's `permissions` (one per admin area). */
export const rolePermissions = pgTable(
  "role_permission",
  {
    roleId: integer("role_id")
      .notNull()
      .references(() => roles.id, { onDelete: "cascade" }),
    permission: varchar("permission", { length: 40 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.permission] })],
);

export const userRoles = pgTable(
  "user_role",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    roleId: integer("role_id")
      .notNull()
      .references(() => roles.id, { onDelete: "restrict" }),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] }), index("user_role_role_id_idx").on(t.roleId)],
);

/** Every sign-in attempt: the user's history, insights, and the per-account lockout. */
export const signInEvents = pgTable(
  "sign_in_event",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    email: text("email"),
    method: varchar("method", { length: 40 }).notNull(),
    success: boolean("success").notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (t) => [
    index("sign_in_event_user_idx").on(t.userId, t.createdAt),
    index("sign_in_event_failures_idx").on(sql`lower(${t.email})`, t.createdAt).where(sql`not ${t.success}`),
  ],
);

/** A browser's guest identity (spec section 3); the token that proves it is signed. */
export const guests = pgTable("guest", {
  id: uuid("id").primaryKey().defaultRandom(),
  username: varchar("username", { length: 40 }).notNull(),
  email: varchar("email", { length: 120 }).notNull(),
  mergedIntoUserId: text("merged_into_user_id").references(() => users.id, { onDelete: "set null" }),
  mergedAt: at("merged_at"),
  createdAt: at("created_at").notNull().defaultNow(),
});

/**
 * Admin API tokens (issue 38 item 2, ADR 0024): the SHA-256 of the secret (a token has 256
 * random bits, so a fast hash is enough), its first characters to tell it apart, the
 * permissions it was given, who made it (it dies with them), its expiry and last use.
 * Revoked tokens stay listed.
 */
export const apiTokens = pgTable(
  "api_token",
  {
    id: serial("id").primaryKey(),
    name: varchar("name", { length: 80 }).notNull(),
    tokenHash: varchar("token_hash", { length: 64 }).notNull(),
    prefix: varchar("prefix", { length: 16 }).notNull(),
    permissions: varchar("permissions", { length: 40 }).array().notNull(),
    createdById: text("created_by_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: at("created_at").notNull().defaultNow(),
    expiresAt: at("expires_at").notNull(),
    revokedAt: at("revoked_at"),
    lastUsedAt: at("last_used_at"),
    lastUsedIp: text("last_used_ip"),
  },
  (t) => [
    uniqueIndex("api_token_token_hash_key").on(t.tokenHash),
    index("api_token_created_at_idx").on(t.createdAt),
    index("api_token_created_by_idx").on(t.createdById),
  ],
);
