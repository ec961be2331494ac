/**
 * Collabs and drops (issue 16): artists and influencers the shop works with, their
 * products (directly or through series), drops (a launch time, an optional end, a
 * per-customer limit per product), "Notify me" subscriptions (drops and sold-out
 * variants, double opt-in), the referral coupons of influencers (coupons of the
 * promotions engine; attribution is read from coupon_redemptions) and royalty statements.
 */
import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";
import { products, productVariants } from "./catalog.ts";
import { users } from "./identity.ts";
import { coupons } from "./promotions.ts";

const at = (name: string) => timestamp(name, { withTimezone: true });

export type CollaboratorKind = "artist" | "influencer";
export type CollaboratorStatus = "draft" | "live" | "ended";
export type CollabRateKind = "percent" | "fixed";
export type DropBeforeLaunch = "hidden" | "coming_soon";

export const collaborators = pgTable(
  "collaborators",
  {
    id: serial("id").primaryKey(),
    kind: varchar("kind", { length: 12 }).$type<CollaboratorKind>().notNull(),
    name: varchar("name", { length: 120 }).notNull(),
    /** Lower-case letters, digits and dashes; unique. */
    slug: varchar("slug", { length: 80 }).notNull(),
    portrait: varchar("portrait", { length: 200 }),
    banner: varchar("banner", { length: 200 }),
    /** Markdown; rendered with raw HTML escaped. */
    bio: text("bio").notNull().default(""),
    socialLinks: jsonb("social_links").$type<{ label: string; url: string }[]>().notNull().default([]),
    country: varchar("country", { length: 2 }),
    status: varchar("status", { length: 8 }).$type<CollaboratorStatus>().notNull().default("draft"),
    /** Every product of these series is part of the collaboration. */
    seriesIds: integer("series_ids").array().notNull().default(sql`'{}'::int[]`),
    rateKind: varchar("rate_kind", { length: 8 }).$type<CollabRateKind>().notNull().default("percent"),
    /** Percent of net sales in basis points (0-10000) when rate_kind = percent. */
    rateBasisPoints: integer("rate_basis_points"),
    /** Minor units per unit sold when rate_kind = fixed. */
    rateAmount: integer("rate_amount"),
    /** Sales before this moment earn nothing. */
    rateStartsAt: at("rate_starts_at").notNull().defaultNow(),
    version: integer("version").notNull().default(1),
    createdAt: at("created_at").notNull().defaultNow(),
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("collaborators_slug_key").on(t.slug),
    check("collaborators_kind_check", sql`${t.kind} in ('artist', 'influencer')`),
    check("collaborators_status_check", sql`${t.status} in ('draft', 'live', 'ended')`),
    check(
      "collaborators_rate_check",
      sql`(${t.rateKind} = 'percent' and ${t.rateBasisPoints} between 0 and 10000) or (${t.rateKind} = 'fixed' and ${t.rateAmount} >= 0)`,
    ),
    index("collaborators_live_idx").on(t.kind, t.status),
  ],
);

export const collaboratorProducts = pgTable(
  "collaborator_products",
  {
    collaboratorId: integer("collaborator_id")
      .notNull()
      .references(() => collaborators.id, { onDelete: "cascade" }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ columns: [t.collaboratorId, t.productId] }),
    index("collaborator_products_product_idx").on(t.productId),
  ],
);

/** An influencer's referral coupons (coupons of the promotions engine). */
export const collaboratorCoupons = pgTable(
  "collaborator_coupons",
  {
    collaboratorId: integer("collaborator_id")
      .notNull()
      .references(() => collaborators.id, { onDelete: "cascade" }),
    couponId: integer("coupon_id")
      .notNull()
      .references(() => coupons.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ columns: [t.collaboratorId, t.couponId] }),
    uniqueIndex("collaborator_coupons_coupon_key").on(t.couponId),
  ],
);

