/** Inventory settings (low-stock default, "only N left" limit, reorder cover): read by every stock page, saved by staff. */
import type { InventorySettings } from "@atelier/contract";
import { eq } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { inventorySettings } from "../../db/schema/index.ts";
import { type ActivityActor, recordActivity } from "../activity-log/index.ts";

const DEFAULT_SETTINGS: InventorySettings = { lowStockDefault: 5, onlyLeftBelow: 5, reorderCoverDays: 30 };

export async function readSettings(db: Db, tx: Db | Tx = db): Promise<InventorySettings> {
  const [row] = await tx.select().from(inventorySettings).where(eq(inventorySettings.id, 1));
  return row
    ? {
        lowStockDefault: row.lowStockDefault,
        onlyLeftBelow: row.onlyLeftBelow,
        reorderCoverDays: row.reorderCoverDays,
      }
    : DEFAULT_SETTINGS;
}

export async function saveInventorySettings(
  db: Db,
  input: InventorySettings,
  actor: ActivityActor,
): Promise<InventorySettings> {
  return db.transaction(async (tx) => {
    const before = await readSettings(db, tx);
    await tx
      .insert(inventorySettings)
      .values({ id: 1, ...input, updatedAt: new Date() })
      .onConflictDoUpdate({ target: inventorySettings.id, set: { ...input, updatedAt: new Date() } });
    await recordActivity(tx, {
      actor,
      action: "inventory.settings",
      subject: { type: "inventory", id: 1, label: "Inventory settings" },
      before,
      after: input,
    });
    return input;
  });
}
