/**
 * Inventory (issue 14): warehouses, stock per variant per warehouse, and the stock ledger.
 *
 * Every change of stock is a `stock_ledger` row; a trigger on its insert is the ONLY
 * writer of `stock_levels` (another trigger refuses any other change), so a level always
 * equals the sum of its ledger rows. `product_variants.stock` stays what the storefront,
 * search and cart read: a trigger keeps it equal to the available units (on hand −
 * reserved) over active warehouses, and a direct write to it (the product editor, the
 * product CSV import, older code) is turned into ledger rows in the default warehouse.
 * The SQL lives in migration 0012_inventory.
 */
import { sql } from "drizzle-orm";
import {
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";
import { products, productVariants } from "./catalog.ts";
import { buyingHistory, deliveryZones, orderLines } from "./commerce.ts";
import { users } from "./identity.ts";

const at = (name: string) => timestamp(name, { withTimezone: true });

export const warehouses = pgTable(
  "warehouses",
  {
    id: serial("id").primaryKey(),
    name: varchar("name", { length: 80 }).notNull(),
    /** Short code staff and CSV files use, e.g. "MAIN". */
    code: varchar("code", { length: 20 }).notNull(),
    address: text("address").notNull().default(""),
    /** Checkout takes stock from the lowest number first. */
    priority: smallint("priority").notNull().default(100),
    isActive: boolean("is_active").notNull().default(true),
    isDefault: boolean("is_default").notNull().default(false),
    /** True: ships to every delivery zone; false: only to the zones in warehouse_zones. */
    shipsToAllZones: boolean("ships_to_all_zones").notNull().default(true),
    createdAt: at("created_at").notNull().defaultNow(),
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("warehouses_code_key").on(sql`upper(${t.code})`),
    uniqueIndex("warehouses_name_key").on(sql`lower(${t.name})`),
    uniqueIndex("warehouses_one_default_key").on(t.isDefault).where(sql`${t.isDefault}`),
    check("warehouses_default_active_check", sql`not ${t.isDefault} or ${t.isActive}`),
  ],
);

export const warehouseZones = pgTable(
  "warehouse_zones",
  {
    warehouseId: integer("warehouse_id")
      .notNull()
      .references(() => warehouses.id, { onDelete: "cascade" }),
    zoneId: integer("zone_id")
      .notNull()
      .references(() => deliveryZones.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.warehouseId, t.zoneId] }), index("warehouse_zones_zone_idx").on(t.zoneId)],
);

export const stockLevels = pgTable(
  "stock_levels",
  {
    variantId: integer("variant_id")
      .notNull()
      .references(() => productVariants.id, { onDelete: "cascade" }),
    warehouseId: integer("warehouse_id")
      .notNull()
      .references(() => warehouses.id, { onDelete: "restrict" }),
    onHand: integer("on_hand").notNull().default(0),
    /** Units held for unpaid card orders: on hand but not available. */
    reserved: integer("reserved").notNull().default(0),
    /** Bumped by every ledger row: staff edits send the version they saw. */
    version: integer("version").notNull().default(0),
    /** Units on their way from a supplier, shown to staff (and "back soon" to shoppers). */
    incoming: integer("incoming").notNull().default(0),
    incomingExpectedOn: date("incoming_expected_on"),
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.variantId, t.warehouseId] }),
    index("stock_levels_warehouse_idx").on(t.warehouseId),
    check("stock_levels_on_hand_check", sql`${t.onHand} >= 0`),
    check("stock_levels_reserved_check", sql`${t.reserved} >= 0 and ${t.reserved} <= ${t.onHand}`),
    check("stock_levels_incoming_check", sql`${t.incoming} >= 0`),
  ],
);

export const stockLedgerKinds = [
  "order",
  "refund",
  "return",
  "adjustment",
  "transfer",
  "import",
  "count",
  "hold",
] as const;
export type StockLedgerKind = (typeof stockLedgerKinds)[number];

export const stockLedger = pgTable(
  "stock_ledger",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    variantId: integer("variant_id")
      .notNull()
      .references(() => productVariants.id, { onDelete: "cascade" }),
    warehouseId: integer("warehouse_id")
      .notNull()
      .references(() => warehouses.id, { onDelete: "restrict" }),
    kind: varchar("kind", { length: 20 }).$type<StockLedgerKind>().notNull(),
    /** Change of on hand (negative: out). */
    quantity: integer("quantity").notNull(),
    /** Change of reserved (card holds). */
    reservedChange: integer("reserved_change").notNull().default(0),
    /** Set by the trigger: the level right after this row. */
    onHandAfter: integer("on_hand_after").notNull().default(0),
    reservedAfter: integer("reserved_after").notNull().default(0),
    reason: varchar("reason", { length: 300 }).notNull().default(""),
    actorId: text("actor_id").references(() => users.id, { onDelete: "set null" }),
    actorName: varchar("actor_name", { length: 120 }).notNull().default("System"),
    orderId: integer("order_id").references(() => buyingHistory.id, { onDelete: "set null" }),
    transferId: integer("transfer_id"),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (t) => [
    index("stock_ledger_level_idx").on(t.variantId, t.warehouseId, t.id),
    index("stock_ledger_created_idx").on(t.createdAt),
    index("stock_ledger_order_idx").on(t.orderId),
    check(
      "stock_ledger_kind_check",
      sql`${t.kind} in ('order','refund','return','adjustment','transfer','import','count','hold')`,
    ),
    check("stock_ledger_change_check", sql`${t.quantity} <> 0 or ${t.reservedChange} <> 0`),
  ],
);

