/** Transfers between warehouses: units leave one warehouse now and arrive at the other when received. */
import type { Transfer } from "@atelier/contract";
import { eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { stockTransfers, warehouses } from "../../db/schema/index.ts";
import { ConflictError, NotFoundError } from "../../errors.ts";
import { type ActivityActor, recordActivity } from "../activity-log/index.ts";
import { levelOf, lockedVariant } from "./adjust.ts";
import { post } from "./ledger.ts";
import { activeWarehouse } from "./warehouses.ts";

async function transferView(tx: Db | Tx, id: number): Promise<Transfer> {
  const list = await transfers(tx, { id });
  const found = list[0];
  if (!found) throw new NotFoundError("No such transfer.");
  return found;
}

export async function transfers(tx: Db | Tx, filter: { id?: number; status?: "in_transit" | "received" }) {
  const result = await tx.execute<{
    id: number;
    variant_id: number;
    sku: string;
    product_name: string;
    from_id: number;
    from_name: string;
    to_id: number;
    to_name: string;
    quantity: number;
    status: "in_transit" | "received";
    note: string;
    created_by_name: string;
    created_at: Date;
    received_at: Date | null;
  }>(sql`
    select t.id, t.variant_id, v.sku, p.name as product_name, t.from_warehouse_id as from_id, f.name as from_name,
      t.to_warehouse_id as to_id, d.name as to_name, t.quantity, t.status, t.note, t.created_by_name,
      t.created_at, t.received_at
    from stock_transfers t
    join product_variants v on v.id = t.variant_id join products p on p.id = v.product_id
    join warehouses f on f.id = t.from_warehouse_id join warehouses d on d.id = t.to_warehouse_id
    where ${filter.id ? sql`t.id = ${filter.id}` : sql`true`}
      and ${filter.status ? sql`t.status = ${filter.status}` : sql`true`}
    order by t.id desc limit 200`);
  return result.rows.map(
    (row): Transfer => ({
      id: row.id,
      variantId: row.variant_id,
      sku: row.sku,
      productName: row.product_name,
      fromWarehouseId: row.from_id,
      fromWarehouseName: row.from_name,
      toWarehouseId: row.to_id,
      toWarehouseName: row.to_name,
      quantity: row.quantity,
      status: row.status,
      note: row.note,
      createdByName: row.created_by_name,
      createdAt: new Date(row.created_at).toISOString(),
      receivedAt: row.received_at ? new Date(row.received_at).toISOString() : null,
    }),
  );
}

export async function createTransfer(
  db: Db,
  input: { variantId: number; fromWarehouseId: number; toWarehouseId: number; quantity: number; note: string },
  actor: ActivityActor,
): Promise<Transfer> {
  return db.transaction(async (tx) => {
    const variant = await lockedVariant(tx, input.variantId);
    const from = await activeWarehouse(tx, input.fromWarehouseId, "fromWarehouseId");
    const to = await activeWarehouse(tx, input.toWarehouseId, "toWarehouseId");
    const { level } = await levelOf(tx, input.variantId, input.fromWarehouseId);
    if (input.quantity > level.available) {
      throw new ConflictError(
        `${variant.label}: only ${level.available} available in ${from.name}, so ${input.quantity} cannot be sent.`,
        { quantity: `at most ${level.available} available` },
      );
    }
    const [transfer] = await tx
      .insert(stockTransfers)
      .values({
        variantId: input.variantId,
        fromWarehouseId: from.id,
        toWarehouseId: to.id,
        quantity: input.quantity,
        note: input.note,
        createdByName: actor.name,
      })
      .returning({ id: stockTransfers.id });
    if (!transfer) throw new Error("transfer insert returned nothing");
    await post(tx, [
      {
        variantId: input.variantId,
        warehouseId: from.id,
        kind: "transfer",
        quantity: -input.quantity,
        reason: `Transfer #${transfer.id} out to ${to.name}${input.note ? `: ${input.note}` : ""}`,
        transferId: transfer.id,
        actorId: actor.id,
        actorName: actor.name,
      },
    ]);
    await recordActivity(tx, {
      actor,
      action: "stock.transfer",
      subject: { type: "variant", id: input.variantId, label: variant.sku },
      before: null,
      after: { transfer: transfer.id, from: from.code, to: to.code, quantity: input.quantity },
    });
    return transferView(tx, transfer.id);
  });
}

export async function receiveTransfer(db: Db, id: number, actor: ActivityActor): Promise<Transfer> {
  return db.transaction(async (tx) => {
    const [found] = await tx.select().from(stockTransfers).where(eq(stockTransfers.id, id));
    if (!found) throw new NotFoundError("No such transfer.");
    const variant = await lockedVariant(tx, found.variantId);
    const [transfer] = await tx.select().from(stockTransfers).where(eq(stockTransfers.id, id)).for("update");
    if (transfer?.status !== "in_transit") {
      throw new ConflictError("This transfer was already received.");
    }
    const [to] = await tx.select().from(warehouses).where(eq(warehouses.id, transfer.toWarehouseId));
    await post(tx, [
      {
        variantId: transfer.variantId,
        warehouseId: transfer.toWarehouseId,
        kind: "transfer",
        quantity: transfer.quantity,
        reason: `Transfer #${transfer.id} received`,
        transferId: transfer.id,
        actorId: actor.id,
        actorName: actor.name,
      },
    ]);
    await tx
      .update(stockTransfers)
      .set({ status: "received", receivedAt: new Date() })
      .where(eq(stockTransfers.id, id));
    await recordActivity(tx, {
      actor,
      action: "stock.receive",
      subject: { type: "variant", id: transfer.variantId, label: variant.sku },
      before: { transfer: id, status: "in_transit" },
      after: { transfer: id, status: "received", into: to?.code },
    });
    return transferView(tx, id);
  });
}
