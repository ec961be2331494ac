/**
 * Promotions (issue 13): coupons and automatic discounts, their codes and redemptions.
 *
 * A coupon holds the rules; `coupon_codes` the codes shoppers type (the primary one and
 * any generated ones, stored upper-cased and unique); `coupon_redemptions` one row per
 * coupon an order used, written inside the order-placement transaction while the coupon
 * row is locked, so limits hold under concurrency. A redemption counts toward the limits
 * while its order is not cancelled (and, when the coupon says so, not refunded): no
 * counter has to be given back by the modules that cancel orders.
 */
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";
import { products } from "./catalog.ts";
import { buyingHistory } from "./commerce.ts";
import { users } from "./identity.ts";

const at = (name: string) => timestamp(name, { withTimezone: true });

export type CouponTargetRow = {
  type: "product" | "category" | "subCategory" | "subSubCategory" | "series" | "productType" | "collab";
  id: number;
};

export const coupons = pgTable(
  "coupons",
  {
    id: serial("id").primaryKey(),
    title: varchar("title", { length: 120 }).notNull(),
    /** "code": shoppers type a code; "automatic": applies by itself when its rules hold. */
    method: varchar("method", { length: 10 }).$type<"code" | "automatic">().notNull(),
    kind: varchar("kind", { length: 16 }).$type<"percent" | "fixed" | "free_delivery" | "buy_x_get_y">().notNull(),
    percentOff: smallint("percent_off"),
    amountOff: integer("amount_off"),
    buyQuantity: smallint("buy_quantity"),
    getQuantity: smallint("get_quantity"),
    getPercentOff: smallint("get_percent_off"),
    appliesTo: varchar("applies_to", { length: 8 }).$type<"order" | "items">().notNull().default("order"),
    targets: jsonb("targets").$type<CouponTargetRow[]>().notNull().default([]),
    minSubtotal: integer("min_subtotal"),
    minQuantity: integer("min_quantity"),
    startsAt: at("starts_at"),
    endsAt: at("ends_at"),
    eligibility: varchar("eligibility", { length: 12 })
      .$type<"everyone" | "signed_in" | "first_order" | "customers">()
      .notNull()
      .default("everyone"),
    /** Eligibility "customers": lower-cased emails (accounts and guests alike). */
    customerEmails: text("customer_emails").array().notNull().default(sql`'{}'::text[]`),
    usageLimit: integer("usage_limit"),
    perCustomerLimit: integer("per_customer_limit"),
    combinesWithOrder: boolean("combines_with_order").notNull().default(false),
    combinesWithProduct: boolean("combines_with_product").notNull().default(false),
    combinesWithDelivery: boolean("combines_with_delivery").notNull().default(true),
    releaseOnRefund: boolean("release_on_refund").notNull().default(false),
    isActive: boolean("is_active").notNull().default(true),
    version: integer("version").notNull().default(1),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: at("created_at").notNull().defaultNow(),
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (t) => [
    check("coupons_percent_check", sql`${t.percentOff} is null or ${t.percentOff} between 1 and 100`),
    check("coupons_get_percent_check", sql`${t.getPercentOff} is null or ${t.getPercentOff} between 1 and 100`),
    check("coupons_amount_check", sql`${t.amountOff} is null or ${t.amountOff} >= 0`),
    check("coupons_min_check", sql`coalesce(${t.minSubtotal}, 0) >= 0 and coalesce(${t.minQuantity}, 1) >= 1`),
    check("coupons_window_check", sql`${t.startsAt} is null or ${t.endsAt} is null or ${t.endsAt} > ${t.startsAt}`),
    check("coupons_limits_check", sql`coalesce(${t.usageLimit}, 1) >= 1 and coalesce(${t.perCustomerLimit}, 1) >= 1`),
    index("coupons_automatic_idx").on(t.method).where(sql`${t.isActive}`),
  ],
);

export const couponCodes = pgTable(
  "coupon_codes",
  {
    id: serial("id").primaryKey(),
    couponId: integer("coupon_id")
      .notNull()
      .references(() => coupons.id, { onDelete: "cascade" }),
    /** Upper-cased; unique ignoring case. */
    code: varchar("code", { length: 64 }).notNull(),
    /** The code the coupon was made with (generated ones are not). */
    isPrimary: boolean("is_primary").notNull().default(false),
    /** Uses of this very code (e.g. 1 for single-use generated codes); null: only the coupon's limits. */
    usageLimit: integer("usage_limit"),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("coupon_codes_code_key").on(sql`upper(${t.code})`),
    index("coupon_codes_coupon_idx").on(t.couponId, t.id),
    uniqueIndex("coupon_codes_one_primary_key").on(t.couponId).where(sql`${t.isPrimary}`),
  ],
);

export const couponRedemptions = pgTable(
  "coupon_redemptions",
  {
    id: serial("id").primaryKey(),
    couponId: integer("coupon_id")
      .notNull()
      .references(() => coupons.id, { onDelete: "restrict" }),
    codeId: integer("code_id").references(() => couponCodes.id, { onDelete: "set null" }),
    code: varchar("code", { length: 64 }),
    orderId: integer("order_id")
      .notNull()
      .references(() => buyingHistory.id, { onDelete: "cascade" }),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    /** Lower-cased: per-customer limits count guests by email. */
    email: varchar("email", { length: 254 }).notNull(),
    /** Minor units taken off the goods by this coupon in this order. */
    amount: integer("amount").notNull(),
    freeDelivery: boolean("free_delivery").notNull().default(false),
    /** The coupon as it was applied (title, kind, per-line amounts): what the order was priced with. */
    detail: jsonb("detail").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (t) => [
    check("coupon_redemptions_amount_check", sql`${t.amount} >= 0`),
    index("coupon_redemptions_coupon_idx").on(t.couponId, t.createdAt.desc()),
    index("coupon_redemptions_code_idx").on(t.codeId),
    index("coupon_redemptions_email_idx").on(t.couponId, t.email),
    index("coupon_redemptions_user_idx").on(t.couponId, t.userId),
    index("coupon_redemptions_order_idx").on(t.orderId),
  ],
);

/**
 * Scheduled discounts (sale prices): percent or fixed off products, categories at any
 * level, series or product types for a period. The SQL function `sale_price(products)`
 * (migration 0010) gives a product's price now, so every catalogue, cart and checkout
 * read agrees, and a sale starts and ends with the clock, not with a deploy.
 */
export const scheduledDiscounts = pgTable(
  "scheduled_discounts",
  {
    id: serial("id").primaryKey(),
    title: varchar("title", { length: 120 }).notNull(),
    kind: varchar("kind", { length: 8 }).$type<"percent" | "fixed">().notNull(),
    /** Percent (1-100) or minor units off each unit. */
    value: integer("value").notNull(),
    targetType: varchar("target_type", { length: 16 })
      .$type<"all" | "product" | "category" | "subCategory" | "subSubCategory" | "series" | "productType">()
      .notNull(),
    targetIds: integer("target_ids").array().notNull().default(sql`'{}'::int[]`),
    startsAt: at("starts_at").notNull(),
    endsAt: at("ends_at"),
    isActive: boolean("is_active").notNull().default(true),
    version: integer("version").notNull().default(1),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: at("created_at").notNull().defaultNow(),
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (t) => [
    check("scheduled_discounts_value_check", sql`${t.value} > 0 and (${t.kind} <> 'percent' or ${t.value} <= 100)`),
    check("scheduled_discounts_window_check", sql`${t.endsAt} is null or ${t.endsAt} > ${t.startsAt}`),
    index("scheduled_discounts_window_idx").on(t.startsAt, t.endsAt).where(sql`${t.isActive}`),
  ],
);

/**
 * New arrivals (the home section and /new-arrivals): the newest products (the default),
 * products published in the last `days` days, or a curated, ordered list with an
 * optional schedule (outside it, the newest products show). One row.
 */
export const newArrivalsSettings = pgTable(
  "new_arrivals_settings",
  {
    id: smallint("id").primaryKey().default(1),
    mode: varchar("mode", { length: 10 }).$type<"newest" | "recent" | "curated">().notNull().default("newest"),
    days: integer("days").notNull().default(30),
    startsAt: at("starts_at"),
    endsAt: at("ends_at"),
    version: integer("version").notNull().default(1),
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (t) => [
    check("new_arrivals_settings_one_row", sql`${t.id} = 1`),
    check("new_arrivals_settings_days_check", sql`${t.days} between 1 and 365`),
  ],
);

export const newArrivalItems = pgTable(
  "new_arrival_items",
  {
    productId: integer("product_id")
      .primaryKey()
      .references(() => products.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
  },
  (t) => [index("new_arrival_items_position_idx").on(t.position)],
);
