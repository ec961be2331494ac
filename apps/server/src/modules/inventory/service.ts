/**
 * The stock keeper's side of inventory (issue 14): warehouses, the stock status table,
 * adjustments, incoming stock, transfers, stock counts, a variant's ledger history, low
 * stock and its settings. Every stock change goes through `post()` (ledger.ts) with the
 * variant locked first; every staff change is recorded in the activity log.
 *
 * Each use case is a named function in a file named for it (adjust.ts, transfer.ts,
 * count.ts, …); this service binds them to the database for the routes.
 */
import type { Db } from "../../db/client.ts";
import { bound } from "../../infra/bound.ts";
import type { ActivityActor } from "../activity-log/index.ts";
import { adjustStock, setIncomingStock, setStockThreshold } from "./adjust.ts";
import { productAvailability } from "./availability.ts";
import { countStock, importStockCount } from "./count.ts";
import { variantHistory } from "./history.ts";
import { lowStockDigest, lowStockPage } from "./low-stock.ts";
import { readSettings, saveInventorySettings } from "./settings.ts";
import { stockCsv, stockPage } from "./stock-table.ts";
import { createTransfer, receiveTransfer, transfers } from "./transfer.ts";
import { saveWarehouse, type WarehouseBody, warehouseList } from "./warehouses.ts";

export function inventoryService(deps: { db: Db }) {
  const { db } = deps;

  return {
    settings: () => readSettings(db),
    availability: bound(db, productAvailability),
    lowStockDigest: bound(db, lowStockDigest),
    saveSettings: bound(db, saveInventorySettings),
    warehouses: bound(db, warehouseList),
    createWarehouse: (input: WarehouseBody, actor: ActivityActor) => saveWarehouse(db, null, input, actor),
    updateWarehouse: (id: number, input: WarehouseBody, actor: ActivityActor) => saveWarehouse(db, id, input, actor),
    stock: bound(db, stockPage),
    stockCsv: bound(db, stockCsv),
    adjust: bound(db, adjustStock),
    setIncoming: bound(db, setIncomingStock),
    history: bound(db, variantHistory),
    transfers: (status?: "in_transit" | "received") => transfers(db, status ? { status } : {}),
    createTransfer: bound(db, createTransfer),
    receiveTransfer: bound(db, receiveTransfer),
    count: bound(db, countStock),
    countImport: bound(db, importStockCount),
    lowStock: (page: number, pageSize: number) => lowStockPage(db, page, pageSize),
    setThreshold: bound(db, setStockThreshold),
  };
}

export type InventoryService = ReturnType<typeof inventoryService>;
