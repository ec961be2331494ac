/** Warehouses: the list with their zones and units, and saving one (one default, always active). */
import type { Warehouse, WarehouseInput, WarehouseList } from "@atelier/contract";
import { and, asc, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { deliveryZones, stockLevels, stockTransfers, warehouses, warehouseZones } from "../../db/schema/index.ts";
import { ConflictError, NotFoundError, ValidationError } from "../../errors.ts";
import { type ActivityActor, recordActivity } from "../activity-log/index.ts";

export type WarehouseBody = Required<Omit<WarehouseInput, "address">> & { address?: string };

function isUniqueViolation(error: unknown, constraint: string): boolean {
  const cause = (error as { cause?: { code?: string; constraint?: string } }).cause ?? error;
  const pgError = cause as { code?: string; constraint?: string };
  return pgError.code === "23505" && pgError.constraint === constraint;
}

async function warehouseView(db: Db, tx: Db | Tx, id: number): Promise<Warehouse> {
  const list = await listWarehouses(db, tx, id);
  const found = list[0];
  if (!found) throw new NotFoundError("No such warehouse.");
  return found;
}

async function listWarehouses(db: Db, tx: Db | Tx = db, only?: number): Promise<Warehouse[]> {
  const result = await tx.execute<{
    id: number;
    name: string;
    code: string;
    address: string;
    priority: number;
    is_active: boolean;
    is_default: boolean;
    ships_to_all_zones: boolean;
    zone_ids: number[];
    on_hand: number;
    used: boolean;
  }>(sql`
    select w.id, w.name, w.code, w.address, w.priority, w.is_active, w.is_default, w.ships_to_all_zones,
      coalesce((select array_agg(z.zone_id order by z.zone_id) from warehouse_zones z where z.warehouse_id = w.id), '{}') as zone_ids,
      coalesce((select sum(l.on_hand) from stock_levels l where l.warehouse_id = w.id), 0)::int as on_hand,
      exists (select 1 from stock_ledger g where g.warehouse_id = w.id) as used
    from warehouses w
    ${only === undefined ? sql`` : sql`where w.id = ${only}`}
    order by w.is_active desc, w.priority, w.id`);
  return result.rows.map((row) => ({
    id: row.id,
    name: row.name,
    code: row.code,
    address: row.address,
    priority: row.priority,
    isActive: row.is_active,
    isDefault: row.is_default,
    shipsToAllZones: row.ships_to_all_zones,
    zoneIds: row.zone_ids,
    onHand: row.on_hand,
    used: row.used,
  }));
}

export async function saveWarehouse(
  db: Db,
  id: number | null,
  input: WarehouseBody,
  actor: ActivityActor,
): Promise<Warehouse> {
  try {
    return await db.transaction(async (tx) => {
      const before = id === null ? null : await warehouseView(db, tx, id);
      if (id !== null) await tx.select().from(warehouses).where(eq(warehouses.id, id)).for("update");
      if (!input.isActive && input.isDefault) {
        throw new ValidationError("Check the warehouse.", { isDefault: "The default warehouse must be active." });
      }
      if (before?.isDefault && !input.isDefault) {
        throw new ValidationError("Check the warehouse.", {
          isDefault: "Make another warehouse the default instead: the shop always has one default.",
        });
      }
      if (before?.isActive && !input.isActive) {
        const [held] = await tx
          .select({ units: sql<number>`coalesce(sum(${stockLevels.onHand}), 0)::int` })
          .from(stockLevels)
          .where(eq(stockLevels.warehouseId, before.id));
        const [transit] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(stockTransfers)
          .where(and(eq(stockTransfers.toWarehouseId, before.id), eq(stockTransfers.status, "in_transit")));
        if ((held?.units ?? 0) > 0 || (transit?.n ?? 0) > 0) {
          throw new ConflictError(
            `${before.name} still holds ${held?.units ?? 0} units${(transit?.n ?? 0) > 0 ? ` and has ${transit?.n} transfers on the way` : ""}. Transfer its stock to another warehouse (or post it out with an adjustment) and receive its transfers, then deactivate it.`,
            { isActive: "holds stock" },
          );
        }
      }
      const zoneIds = [...new Set(input.zoneIds)];
      if (zoneIds.length > 0) {
        const known = await tx.select({ id: deliveryZones.id }).from(deliveryZones);
        const ids = new Set(known.map((zone) => zone.id));
        if (zoneIds.some((zone) => !ids.has(zone))) {
          throw new ValidationError("Check the warehouse.", { zoneIds: "Choose delivery zones that exist." });
        }
      }
      if (!input.shipsToAllZones && zoneIds.length === 0) {
        throw new ValidationError("Check the warehouse.", {
          zoneIds: "Choose at least one delivery zone, or let it ship to every zone.",
        });
      }
      if (input.isDefault) {
        await tx
          .update(warehouses)
          .set({ isDefault: false, updatedAt: new Date() })
          .where(and(eq(warehouses.isDefault, true), id === null ? sql`true` : sql`${warehouses.id} <> ${id}`));
      }
      const values = {
        name: input.name,
        code: input.code.toUpperCase(),
        address: input.address ?? "",
        priority: input.priority,
        isActive: input.isActive,
        isDefault: input.isDefault,
        shipsToAllZones: input.shipsToAllZones,
        updatedAt: new Date(),
      };
      let savedId: number;
      if (id === null) {
        const [row] = await tx.insert(warehouses).values(values).returning({ id: warehouses.id });
        if (!row) throw new Error("warehouse insert returned nothing");
        savedId = row.id;
      } else {
        await tx.update(warehouses).set(values).where(eq(warehouses.id, id));
        savedId = id;
      }
      await tx.delete(warehouseZones).where(eq(warehouseZones.warehouseId, savedId));
      if (zoneIds.length > 0) {
        await tx.insert(warehouseZones).values(zoneIds.map((zoneId) => ({ warehouseId: savedId, zoneId })));
      }
      const after = await warehouseView(db, tx, savedId);
      await recordActivity(tx, {
        actor,
        action: id === null ? "warehouse.create" : "warehouse.update",
        subject: { type: "warehouse", id: savedId, label: after.name },
        before: before ? { ...before, onHand: undefined, used: undefined } : null,
        after: { ...after, onHand: undefined, used: undefined },
      });
      return after;
    });
  } catch (error) {
    if (isUniqueViolation(error, "warehouses_code_key")) {
      throw new ConflictError("Another warehouse has that code.", { code: "is taken" });
    }
    if (isUniqueViolation(error, "warehouses_name_key")) {
      throw new ConflictError("Another warehouse has that name.", { name: "is taken" });
    }
    throw error;
  }
}

export async function activeWarehouse(tx: Db | Tx, id: number, field: string) {
  const [row] = await tx.select().from(warehouses).where(eq(warehouses.id, id));
  if (!row) throw new ValidationError("Choose a warehouse that exists.", { [field]: "does not exist" });
  if (!row.isActive) throw new ValidationError(`${row.name} is inactive.`, { [field]: "is inactive" });
  return row;
}

export async function warehouseList(db: Db): Promise<WarehouseList> {
  const zones = await db
    .select({ id: deliveryZones.id, name: deliveryZones.name })
    .from(deliveryZones)
    .orderBy(asc(deliveryZones.sortOrder), asc(deliveryZones.id));
  return { warehouses: await listWarehouses(db), zones };
}