export const drops = pgTable(
  "drops",
  {
    id: serial("id").primaryKey(),
    title: varchar("title", { length: 120 }).notNull(),
    collaboratorId: integer("collaborator_id").references(() => collaborators.id, { onDelete: "set null" }),
    launchAt: at("launch_at").notNull(),
    endsAt: at("ends_at"),
    /** Before launch: left out of lists, or listed as "coming soon". */
    beforeLaunch: varchar("before_launch", { length: 12 }).$type<DropBeforeLaunch>().notNull().default("coming_soon"),
    /** Units one customer (account or email) may buy of each product; null: no limit. */
    perCustomerLimit: integer("per_customer_limit"),
    /** When the launch mails were queued (once). */
    launchMailedAt: at("launch_mailed_at"),
    version: integer("version").notNull().default(1),
    createdAt: at("created_at").notNull().defaultNow(),
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (t) => [
    check("drops_window_check", sql`${t.endsAt} is null or ${t.endsAt} > ${t.launchAt}`),
    check("drops_limit_check", sql`${t.perCustomerLimit} is null or ${t.perCustomerLimit} >= 1`),
    check("drops_before_launch_check", sql`${t.beforeLaunch} in ('hidden', 'coming_soon')`),
    index("drops_launch_idx").on(t.launchAt).where(sql`${t.launchMailedAt} is null`),
  ],
);

/** A product is in at most one drop. */
export const dropProducts = pgTable(
  "drop_products",
  {
    dropId: integer("drop_id")
      .notNull()
      .references(() => drops.id, { onDelete: "cascade" }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.dropId, t.productId] }), uniqueIndex("drop_products_product_key").on(t.productId)],
);

/** "Notify me": a drop's launch or a sold-out variant back in stock. Double opt-in. */
export const notifySubscriptions = pgTable(
  "notify_subscriptions",
  {
    id: serial("id").primaryKey(),
    /** Lower-cased. */
    email: varchar("email", { length: 254 }).notNull(),
    dropId: integer("drop_id").references(() => drops.id, { onDelete: "cascade" }),
    variantId: integer("variant_id").references(() => productVariants.id, { onDelete: "cascade" }),
    /** Secret of the confirmation link (hex). */
    token: varchar("token", { length: 64 }).notNull(),
    confirmedAt: at("confirmed_at"),
    notifiedAt: at("notified_at"),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (t) => [
    check("notify_subscriptions_target_check", sql`(${t.dropId} is null) <> (${t.variantId} is null)`),
    uniqueIndex("notify_subscriptions_drop_key").on(t.dropId, t.email).where(sql`${t.dropId} is not null`),
    uniqueIndex("notify_subscriptions_variant_key").on(t.variantId, t.email).where(sql`${t.variantId} is not null`),
    uniqueIndex("notify_subscriptions_token_key").on(t.token),
  ],
);

export interface StatementLine {
  orderId: number;
  orderNumber: string;
  placedAt: string;
  kind: "sale" | "refund";
  units: number;
  net: number;
  due: number;
}

export const collabStatements = pgTable(
  "collab_statements",
  {
    id: serial("id").primaryKey(),
    collaboratorId: integer("collaborator_id")
      .notNull()
      .references(() => collaborators.id, { onDelete: "restrict" }),
    periodStart: at("period_start").notNull(),
    periodEnd: at("period_end").notNull(),
    currency: varchar("currency", { length: 3 }).notNull(),
    units: integer("units").notNull(),
    netSales: integer("net_sales").notNull(),
    due: integer("due").notNull(),
    lines: jsonb("lines").$type<StatementLine[]>().notNull().default([]),
    paidAt: at("paid_at"),
    paidBy: text("paid_by").references(() => users.id, { onDelete: "set null" }),
    paidByName: varchar("paid_by_name", { length: 120 }),
    paidReference: varchar("paid_reference", { length: 120 }),
    createdAt: at("created_at").notNull().defaultNow(),
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (t) => [
    check("collab_statements_period_check", sql`${t.periodEnd} > ${t.periodStart}`),
    index("collab_statements_collaborator_idx").on(t.collaboratorId, t.periodStart),
  ],
);