/** A transfer between warehouses: out of the source when sent, into the destination when received. */
export const stockTransfers = pgTable(
  "stock_transfers",
  {
    id: serial("id").primaryKey(),
    variantId: integer("variant_id")
      .notNull()
      .references(() => productVariants.id, { onDelete: "cascade" }),
    fromWarehouseId: integer("from_warehouse_id")
      .notNull()
      .references(() => warehouses.id, { onDelete: "restrict" }),
    toWarehouseId: integer("to_warehouse_id")
      .notNull()
      .references(() => warehouses.id, { onDelete: "restrict" }),
    quantity: integer("quantity").notNull(),
    status: varchar("status", { length: 20 }).$type<"in_transit" | "received">().notNull().default("in_transit"),
    note: varchar("note", { length: 300 }).notNull().default(""),
    createdByName: varchar("created_by_name", { length: 120 }).notNull().default("System"),
    createdAt: at("created_at").notNull().defaultNow(),
    receivedAt: at("received_at"),
  },
  (t) => [
    index("stock_transfers_status_idx").on(t.status, t.id),
    check("stock_transfers_quantity_check", sql`${t.quantity} > 0`),
    check("stock_transfers_distinct_check", sql`${t.fromWarehouseId} <> ${t.toWarehouseId}`),
    check("stock_transfers_status_check", sql`${t.status} in ('in_transit','received')`),
  ],
);

/** What each order line takes from which warehouse; `held` while a card order waits for payment. */
export const orderLineAllocations = pgTable(
  "order_line_allocations",
  {
    id: serial("id").primaryKey(),
    orderLineId: integer("order_line_id")
      .notNull()
      .references(() => orderLines.id, { onDelete: "cascade" }),
    warehouseId: integer("warehouse_id")
      .notNull()
      .references(() => warehouses.id, { onDelete: "restrict" }),
    quantity: integer("quantity").notNull(),
    held: boolean("held").notNull().default(false),
    /** Units of this allocation already put back (cancellation, return, released hold). */
    restocked: integer("restocked").notNull().default(0),
  },
  (t) => [
    index("order_line_allocations_line_idx").on(t.orderLineId),
    check("order_line_allocations_quantity_check", sql`${t.quantity} > 0`),
    check("order_line_allocations_restocked_check", sql`${t.restocked} between 0 and ${t.quantity}`),
  ],
);

/** Low-stock thresholds: per variant, per product; the store default is in inventory_settings. */
export const stockThresholds = pgTable(
  "stock_thresholds",
  {
    id: serial("id").primaryKey(),
    variantId: integer("variant_id").references(() => productVariants.id, { onDelete: "cascade" }),
    productId: integer("product_id").references(() => products.id, { onDelete: "cascade" }),
    threshold: integer("threshold").notNull(),
  },
  (t) => [
    uniqueIndex("stock_thresholds_variant_key").on(t.variantId).where(sql`${t.variantId} is not null`),
    uniqueIndex("stock_thresholds_product_key").on(t.productId).where(sql`${t.productId} is not null`),
    check("stock_thresholds_one_target_check", sql`num_nonnulls(${t.variantId}, ${t.productId}) = 1`),
    check("stock_thresholds_threshold_check", sql`${t.threshold} >= 0`),
  ],
);

export const inventorySettings = pgTable(
  "inventory_settings",
  {
    id: smallint("id").primaryKey().default(1),
    /** A variant at or below this many available units is low (unless a threshold says otherwise). */
    lowStockDefault: integer("low_stock_default").notNull().default(5),
    /** The storefront says "Only N left" when available is at or below this (0: never). */
    onlyLeftBelow: integer("only_left_below").notNull().default(5),
    /** Days of sales the suggested reorder covers. */
    reorderCoverDays: integer("reorder_cover_days").notNull().default(30),
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (t) => [
    check("inventory_settings_singleton", sql`${t.id} = 1`),
    check(
      "inventory_settings_values_check",
      sql`${t.lowStockDefault} >= 0 and ${t.onlyLeftBelow} >= 0 and ${t.reorderCoverDays} > 0`,
    ),
  ],
);
