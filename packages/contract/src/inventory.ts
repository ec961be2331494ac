/**
 * Inventory (issue 14): warehouses, stock per variant per warehouse, the stock ledger,
 * adjustments, transfers, stock counts, incoming stock and low stock. Staff calls need
 * the `inventory` permission.
 */
import { z } from "zod";
import { apiPaths } from "./api-paths.ts";
import { ShopperStock } from "./catalog-products.ts";
import { Id, IdParam } from "./common.ts";
import { defineEndpoint } from "./endpoint.ts";

export const inventoryPaths = {
  warehouses: "/admin/inventory/warehouses",
  warehouse: "/admin/inventory/warehouses/:id",
  stock: "/admin/inventory/stock",
  stockExport: "/admin/inventory/stock/export",
  adjust: "/admin/inventory/stock/adjust",
  incoming: "/admin/inventory/stock/incoming",
  history: "/admin/inventory/variants/:id/history",
  transfers: "/admin/inventory/transfers",
  transferReceive: "/admin/inventory/transfers/:id/receive",
  count: "/admin/inventory/counts",
  countImport: "/admin/inventory/counts/import",
  lowStock: "/admin/inventory/low-stock",
  thresholds: "/admin/inventory/thresholds",
  settings: "/admin/inventory/settings",
  /** Public: a product's available units per variant for a delivery zone (storefront, after hydration). */
  availability: apiPaths.productAvailability,
} as const;

export const adjustmentReasons = ["received", "damaged", "lost", "correction"] as const;
export type AdjustmentReason = (typeof adjustmentReasons)[number];
export const adjustmentReasonLabels: Record<AdjustmentReason, string> = {
  received: "Received",
  damaged: "Damaged",
  lost: "Lost",
  correction: "Correction",
};
export const stockLedgerKindLabels = {
  order: "Order",
  refund: "Cancellation",
  return: "Return",
  adjustment: "Adjustment",
  transfer: "Transfer",
  import: "Import",
  count: "Stock count",
  hold: "Card hold",
} as const;

const Text = (max: number) => z.string().trim().max(max);
const Quantity = z
  .number({ error: "must be a number" })
  .int({ error: "must be a whole number" })
  .max(1_000_000, { error: "is too large" });

export const Warehouse = z
  .object({
    id: Id,
    name: z.string(),
    code: z.string(),
    address: z.string(),
    priority: z.number().int(),
    isActive: z.boolean(),
    isDefault: z.boolean(),
    shipsToAllZones: z.boolean(),
    zoneIds: z.array(Id),
    /** Units on hand across variants; a warehouse with stock cannot be deactivated. */
    onHand: z.number().int(),
    /** Has ledger rows: it can no longer be deleted. */
    used: z.boolean(),
  })
  .meta({ id: "Warehouse" });
export type Warehouse = z.infer<typeof Warehouse>;

export const WarehouseInput = z.object({
  name: Text(80).min(1, { error: "Enter a name." }),
  code: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,20}$/, { error: "Use 1-20 letters, digits, - or _." }),
  address: Text(500).default(""),
  priority: z.number().int().min(0).max(1000).default(100),
  isActive: z.boolean().default(true),
  isDefault: z.boolean().default(false),
  shipsToAllZones: z.boolean().default(true),
  zoneIds: z.array(Id).max(200).default([]),
});
export type WarehouseInput = z.input<typeof WarehouseInput>;

export const WarehouseList = z.object({
  warehouses: z.array(Warehouse),
  zones: z.array(z.object({ id: Id, name: z.string() })),
});
export type WarehouseList = z.infer<typeof WarehouseList>;

export const stockStates = ["in", "low", "out"] as const;
export const stockSorts = ["name", "sku", "available-asc", "available-desc", "on-hand-desc"] as const;

