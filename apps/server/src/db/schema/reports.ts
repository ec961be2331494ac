/**
 * Reports (issue 17): daily roll-ups of sales, one row per store-local day and dimension
 * combination, refreshed by the job queue (modules/reports/rollup.ts, ADR 0014). Triggers
 * on orders, order lines and payments mark the hours whose orders changed in
 * `report_dirty_hours`; the refresh job recomputes the days those hours fall on, so a late
 * change (a refund of last month's order) updates last month's roll-up.
 *
 * Every figure is attributed to the day the order was placed (store time zone). Money is
 * minor units (bigint: a year of sales overflows integer).
 */
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  varchar,
} from "drizzle-orm/pg-core";

const money = (name: string) => bigint(name, { mode: "number" }).notNull().default(0);
const units = (name: string) => integer(name).notNull().default(0);

/** Order-level figures per day × payment method × zone × coupon × tax rate × region × guest. */
export const reportDailyOrders = pgTable(
  "report_daily_orders",
  {
    day: date("day").notNull(),
    paymentMethod: varchar("payment_method", { length: 20 }).notNull(),
    zoneId: integer("zone_id"),
    zoneName: varchar("zone_name", { length: 80 }).notNull(),
    couponCode: varchar("coupon_code", { length: 64 }),
    taxRateBasisPoints: integer("tax_rate_bp").notNull(),
    /** Shipping country, with its subdivision when given ("US-CA"). */
    region: varchar("region", { length: 100 }).notNull(),
    isGuest: boolean("is_guest").notNull(),
    orders: units("orders"),
    units: units("units"),
    gross: money("gross"),
    discount: money("discount"),
    returnedUnits: units("returned_units"),
    /** Value of returned units at the price paid (after their share of the discount). */
    returns: money("returns"),
    delivery: money("delivery"),
    tax: money("tax"),
    total: money("total"),
    /** Money refunded, and the tax share of it (refund × order tax ÷ order total). */
    refunded: money("refunded"),
    refundTax: money("refund_tax"),
    /** From the payment ledger (migration 0016): money received (captured, cash collected,
     * transfer verified) and money lost to disputes, on the order's day. */
    received: money("received"),
    disputed: money("disputed"),
    /** Payment providers' fees (migration 0019): on money received, less fees given back with refunds. */
    fees: money("fees"),
  },
  (t) => [index("report_daily_orders_day_idx").on(t.day)],
);

/**
 * Line-level figures per day × product × variant × payment method × zone × warehouse. A line
 * whose units were allocated to two warehouses is split by its allocations (money shared
 * by cumulative rounding, so the parts add up to the line exactly); a line without
 * allocations (orders before warehouses) has no warehouse.
 */
export const reportDailyLines = pgTable(
  "report_daily_lines",
  {
    day: date("day").notNull(),
    productId: integer("product_id"),
    variantId: integer("variant_id"),
    paymentMethod: varchar("payment_method", { length: 20 }).notNull(),
    zoneId: integer("zone_id"),
    warehouseId: integer("warehouse_id"),
    productName: varchar("product_name", { length: 160 }).notNull(),
    /** "M / Black": the size and color as ordered. */
    variantLabel: varchar("variant_label", { length: 90 }).notNull(),
    /** Orders with this variant (an order counts once per variant). */
    orders: units("orders"),
    units: units("units"),
    gross: money("gross"),
    discount: money("discount"),
    returnedUnits: units("returned_units"),
    returns: money("returns"),
  },
  (t) => [
    index("report_daily_lines_day_idx").on(t.day),
    index("report_daily_lines_variant_idx").on(t.variantId, t.day),
    // The inventory report's "last sale" of a product: one backward probe.
    index("report_daily_lines_product_idx").on(t.productId, t.day),
  ],
);

/**
 * The money and orders beside `units` in the running totals (migration 0026): through each
 * of `days`, the orders (an order counts once per variant, as in `report_daily_lines`),
 * gross, discounts and returns, so the sales report's product, variant, category, series,
 * type, collab and top/bottom views read a range as two binary searches per row.
 */
const salesRunningTotals = () => ({
  // Empty by default: rows a previous version writes during a rolling upgrade get them
  // empty, and `sales_totals_time_zone` rebuilds them (rollup.ts).
  orders: integer("orders").array().notNull().default(sql`'{}'`),
  gross: bigint("gross", { mode: "number" }).array().notNull().default(sql`'{}'`),
  discount: bigint("discount", { mode: "number" }).array().notNull().default(sql`'{}'`),
  returns: bigint("returns", { mode: "number" }).array().notNull().default(sql`'{}'`),
});

