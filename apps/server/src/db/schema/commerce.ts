/**
 * Buying (issue 6): wishlists, carts, saved addresses, delivery zones, tax rates, orders
 * (the spec's buying-history records), their lines, timeline, payments and customer
 * requests, contact messages and processed payment webhooks.
 *
 * Who owns a wishlist, cart or order is either a user or a guest (the signed guest token's
 * id), never both: every owner pair has a check. Money is integer minor units of the
 * store currency; an order keeps copies of names and prices as they were when it was
 * placed, so later catalogue edits never rewrite history.
 */
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";
import { products, productVariants } from "./catalog.ts";
import { guests, users } from "./identity.ts";

const at = (name: string) => timestamp(name, { withTimezone: true });
const userRef = (name: string) => text(name).references(() => users.id, { onDelete: "cascade" });
const guestRef = (name: string) => uuid(name).references(() => guests.id, { onDelete: "cascade" });
const oneOwner = (name: string, t: { userId: unknown; guestId: unknown }) =>
  check(name, sql`num_nonnulls(${t.userId}, ${t.guestId}) = 1`);

export const wishlistItems = pgTable(
  "wishlist_items",
  {
    id: serial("id").primaryKey(),
    userId: userRef("user_id"),
    guestId: guestRef("guest_id"),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (t) => [
    oneOwner("wishlist_items_owner_check", t),
    uniqueIndex("wishlist_items_user_product_key").on(t.userId, t.productId).where(sql`${t.userId} is not null`),
    uniqueIndex("wishlist_items_guest_product_key").on(t.guestId, t.productId).where(sql`${t.guestId} is not null`),
  ],
);

/** One open cart per owner; lines reference variants. */
export const carts = pgTable(
  "carts",
  {
    id: serial("id").primaryKey(),
    userId: userRef("user_id"),
    guestId: guestRef("guest_id"),
    createdAt: at("created_at").notNull().defaultNow(),
    /** Last time the shopper changed it (for staff's abandoned-cart view). */
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (t) => [
    oneOwner("carts_owner_check", t),
    uniqueIndex("carts_user_key").on(t.userId).where(sql`${t.userId} is not null`),
    uniqueIndex("carts_guest_key").on(t.guestId).where(sql`${t.guestId} is not null`),
    index("carts_updated_at_idx").on(t.updatedAt),
  ],
);

export const cartLines = pgTable(
  "cart_lines",
  {
    id: serial("id").primaryKey(),
    cartId: integer("cart_id")
      .notNull()
      .references(() => carts.id, { onDelete: "cascade" }),
    variantId: integer("variant_id")
      .notNull()
      .references(() => productVariants.id, { onDelete: "cascade" }),
    quantity: integer("quantity").notNull(),
    /** The unit price the shopper last saw; a different current price is shown as a change. */
    seenUnitPrice: integer("seen_unit_price").notNull(),
    createdAt: at("created_at").notNull().defaultNow(),
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (t) => [
    check("cart_lines_quantity_check", sql`${t.quantity} > 0`),
    uniqueIndex("cart_lines_cart_variant_key").on(t.cartId, t.variantId),
    index("cart_lines_variant_idx").on(t.variantId),
  ],
);

/** Where deliveries go and what they cost, set by staff (e.g. inside / outside the city). */
export const deliveryZones = pgTable(
  "delivery_zones",
  {
    id: serial("id").primaryKey(),
    name: varchar("name", { length: 80 }).notNull().unique(),
    description: text("description").notNull().default(""),
    fee: integer("fee").notNull(),
    /** Orders whose subtotal reaches this deliver free (null: never free). */
    freeOver: integer("free_over"),
    /** Shown to shoppers, e.g. "1-2 business days". */
    estimate: varchar("estimate", { length: 80 }).notNull().default(""),
    isActive: boolean("is_active").notNull().default(true),
    sortOrder: smallint("sort_order").notNull().default(0),
    ...{ createdAt: at("created_at").notNull().defaultNow(), updatedAt: at("updated_at").notNull().defaultNow() },
  },
  (t) => [
    check("delivery_zones_fee_check", sql`${t.fee} >= 0`),
    check("delivery_zones_free_over_check", sql`${t.freeOver} is null or ${t.freeOver} >= 0`),
  ],
);

/**
 * Tax by region. `region` is an ISO 3166 country code, optionally with a subdivision
 * ("US", "US-CA"); the most specific active match applies. Rates are basis points
 * (1/100 of a percent) so no float ever touches money.
 */
export const taxRates = pgTable(
  "tax_rates",
  {
    id: serial("id").primaryKey(),
    name: varchar("name", { length: 80 }).notNull(),
    region: varchar("region", { length: 10 }).notNull().unique(),
    rateBasisPoints: integer("rate_basis_points").notNull(),
    /** Whether the delivery fee is taxed too. */
    appliesToDelivery: boolean("applies_to_delivery").notNull().default(false),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: at("created_at").notNull().defaultNow(),
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (t) => [check("tax_rates_rate_check", sql`${t.rateBasisPoints} between 0 and 10000`)],
);

/** A postal address as an order or the address book keeps it. */
export interface PostalAddress {
  fullName: string;
  phone: string;
  line1: string;
  line2: string;
  city: string;
  /** Subdivision code or name (state, province, district). */
  region: string;
  postalCode: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
}

export const addresses = pgTable(
  "addresses",
  {
    id: serial("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    label: varchar("label", { length: 40 }).notNull().default(""),
    fullName: varchar("full_name", { length: 120 }).notNull(),
    phone: varchar("phone", { length: 32 }).notNull(),
    line1: varchar("line1", { length: 160 }).notNull(),
    line2: varchar("line2", { length: 160 }).notNull().default(""),
    city: varchar("city", { length: 80 }).notNull(),
    region: varchar("region", { length: 80 }).notNull().default(""),
    postalCode: varchar("postal_code", { length: 20 }).notNull().default(""),
    country: varchar("country", { length: 2 }).notNull(),
    deliveryZoneId: integer("delivery_zone_id").references(() => deliveryZones.id, { onDelete: "set null" }),
    isDefault: boolean("is_default").notNull().default(false),
    createdAt: at("created_at").notNull().defaultNow(),
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (t) => [
    index("addresses_user_idx").on(t.userId),
    uniqueIndex("addresses_one_default_key").on(t.userId).where(sql`${t.isDefault}`),
  ],
);

/** Order lifecycle (issue 6): who may move an order where lives in the orders module. */
export const orderStatuses = [
  "pending_payment",
  "placed",
  "confirmed",
  "packed",
  "shipped",
  "delivered",
  "cancelled",
  "return_requested",
  "returned",
  "refunded",
] as const;
export type OrderStatus = (typeof orderStatuses)[number];

export const paymentMethods = ["cod", "manual_transfer", "card"] as const;
export type PaymentMethod = (typeof paymentMethods)[number];

export const paymentStates = [
  "unpaid",
  "awaiting_verification",
  "paid",
  "partially_refunded",
  "refunded",
  "failed",
  "expired",
] as const;
export type PaymentState = (typeof paymentStates)[number];

/** Order numbers: "A" and this sequence's next value (A10001, A10002…), never reused. */
export const orderNumberSequence = pgSequence("order_number_seq", { startWith: 10001 });

/**
 * An order: the spec's buying-history record's `history` (id, isDraft, isChecked,
 * checkedDate, deliveryFee) with its customer; its lines carry the totalPrice each.
 * `total` = sum of line totals − discount + delivery fee + tax, fixed at placement.
 */
export const buyingHistory = pgTable(
  "buying_history",
  {
    id: serial("id").primaryKey(),
    /** The order number shoppers and staff quote, e.g. "A10042". */
    number: varchar("number", { length: 20 }).notNull().unique(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    guestId: uuid("guest_id").references(() => guests.id, { onDelete: "set null" }),
    email: varchar("email", { length: 254 }).notNull(),
    phone: varchar("phone", { length: 32 }).notNull(),
    customerName: varchar("customer_name", { length: 120 }).notNull(),
    shippingAddress: jsonb("shipping_address").$type<PostalAddress>().notNull(),
    deliveryZoneId: integer("delivery_zone_id").references(() => deliveryZones.id, { onDelete: "set null" }),
    deliveryZoneName: varchar("delivery_zone_name", { length: 80 }).notNull(),
    currency: varchar("currency", { length: 3 }).notNull(),
    subtotal: integer("subtotal").notNull(),
    discount: integer("discount").notNull().default(0),
    couponCode: varchar("coupon_code", { length: 64 }),
    deliveryFee: integer("delivery_fee").notNull(),
    tax: integer("tax").notNull(),
    taxRateBasisPoints: integer("tax_rate_basis_points").notNull().default(0),
    total: integer("total").notNull(),
    status: varchar("status", { length: 20 }).$type<OrderStatus>().notNull(),
    paymentMethod: varchar("payment_method", { length: 20 }).$type<PaymentMethod>().notNull(),
    paymentState: varchar("payment_state", { length: 24 }).$type<PaymentState>().notNull(),
    /** What the shopper reported paying by manual transfer (mobile money / bank). */
    transferReference: varchar("transfer_reference", { length: 80 }),
    stripeSessionId: varchar("stripe_session_id", { length: 255 }).unique(),
    /** An unpaid card order gives its stock back after this moment. */
    holdExpiresAt: at("hold_expires_at"),
    courier: varchar("courier", { length: 80 }),
    trackingNumber: varchar("tracking_number", { length: 80 }),
    customerNote: text("customer_note").notNull().default(""),
    isDraft: boolean("is_draft").notNull().default(false),
    isChecked: boolean("is_checked").notNull().default(false),
    checkedDate: at("checked_date"),
    /** `Idempotency-Key` of the placing request, scoped to its owner, and a hash of its body. */
    idempotencyKey: varchar("idempotency_key", { length: 255 }),
    requestHash: varchar("request_hash", { length: 64 }),
    /** Optimistic-concurrency version, bumped by every staff action. */
    version: integer("version").notNull().default(1),
    placedAt: at("placed_at").notNull().defaultNow(),
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (t) => [
    check(
      "buying_history_amounts_check",
      sql`${t.subtotal} >= 0 and ${t.discount} >= 0 and ${t.deliveryFee} >= 0 and ${t.tax} >= 0 and ${t.total} >= 0`,
    ),
    uniqueIndex("buying_history_user_idempotency_key")
      .on(t.userId, t.idempotencyKey)
      .where(sql`${t.userId} is not null and ${t.idempotencyKey} is not null`),
    uniqueIndex("buying_history_guest_idempotency_key")
      .on(t.guestId, t.idempotencyKey)
      .where(sql`${t.guestId} is not null and ${t.idempotencyKey} is not null`),
    index("buying_history_user_idx").on(t.userId, t.placedAt.desc()),
    index("buying_history_guest_idx").on(t.guestId, t.placedAt.desc()),
    // The reports' customer (an account, or a guest's email): their whole history in one probe.
    index("buying_history_customer_idx").using("btree", sql`coalesce(${t.userId}, 'guest:' || lower(${t.email}))`),
    // The reports' today (live, every view) and the roll-ups' refresh of a day: the orders
    // placed in a span of time, not a scan of every order (migration 0028).
    index("buying_history_placed_idx").on(t.placedAt),
    index("buying_history_admin_idx").on(t.isChecked, t.checkedDate.desc()).where(sql`not ${t.isDraft}`),
    index("buying_history_status_idx").on(t.status),
    index("buying_history_hold_idx").on(t.holdExpiresAt).where(sql`${t.holdExpiresAt} is not null`),
  ],
);

/** An order line: what was bought, as it was then (the spec's order with its totalPrice). */
export const orderLines = pgTable(
  "order_lines",
  {
    id: serial("id").primaryKey(),
    historyId: integer("history_id")
      .notNull()
      .references(() => buyingHistory.id, { onDelete: "cascade" }),
    productId: integer("product_id").references(() => products.id, { onDelete: "set null" }),
    variantId: integer("variant_id").references(() => productVariants.id, { onDelete: "set null" }),
    productName: varchar("product_name", { length: 160 }).notNull(),
    sizeName: varchar("size_name", { length: 40 }).notNull(),
    colorName: varchar("color_name", { length: 40 }).notNull(),
    sku: varchar("sku", { length: 64 }).notNull(),
    filename: varchar("filename", { length: 200 }),
    unitPrice: integer("unit_price").notNull(),
    quantity: integer("quantity").notNull(),
    /** unitPrice × quantity: the spec's totalPrice of one order. */
    totalPrice: integer("total_price").notNull(),
    /** This line's share of the order's discount (promotions): what was paid is totalPrice − discount. */
    discount: integer("discount").notNull().default(0),
    /** Units given back by an approved return (restocked). */
    returnedQuantity: integer("returned_quantity").notNull().default(0),
  },
  (t) => [
    check("order_lines_quantity_check", sql`${t.quantity} > 0`),
    check("order_lines_returned_check", sql`${t.returnedQuantity} between 0 and ${t.quantity}`),
    check("order_lines_total_check", sql`${t.totalPrice} = ${t.unitPrice} * ${t.quantity}`),
    check("order_lines_discount_check", sql`${t.discount} between 0 and ${t.totalPrice}`),
    index("order_lines_history_idx").on(t.historyId),
    index("order_lines_product_idx").on(t.productId),
  ],
);

/** The order's timeline: every status change, payment, check and note, with who and when. */
export const orderEvents = pgTable(
  "order_events",
  {
    id: serial("id").primaryKey(),
    historyId: integer("history_id")
      .notNull()
      .references(() => buyingHistory.id, { onDelete: "cascade" }),
    /** status | payment | checked | unchecked | note | request | tracking | refund … */
    kind: varchar("kind", { length: 24 }).notNull(),
    fromStatus: varchar("from_status", { length: 20 }).$type<OrderStatus>(),
    toStatus: varchar("to_status", { length: 20 }).$type<OrderStatus>(),
    message: text("message").notNull().default(""),
    /** Shown to the customer on their timeline (staff notes are not). */
    isPublic: boolean("is_public").notNull().default(true),
    actorUserId: text("actor_user_id").references(() => users.id, { onDelete: "set null" }),
    /** Who did it, as named then: a staff member, "Customer", "System", "Stripe". */
    actorName: varchar("actor_name", { length: 120 }).notNull(),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (t) => [index("order_events_history_idx").on(t.historyId, t.createdAt)],
);

/** Money in (payments) and out (refunds) for an order; refunds never exceed what was paid. */
export const payments = pgTable(
  "payments",
  {
    id: serial("id").primaryKey(),
    historyId: integer("history_id")
      .notNull()
      .references(() => buyingHistory.id, { onDelete: "cascade" }),
    kind: varchar("kind", { length: 10 }).$type<"payment" | "refund">().notNull(),
    method: varchar("method", { length: 20 }).$type<PaymentMethod>().notNull(),
    amount: integer("amount").notNull(),
    /** Transfer transaction id, Stripe payment intent or refund id. */
    reference: varchar("reference", { length: 255 }),
    note: text("note").notNull().default(""),
    recordedBy: text("recorded_by").references(() => users.id, { onDelete: "set null" }),
    recordedByName: varchar("recorded_by_name", { length: 120 }).notNull(),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (t) => [check("payments_amount_check", sql`${t.amount} > 0`), index("payments_history_idx").on(t.historyId)],
);

/** A Stripe event already applied (replays change nothing). */
export const processedWebhookEvents = pgTable("processed_webhook_events", {
  id: varchar("id", { length: 255 }).primaryKey(),
  provider: varchar("provider", { length: 20 }).notNull(),
  type: varchar("type", { length: 80 }).notNull(),
  receivedAt: at("received_at").notNull().defaultNow(),
});

export const orderRequestKinds = ["cancel", "return"] as const;
export type OrderRequestKind = (typeof orderRequestKinds)[number];
export const orderRequestStatuses = ["open", "approved", "rejected", "received", "refunded"] as const;
export type OrderRequestStatus = (typeof orderRequestStatuses)[number];

/** A customer's cancel or return request on an order (staff side: issue 7). */
export const orderRequests = pgTable(
  "order_requests",
  {
    id: serial("id").primaryKey(),
    historyId: integer("history_id")
      .notNull()
      .references(() => buyingHistory.id, { onDelete: "cascade" }),
    kind: varchar("kind", { length: 10 }).$type<OrderRequestKind>().notNull(),
    status: varchar("status", { length: 12 }).$type<OrderRequestStatus>().notNull().default("open"),
    reason: text("reason").notNull(),
    /** Return: which lines and how many units. */
    items: jsonb("items").$type<{ orderLineId: number; quantity: number }[]>().notNull().default([]),
    /** Return: photo filenames from the media pipeline. */
    photos: text("photos").array().notNull().default(sql`'{}'::text[]`),
    resolutionNote: text("resolution_note").notNull().default(""),
    isChecked: boolean("is_checked").notNull().default(false),
    decidedBy: text("decided_by").references(() => users.id, { onDelete: "set null" }),
    decidedAt: at("decided_at"),
    version: integer("version").notNull().default(1),
    createdAt: at("created_at").notNull().defaultNow(),
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (t) => [
    index("order_requests_history_idx").on(t.historyId),
    index("order_requests_status_idx").on(t.status, t.createdAt.desc()),
    uniqueIndex("order_requests_one_open_key").on(t.historyId, t.kind).where(sql`${t.status} = 'open'`),
  ],
);

/** Messages sent from /contact, kept for staff (and mailed to the shop). */
export const contactMessages = pgTable(
  "contact_messages",
  {
    id: serial("id").primaryKey(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    name: varchar("name", { length: 120 }).notNull(),
    email: varchar("email", { length: 254 }).notNull(),
    subject: varchar("subject", { length: 160 }).notNull(),
    message: text("message").notNull(),
    isHandled: boolean("is_handled").notNull().default(false),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (t) => [index("contact_messages_created_idx").on(t.createdAt.desc())],
);

/** The shop's payment settings: what a manual-transfer shopper is shown. */
export interface ManualTransferSettings {
  enabled: boolean;
  /** e.g. "Mobile money (bKash)" or "Bank transfer". */
  title: string;
  /** Account name, number, bank/branch or wallet: free text shown at checkout. */
  instructions: string;
}