export const StockQuery = z.object({
  q: Text(100).optional(),
  categoryId: IdParam.optional(),
  seriesId: IdParam.optional(),
  productTypeId: IdParam.optional(),
  warehouseId: IdParam.optional(),
  state: z.enum(stockStates).optional(),
  sort: z.enum(stockSorts).default("name"),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export type StockQuery = z.input<typeof StockQuery>;

export const StockLevel = z.object({
  warehouseId: Id,
  onHand: z.number().int(),
  reserved: z.number().int(),
  available: z.number().int(),
  incoming: z.number().int(),
  incomingExpectedOn: z.string().nullable(),
  version: z.number().int(),
});
export type StockLevel = z.infer<typeof StockLevel>;

export const StockRow = z
  .object({
    variantId: Id,
    productId: Id,
    productName: z.string(),
    sku: z.string(),
    sizeName: z.string(),
    colorName: z.string(),
    onHand: z.number().int(),
    reserved: z.number().int(),
    available: z.number().int(),
    incoming: z.number().int(),
    threshold: z.number().int(),
    state: z.enum(stockStates),
    levels: z.array(StockLevel),
  })
  .meta({ id: "StockRow" });
export type StockRow = z.infer<typeof StockRow>;

const NamedChoice = z.object({ id: Id, name: z.string() });

export const StockPage = z.object({
  items: z.array(StockRow),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  pageCount: z.number().int(),
  warehouses: z.array(z.object({ id: Id, name: z.string(), code: z.string(), isActive: z.boolean() })),
  /** The choices of the category, series and product type filters. */
  filters: z.object({
    categories: z.array(NamedChoice),
    series: z.array(NamedChoice),
    productTypes: z.array(NamedChoice),
  }),
});
export type StockPage = z.infer<typeof StockPage>;

export const AdjustInput = z.object({
  variantId: Id,
  warehouseId: Id,
  /** Units in (positive) or out (negative). */
  change: Quantity.refine((value) => value !== 0, { error: "Enter a change other than zero." }),
  reason: z.enum(adjustmentReasons),
  note: Text(200).default(""),
  /** The level's version the staff member saw: a changed level answers 409. */
  version: z.number().int().min(0).optional(),
});
export type AdjustInput = z.input<typeof AdjustInput>;

export const IncomingInput = z.object({
  variantId: Id,
  warehouseId: Id,
  incoming: Quantity.min(0, { error: "must be zero or more" }),
  expectedOn: z.iso.date({ error: "must be a date (YYYY-MM-DD)" }).nullable(),
});

export const LevelAnswer = z.object({ level: StockLevel, variantStock: z.number().int() });

export const LedgerEntry = z.object({
  id: z.number().int(),
  warehouseId: Id,
  warehouseName: z.string(),
  kind: z.string(),
  quantity: z.number().int(),
  reservedChange: z.number().int(),
  onHandAfter: z.number().int(),
  reservedAfter: z.number().int(),
  reason: z.string(),
  actorName: z.string(),
  orderNumber: z.string().nullable(),
  createdAt: z.string(),
});
export type LedgerEntry = z.infer<typeof LedgerEntry>;

export const VariantHistory = z
  .object({
    variantId: Id,
    productId: Id,
    productName: z.string(),
    sku: z.string(),
    sizeName: z.string(),
    colorName: z.string(),
    levels: z.array(StockLevel.extend({ warehouseName: z.string() })),
    entries: z.array(LedgerEntry),
    /** The total on hand after each change, oldest first (the chart). */
    series: z.array(z.object({ at: z.string(), onHand: z.number().int(), available: z.number().int() })),
  })
  .meta({ id: "VariantStockHistory" });
export type VariantHistory = z.infer<typeof VariantHistory>;

export const TransferInput = z
  .object({
    variantId: Id,
    fromWarehouseId: Id,
    toWarehouseId: Id,
    quantity: Quantity.min(1, { error: "must be at least 1" }),
    note: Text(200).default(""),
  })
  .refine((value) => value.fromWarehouseId !== value.toWarehouseId, {
    error: "Choose two different warehouses.",
    path: ["toWarehouseId"],
  });
export type TransferInput = z.input<typeof TransferInput>;

export const Transfer = z
  .object({
    id: Id,
    variantId: Id,
    sku: z.string(),
    productName: z.string(),
    fromWarehouseId: Id,
    fromWarehouseName: z.string(),
    toWarehouseId: Id,
    toWarehouseName: z.string(),
    quantity: z.number().int(),
    status: z.enum(["in_transit", "received"]),
    note: z.string(),
    createdByName: z.string(),
    createdAt: z.string(),
    receivedAt: z.string().nullable(),
  })
  .meta({ id: "StockTransfer" });
export type Transfer = z.infer<typeof Transfer>;

export const CountInput = z.object({
  warehouseId: Id,
  lines: z
    .array(
      z.object({
        sku: z.string().trim().min(1).max(64),
        counted: Quantity.min(0, { error: "must be zero or more" }),
      }),
    )
    .min(1)
    .max(5000),
  note: Text(200).default(""),
  /** Only report what would be posted, line by line. */
  dryRun: z.boolean().default(false),
});

export const CountImportInput = z.object({
  warehouseId: Id,
  csv: z.string().max(2_000_000),
  dryRun: z.boolean().default(true),
});

export const CountReport = z
  .object({
    posted: z.boolean(),
    lines: z.array(
      z.object({
        line: z.number().int(),
        sku: z.string(),
        counted: z.number().int().nullable(),
        expected: z.number().int().nullable(),
        difference: z.number().int().nullable(),
        error: z.string().nullable(),
      }),
    ),
    errors: z.number().int(),
  })
  .meta({ id: "StockCountReport" });
export type CountReport = z.infer<typeof CountReport>;

export const LowStockRow = z.object({
  variantId: Id,
  productId: Id,
  productName: z.string(),
  sku: z.string(),
  sizeName: z.string(),
  colorName: z.string(),
  available: z.number().int(),
  incoming: z.number().int(),
  threshold: z.number().int(),
  thresholdSource: z.enum(["variant", "product", "store"]),
  soldLast30Days: z.number().int(),
  /** Days the available units last at the recent rate of sales (null: no recent sales). */
  daysOfCover: z.number().nullable(),
  suggestedReorder: z.number().int(),
});
export type LowStockRow = z.infer<typeof LowStockRow>;

export const LowStockPage = z.object({
  items: z.array(LowStockRow),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  pageCount: z.number().int(),
});

export const ThresholdInput = z
  .object({
    variantId: Id.optional(),
    productId: Id.optional(),
    /** null removes the threshold (the next level up applies). */
    threshold: Quantity.min(0).nullable(),
  })
  .refine((value) => (value.variantId === undefined) !== (value.productId === undefined), {
    error: "Give a variant or a product.",
    path: ["variantId"],
  });

export const InventorySettings = z
  .object({
    lowStockDefault: Quantity.min(0),
    onlyLeftBelow: Quantity.min(0),
    reorderCoverDays: Quantity.min(1),
  })
  .meta({ id: "InventorySettings" });
export type InventorySettings = z.infer<typeof InventorySettings>;

/**
 * What a shopper can have of each variant: summed over the active warehouses that ship to
 * `zoneId` (all active warehouses when no zone, or an unknown one, is given).
 */
export const ProductAvailability = z
  .object({
    productId: Id,
    /** The zone the figures are for; null: every warehouse (the cached product page's figure). */
    zoneId: Id.nullable(),
    /** What the product page says of each variant there (no exact count above the "Only N left" limit). */
    variants: z.array(z.object({ variantId: Id, ...ShopperStock.shape })),
  })
  .meta({ id: "ProductAvailability" });
export type ProductAvailability = z.infer<typeof ProductAvailability>;

const tags = ["Inventory"] as const;
const access = { permission: "inventory" } as const;

export const inventoryEndpoints = {
  availability: defineEndpoint({
    method: "GET",
    path: inventoryPaths.availability,
    summary: "A published product's stock per variant for a delivery zone: in stock, only N left, or sold out",
    tags,
    access: "public",
    params: z.object({ productId: IdParam }),
    query: z.object({ zoneId: IdParam.optional() }),
    response: ProductAvailability,
  }),
  warehouses: defineEndpoint({
    method: "GET",
    path: inventoryPaths.warehouses,
    summary: "Warehouses with their zones and units on hand",
    tags,
    access,
    response: WarehouseList,
  }),
  createWarehouse: defineEndpoint({
    method: "POST",
    path: inventoryPaths.warehouses,
    summary: "Add a warehouse",
    tags,
    access,
    body: WarehouseInput,
    response: Warehouse,
  }),
  updateWarehouse: defineEndpoint({
    method: "PUT",
    path: inventoryPaths.warehouse,
    summary: "Edit a warehouse; deactivating one that holds stock answers 409 with what to do",
    tags,
    access,
    params: z.object({ id: IdParam }),
    body: WarehouseInput,
    response: Warehouse,
  }),
  stock: defineEndpoint({
    method: "GET",
    path: inventoryPaths.stock,
    summary: "Stock status: variants with on hand, reserved and available per warehouse",
    tags,
    access,
    query: StockQuery,
    response: StockPage,
  }),
  stockExport: defineEndpoint({
    method: "GET",
    path: inventoryPaths.stockExport,
    summary: "Stock status as CSV (same filters)",
    tags,
    access,
    query: StockQuery,
    response: z.string(),
  }),
  adjust: defineEndpoint({
    method: "POST",
    path: inventoryPaths.adjust,
    summary: "Adjust a level (received, damaged, lost, correction); a stale version answers 409",
    tags,
    access,
    body: AdjustInput,
    response: LevelAnswer,
  }),
  incoming: defineEndpoint({
    method: "POST",
    path: inventoryPaths.incoming,
    summary: "Set the incoming quantity and expected date of a level",
    tags,
    access,
    body: IncomingInput,
    response: LevelAnswer,
  }),
  history: defineEndpoint({
    method: "GET",
    path: inventoryPaths.history,
    summary: "A variant's levels and stock ledger",
    tags,
    access,
    params: z.object({ id: IdParam }),
    response: VariantHistory,
  }),
  transfers: defineEndpoint({
    method: "GET",
    path: inventoryPaths.transfers,
    summary: "Transfers between warehouses, newest first",
    tags,
    access,
    query: z.object({ status: z.enum(["in_transit", "received"]).optional() }),
    response: z.array(Transfer),
  }),
  createTransfer: defineEndpoint({
    method: "POST",
    path: inventoryPaths.transfers,
    summary: "Send units to another warehouse (out now, in when received); more than available answers 409",
    tags,
    access,
    body: TransferInput,
    response: Transfer,
  }),
  receiveTransfer: defineEndpoint({
    method: "POST",
    path: inventoryPaths.transferReceive,
    summary: "Receive a transfer in transit into its destination",
    tags,
    access,
    params: z.object({ id: IdParam }),
    response: Transfer,
  }),
  count: defineEndpoint({
    method: "POST",
    path: inventoryPaths.count,
    summary: "Post counted quantities for a warehouse (or a dry run): the differences go to the ledger",
    tags,
    access,
    body: CountInput,
    response: CountReport,
  }),
  countImport: defineEndpoint({
    method: "POST",
    path: inventoryPaths.countImport,
    summary: "A stock count from CSV (sku,counted): a dry run reports by line; any error posts nothing",
    tags,
    access,
    body: CountImportInput,
    response: CountReport,
  }),
  lowStock: defineEndpoint({
    method: "GET",
    path: inventoryPaths.lowStock,
    summary: "Variants at or under their low-stock threshold, with days of cover and a suggested reorder",
    tags,
    access,
    query: z.object({
      page: z.coerce.number().int().min(1).max(100_000).default(1),
      pageSize: z.coerce.number().int().min(1).max(100).default(25),
    }),
    response: LowStockPage,
  }),
  setThreshold: defineEndpoint({
    method: "PUT",
    path: inventoryPaths.thresholds,
    summary: "Set or clear a low-stock threshold of a variant or a product",
    tags,
    access,
    body: ThresholdInput,
    response: z.object({ threshold: z.number().int().nullable() }),
  }),
  settings: defineEndpoint({
    method: "GET",
    path: inventoryPaths.settings,
    summary: "Inventory settings: store low-stock default, 'Only N left' limit, reorder cover",
    tags,
    access,
    response: InventorySettings,
  }),
  saveSettings: defineEndpoint({
    method: "PUT",
    path: inventoryPaths.settings,
    summary: "Save the inventory settings",
    tags,
    access,
    body: InventorySettings,
    response: InventorySettings,
  }),
};