/**
 * The inventory report's units sold per variant as running totals (ADR 0014, 2026-11-26,
 * migration 0022): one row per variant, `days` its sale days ascending and `units[i]` the
 * units it sold through `days[i]` (all warehouses, all of history). Units sold in [a, b] =
 * units[width_bucket(b, days)] − units[width_bucket(a − 1, days)] (index 0 reads null: 0),
 * two binary searches in one row instead of summing every daily row of every variant.
 * Derived from `report_daily_lines`: a refresh of a day rebuilds the rows of the variants
 * that sold on it, before or after the change.
 */
export const reportVariantSales = pgTable(
  "report_variant_sales",
  {
    variantId: integer("variant_id").primaryKey(),
    days: date("days").array().notNull(),
    units: integer("units").array().notNull(),
    ...salesRunningTotals(),
    /** The last of `days` (migration 0025): dead stock reads it without touching the arrays. */
    lastDay: date("last_day").generatedAlwaysAs(sql`days[cardinality(days)]`),
    /** The one before it (migration 0027): the last sale before today when the roll-up holds today. */
    previousDay: date("previous_day").generatedAlwaysAs(sql`days[cardinality(days) - 1]`),
  },
  // Dead stock over every variant as an index-only scan (migration 0027), not a read of every row's arrays.
  (t) => [index("report_variant_sales_last_days_idx").on(t.variantId, t.lastDay, t.previousDay)],
);

/**
 * The same running totals per product (migration 0025): the inventory report's product
 * table and totals read 10,000 products' rows instead of their 125,000 variants'.
 */
export const reportProductSales = pgTable("report_product_sales", {
  productId: integer("product_id").primaryKey(),
  days: date("days").array().notNull(),
  units: integer("units").array().notNull(),
  ...salesRunningTotals(),
});

/**
 * `report_daily_lines` summed per day × warehouse: the inventory report's chart (units and
 * net sales per period) without a product filter.
 */
export const reportDailyLineTotals = pgTable(
  "report_daily_line_totals",
  {
    day: date("day").notNull(),
    warehouseId: integer("warehouse_id"),
    units: units("units"),
    /** Migration 0026: the sales report's warehouse view reads it (an order counts once per variant, as in report_daily_lines). */
    orders: units("orders"),
    gross: money("gross"),
    discount: money("discount"),
    returns: money("returns"),
  },
  (t) => [index("report_daily_line_totals_day_idx").on(t.day)],
);

/**
 * The customers report's roll-up (ADR 0014, 2026-11-26): one row per customer × store-local
 * day × payment method × zone × city, with the customer's lifetime figures (all of history,
 * unfiltered) copied onto each row. A customer is an account, or a guest's email
 * (lower-cased). A refresh recomputes every row of the customers who ordered on a dirty
 * day, so a late order or refund updates all of their days.
 */
export const reportCustomerDays = pgTable(
  "report_customer_days",
  {
    customer: text("customer").notNull(),
    day: date("day").notNull(),
    paymentMethod: varchar("payment_method", { length: 20 }).notNull(),
    zoneId: integer("zone_id"),
    zoneName: varchar("zone_name", { length: 80 }).notNull(),
    city: text("city").notNull(),
    /** The account (null: a guest). */
    userId: text("user_id"),
    name: text("name").notNull(),
    email: text("email").notNull(),
    orders: units("orders"),
    /** Order totals − refunds. */
    spent: money("spent"),
    /** The customer's previous day with an order ('-infinity': this is their first). */
    prevDay: date("prev_day").notNull(),
    /** One row of each customer's day leads (counts the customer once). */
    lead: boolean("lead").notNull(),
    /** One row of each customer's month leads (counts them once in the month's cohort cell). */
    monthLead: boolean("month_lead").notNull(),
    firstDay: date("first_day").notNull(),
    lifetimeOrders: units("lifetime_orders"),
    lifetimeSpent: money("lifetime_spent"),
  },
  (t) => [index("report_customer_days_day_idx").on(t.day), index("report_customer_days_customer_idx").on(t.customer)],
);

