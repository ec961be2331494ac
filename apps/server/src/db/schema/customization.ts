/**
 * Customization requests (issue 7): a shopper (user or guest) asks for a made-to-order
 * piece from a base product and/or product type; staff check it, quote a price and a
 * delivery time or reject it; an accepted quote becomes an order (`resultingOrderId`).
 *
 * Owner pair as elsewhere: exactly one of userId/guestId. Money is integer minor units.
 */
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, serial, text, timestamp, uuid, varchar } from "drizzle-orm/pg-core";
import { products, productTypes } from "./catalog.ts";
import { buyingHistory } from "./commerce.ts";
import { guests, users } from "./identity.ts";

const at = (name: string) => timestamp(name, { withTimezone: true });

export const customizationStatuses = ["new", "quoted", "rejected", "accepted", "ordered", "cancelled"] as const;
export type CustomizationStatus = (typeof customizationStatuses)[number];

export const customizationRequests = pgTable(
  "customization_requests",
  {
    id: serial("id").primaryKey(),
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    guestId: uuid("guest_id").references(() => guests.id, { onDelete: "cascade" }),
    contactName: varchar("contact_name", { length: 120 }).notNull(),
    contactEmail: varchar("contact_email", { length: 254 }).notNull(),
    contactPhone: varchar("contact_phone", { length: 32 }).notNull().default(""),
    productId: integer("product_id").references(() => products.id, { onDelete: "set null" }),
    productTypeId: integer("product_type_id").references(() => productTypes.id, { onDelete: "set null" }),
    size: varchar("size", { length: 40 }).notNull().default(""),
    color: varchar("color", { length: 40 }).notNull().default(""),
    quantity: integer("quantity").notNull().default(1),
    description: text("description").notNull(),
    /** Reference image filenames from the media pipeline. */
    images: text("images").array().notNull().default(sql`'{}'::text[]`),
    status: varchar("status", { length: 12 }).$type<CustomizationStatus>().notNull().default("new"),
    isChecked: boolean("is_checked").notNull().default(false),
    checkedDate: at("checked_date"),
    /** The quote: total price for the whole request, minor units. */
    quotePrice: integer("quote_price"),
    quoteDeliveryTime: varchar("quote_delivery_time", { length: 120 }),
    quoteNote: text("quote_note").notNull().default(""),
    rejectionReason: text("rejection_reason"),
    resultingOrderId: integer("resulting_order_id").references(() => buyingHistory.id, { onDelete: "set null" }),
    /** Optimistic-concurrency version, bumped by every change. */
    version: integer("version").notNull().default(1),
    createdAt: at("created_at").notNull().defaultNow(),
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (t) => [
    check("customization_requests_owner_check", sql`num_nonnulls(${t.userId}, ${t.guestId}) = 1`),
    check("customization_requests_quantity_check", sql`${t.quantity} > 0`),
    check("customization_requests_quote_check", sql`${t.quotePrice} is null or ${t.quotePrice} > 0`),
    index("customization_requests_admin_idx").on(t.isChecked, t.id.desc()),
    index("customization_requests_user_idx").on(t.userId),
    index("customization_requests_guest_idx").on(t.guestId),
  ],
);
