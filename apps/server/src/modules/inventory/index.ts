/**
 * Inventory (issue 14): warehouses, the stock ledger, stock status, transfers, counts and
 * low stock. Checkout's allocation and restock live in ledger.ts (called by checkout,
 * card payments and refunds); the staff calls in service.ts and routes.ts; the daily
 * low-stock digest in digest.ts (a job of the queue).
 */
import { apiPaths } from "@atelier/contract/api-paths";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client.ts";
import type { JobQueue } from "../../infra/jobs.ts";
import type { Mailer } from "../mail/index.ts";
import { lowStockDigest } from "./digest.ts";
import { inventoryRoutes } from "./routes.ts";
import { inventoryService } from "./service.ts";

export function createInventory(deps: {
  db: Db;
  jobs: JobQueue;
  mailer: Mailer;
  log: FastifyBaseLogger;
  storeName: string;
  publicUrl: string;
  /** Stock the storefront shows changed: cached answers and pages go (every process). */
  invalidateCatalog: () => void;
  /** The store settings changed ("Only N left" limit): every process reloads them. */
  invalidateSettings: () => void;
}) {
  const service = inventoryService({ db: deps.db });
  const digest = lowStockDigest({ service, ...deps });
  return {
    service,
    digest,
    routes: inventoryRoutes(service, {
      invalidateCatalog: deps.invalidateCatalog,
      invalidateSettings: deps.invalidateSettings,
    }),
  };
}

export type InventoryModule = ReturnType<typeof createInventory>;

const restocking = new Set([`/api${apiPaths.adminOrderRequestApprove}`, `/api${apiPaths.adminOrderRequestReceived}`]);
const statusChanges = new Set([`/api${apiPaths.adminOrderStatus}`, `/api${apiPaths.adminOrdersBulk}`]);

/**
 * Whether a staff call may have put units back on sale (a cancelled order, an approved
 * cancellation request, received returned items): the storefront's copies must go.
 */
export function restocksUnits(method: string, url: string | undefined, body: unknown): boolean {
  if (method !== "POST" || !url) return false;
  if (restocking.has(url)) return true;
  return statusChanges.has(url) && (body as { to?: unknown } | null)?.to === "cancelled";
}
export {
  type Allocation,
  allocateFrom,
  confirmHolds,
  putBack,
  type ShippableLevel,
  shippableLevelsSql,
  shipsFrom,
  shortMessage,
} from "./ledger.ts";