/**
 * `report_customer_days` summed per day × previous day, so that the customers of any
 * range [a, b] are a sum, not a distinct count: a customer is counted on their first day
 * in the range, the day whose previous day is before a.
 */
export const reportCustomerSpans = pgTable(
  "report_customer_spans",
  {
    day: date("day").notNull(),
    prevDay: date("prev_day").notNull(),
    customers: units("customers"),
    /** Of those, customers whose first day is in this day's week (month): the new ones of a week (month). */
    newWeek: units("new_week"),
    newMonth: units("new_month"),
    /** Of those, customers who ordered more than once in their lifetime. */
    repeaters: units("repeaters"),
    /** Of those, the sum of their lifetime spent (the average lifetime value's numerator). */
    lifetimeSpent: money("lifetime_spent"),
    orders: units("orders"),
    guestOrders: units("guest_orders"),
    spent: money("spent"),
  },
  (t) => [primaryKey({ columns: [t.day, t.prevDay] })],
);

/**
 * `report_customer_days`' month leads counted per first day × day: the cohorts (customers
 * whose first day is in a range, and how many of them ordered in each later month) are sums.
 */
export const reportCustomerCohorts = pgTable(
  "report_customer_cohorts",
  {
    firstDay: date("first_day").notNull(),
    day: date("day").notNull(),
    customers: units("customers"),
  },
  (t) => [primaryKey({ columns: [t.firstDay, t.day] })],
);

/**
 * `report_customer_days` summed per group (`dim`: 'city', 'zone' — the zone's name — or
 * 'guest' — 'Guest' or 'Account') × day × the customer's previous day in that group, so
 * that the customers of a group in any range [a, b] are a sum (those whose previous day in
 * the group is before a), like `report_customer_spans` (ADR 0014, 2026-11-26 third section).
 */
export const reportCustomerGroupSpans = pgTable(
  "report_customer_group_spans",
  {
    dim: varchar("dim", { length: 8 }).notNull(),
    grp: text("grp").notNull(),
    day: date("day").notNull(),
    prevDay: date("prev_day").notNull(),
    customers: units("customers"),
    orders: units("orders"),
    spent: money("spent"),
  },
  (t) => [primaryKey({ columns: [t.dim, t.day, t.grp, t.prevDay] })],
);

/**
 * Per customer: the days they ordered (ascending) and their orders and spent through each,
 * so a customer's figures in [a, b] are two binary searches (the top customers' candidates).
 */
export const reportCustomerTotals = pgTable("report_customer_totals", {
  customer: text("customer").primaryKey(),
  days: date("days").array().notNull(),
  orders: integer("orders").array().notNull(),
  spent: bigint("spent", { mode: "number" }).array().notNull(),
});

/** Hours (UTC, truncated) whose orders changed since the last refresh. */
export const reportDirtyHours = pgTable("report_dirty_hours", {
  hour: timestamp("hour", { withTimezone: true }).primaryKey(),
});

/** The roll-up's state: the time zone its days are in (another zone rebuilds it all). */
export const reportRollupState = pgTable(
  "report_rollup_state",
  {
    id: smallint("id").primaryKey().default(1),
    timeZone: varchar("time_zone", { length: 64 }),
    /**
     * The time zone the customer roll-ups (migration 0021) are built for: kept apart so that
     * a previous version, which rebuilds only the others, never leaves them unbuilt.
     */
    customersTimeZone: varchar("customers_time_zone", { length: 64 }),
    /** The same for the inventory roll-ups (migration 0022: `report_variant_sales`, `report_daily_line_totals`). */
    inventoryTimeZone: varchar("inventory_time_zone", { length: 64 }),
    /** The same for `report_customer_group_spans` and `report_customer_totals` (migration 0024). */
    customerGroupsTimeZone: varchar("customer_groups_time_zone", { length: 64 }),
    /** The same for `report_product_sales` and `report_variant_sales.last_day` (migration 0025). */
    inventoryProductsTimeZone: varchar("inventory_products_time_zone", { length: 64 }),
    /** The same for the running totals' money columns and the day totals' orders (migration 0026). */
    salesTotalsTimeZone: varchar("sales_totals_time_zone", { length: 64 }),
    refreshedAt: timestamp("refreshed_at", { withTimezone: true }),
  },
  (t) => [check("report_rollup_state_singleton", sql`${t.id} = 1`)],
);
