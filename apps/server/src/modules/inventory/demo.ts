/**
 * Demo inventory (issue 14), written once into a fresh demo shop: a second warehouse
 * (East depot, shipping to every zone, after Main by priority) holding part of the stock,
 * and some history a stock keeper would have made — deliveries received, damaged units
 * written off, transfers from Main (two still on the way), incoming deliveries with their
 * expected date, and low-stock thresholds on a product and a variant. Everything goes
 * through the staff service, so each change is a ledger row and an activity-log entry.
 *
 * Every variant keeps at least the units it had for sale, except the two on the way
 * (a few units of variants holding plenty): the browser tests pick stock from what the
 * API reports, never from fixed numbers.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import type { ActivityActor } from "../activity-log/index.ts";
import { inventoryService } from "./service.ts";

const keeper: ActivityActor = { id: null, name: "Demo stock keeper", email: "stock@atelier.example" };
const DAY = 24 * 3600 * 1000;

export async function seedDemoInventory(db: Db): Promise<boolean> {
  const existing = await db.execute<{ warehouses: number; transfers: number }>(
    sql`select (select count(*) from warehouses)::int as warehouses, (select count(*) from stock_transfers)::int as transfers`,
  );
  const counts = existing.rows[0];
  if (counts?.warehouses !== 1 || counts.transfers > 0) return false;
  const service = inventoryService({ db });
  const [main] = (await service.warehouses()).warehouses;
  if (!main) return false;
  const variants = await db.execute<{ id: number; product_id: number; stock: number }>(sql`
    select v.id, v.product_id, v.stock from product_variants v join products p on p.id = v.product_id
    where p.is_published and v.stock > 0 order by v.id limit 60`);
  if (variants.rows.length < 12) return false;
  const east = await service.createWarehouse(
    {
      name: "East depot",
      code: "EAST",
      address: "2 Dock Road, Newark, NJ 07114",
      priority: 20,
      isActive: true,
      isDefault: false,
      shipsToAllZones: true,
      zoneIds: [],
    },
    keeper,
  );
  const rows = variants.rows;
  for (const [index, variant] of rows.entries()) {
    // Deliveries received into Main for every third variant.
    if (index % 3 === 0) {
      await service.adjust(
        {
          variantId: variant.id,
          warehouseId: main.id,
          change: 12,
          reason: "received",
          note: `Delivery note DN-${1040 + index}`,
        },
        keeper,
      );
      variant.stock += 12;
    }
    // Part of the stock moves to East, received there.
    if (index % 2 === 0 && variant.stock >= 4) {
      const moved = Math.floor(variant.stock / 3);
      const sent = await service.createTransfer(
        {
          variantId: variant.id,
          fromWarehouseId: main.id,
          toWarehouseId: east.id,
          quantity: moved,
          note: "Restocking East",
        },
        keeper,
      );
      await service.receiveTransfer(sent.id, keeper);
    }
    // A damaged unit written off, then a delivery that made up for it.
    if (index % 7 === 3 && variant.stock >= 2) {
      await service.adjust(
        { variantId: variant.id, warehouseId: main.id, change: -1, reason: "damaged", note: "Torn seam" },
        keeper,
      );
      await service.adjust(
        { variantId: variant.id, warehouseId: main.id, change: 1, reason: "received", note: "Replacement unit" },
        keeper,
      );
    }
  }
  // Two transfers on the way (out of Main, not yet in East): of variants with plenty left.
  const plenty = rows.filter((variant) => variant.stock >= 20).slice(0, 2);
  for (const variant of plenty) {
    await service.createTransfer(
      { variantId: variant.id, fromWarehouseId: main.id, toWarehouseId: east.id, quantity: 2, note: "Van on Friday" },
      keeper,
    );
  }
  // Incoming deliveries for the variants with the fewest units.
  const fewest = [...rows].sort((a, b) => a.stock - b.stock || a.id - b.id).slice(0, 4);
  for (const [index, variant] of fewest.entries()) {
    await service.setIncoming(
      {
        variantId: variant.id,
        warehouseId: index % 2 === 0 ? main.id : east.id,
        incoming: 24,
        expectedOn: new Date(Date.now() + (5 + index * 3) * DAY).toISOString().slice(0, 10),
      },
      keeper,
    );
  }
  // Thresholds: a product kept deeper than the store default, and one variant.
  const [first, second] = rows;
  if (first) await service.setThreshold({ productId: first.product_id, threshold: 12 }, keeper);
  if (second) await service.setThreshold({ variantId: second.id, threshold: 30 }, keeper);
  return true;
}
