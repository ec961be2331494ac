/** Stock adjustments, incoming stock and low-stock thresholds: one variant at a time, locked first, posted to the ledger. */
import type { AdjustInput } from "@atelier/contract";
import { adjustmentReasonLabels } from "@atelier/contract";
import { and, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { stockLevels, stockThresholds } from "../../db/schema/index.ts";
import { ConflictError, NotFoundError, ValidationError } from "../../errors.ts";
import { type ActivityActor, recordActivity } from "../activity-log/index.ts";
import { lockVariants, post } from "./ledger.ts";
import { activeWarehouse } from "./warehouses.ts";

export async function levelOf(tx: Db | Tx, variantId: number, warehouseId: number) {
  const [level] = await tx
    .select()
    .from(stockLevels)
    .where(and(eq(stockLevels.variantId, variantId), eq(stockLevels.warehouseId, warehouseId)));
  const [variant] = await tx
    .execute<{ stock: number }>(sql`select stock from product_variants where id = ${variantId}`)
    .then((result) => result.rows);
  const view = {
    warehouseId,
    onHand: level?.onHand ?? 0,
    reserved: level?.reserved ?? 0,
    available: (level?.onHand ?? 0) - (level?.reserved ?? 0),
    incoming: level?.incoming ?? 0,
    incomingExpectedOn: level?.incomingExpectedOn ?? null,
    version: level?.version ?? 0,
  };
  return { level: view, variantStock: variant?.stock ?? 0 };
}

export async function lockedVariant(tx: Tx, variantId: number): Promise<{ sku: string; label: string }> {
  await lockVariants(tx, [variantId]);
  const result = await tx.execute<{ sku: string; label: string }>(sql`
    select v.sku, p.name || ' (' || s.name || ' / ' || c.name || ', ' || v.sku || ')' as label
    from product_variants v join products p on p.id = v.product_id
    join sizes s on s.id = v.size_id join colors c on c.id = v.color_id where v.id = ${variantId}`);
  const row = result.rows[0];
  if (!row) throw new NotFoundError("No such variant.");
  return row;
}

export async function adjustStock(
  db: Db,
  input: Required<Omit<AdjustInput, "version">> & { version?: number | undefined },
  actor: ActivityActor,
) {
  return db.transaction(async (tx) => {
    const variant = await lockedVariant(tx, input.variantId);
    const warehouse = await activeWarehouse(tx, input.warehouseId, "warehouseId");
    const before = await levelOf(tx, input.variantId, input.warehouseId);
    if (input.version !== undefined && input.version !== before.level.version) {
      throw new ConflictError(
        `The stock of ${variant.label} in ${warehouse.name} changed since you saw it (now ${before.level.onHand} on hand). Check it and adjust again.`,
        { version: "is stale" },
      );
    }
    if (before.level.onHand + input.change < before.level.reserved) {
      throw new ConflictError(
        `${variant.label} has ${before.level.onHand} on hand in ${warehouse.name} (${before.level.reserved} held for card orders): at most ${before.level.available} can go out.`,
        { change: `at most ${before.level.available} out` },
      );
    }
    if (input.reason === "received" && input.change < 0) {
      throw new ValidationError("Received stock comes in: enter a positive number.", {
        change: "must be positive",
      });
    }
    if ((input.reason === "damaged" || input.reason === "lost") && input.change > 0) {
      throw new ValidationError("Damaged or lost stock goes out: enter a negative number.", {
        change: "must be negative",
      });
    }
    await post(tx, [
      {
        variantId: input.variantId,
        warehouseId: input.warehouseId,
        kind: "adjustment",
        quantity: input.change,
        reason: `${adjustmentReasonLabels[input.reason]}${input.note ? `: ${input.note}` : ""}`,
        actorId: actor.id,
        actorName: actor.name,
      },
    ]);
    const after = await levelOf(tx, input.variantId, input.warehouseId);
    await recordActivity(tx, {
      actor,
      action: "stock.adjust",
      subject: { type: "variant", id: input.variantId, label: `${variant.sku} @ ${warehouse.code}` },
      before: { onHand: before.level.onHand },
      after: { onHand: after.level.onHand, reason: input.reason, note: input.note },
    });
    return after;
  });
}

export async function setIncomingStock(
  db: Db,
  input: { variantId: number; warehouseId: number; incoming: number; expectedOn: string | null },
  actor: ActivityActor,
) {
  return db.transaction(async (tx) => {
    const variant = await lockedVariant(tx, input.variantId);
    const warehouse = await activeWarehouse(tx, input.warehouseId, "warehouseId");
    const before = await levelOf(tx, input.variantId, input.warehouseId);
    await tx
      .insert(stockLevels)
      .values({ variantId: input.variantId, warehouseId: input.warehouseId })
      .onConflictDoNothing();
    await tx
      .update(stockLevels)
      .set({ incoming: input.incoming, incomingExpectedOn: input.expectedOn, updatedAt: new Date() })
      .where(and(eq(stockLevels.variantId, input.variantId), eq(stockLevels.warehouseId, input.warehouseId)));
    const after = await levelOf(tx, input.variantId, input.warehouseId);
    await recordActivity(tx, {
      actor,
      action: "stock.incoming",
      subject: { type: "variant", id: input.variantId, label: `${variant.sku} @ ${warehouse.code}` },
      before: { incoming: before.level.incoming, expectedOn: before.level.incomingExpectedOn },
      after: { incoming: input.incoming, expectedOn: input.expectedOn },
    });
    return after;
  });
}

export async function setStockThreshold(
  db: Db,
  input: { variantId?: number | undefined; productId?: number | undefined; threshold: number | null },
  actor: ActivityActor,
) {
  return db.transaction(async (tx) => {
    const target =
      input.variantId !== undefined
        ? eq(stockThresholds.variantId, input.variantId)
        : eq(stockThresholds.productId, input.productId as number);
    const [before] = await tx.select().from(stockThresholds).where(target);
    const exists = await tx.execute(
      input.variantId !== undefined
        ? sql`select 1 from product_variants where id = ${input.variantId}`
        : sql`select 1 from products where id = ${input.productId}`,
    );
    if (exists.rows.length === 0) throw new NotFoundError("No such variant or product.");
    await tx.delete(stockThresholds).where(target);
    if (input.threshold !== null) {
      await tx.insert(stockThresholds).values({
        variantId: input.variantId ?? null,
        productId: input.productId ?? null,
        threshold: input.threshold,
      });
    }
    await recordActivity(tx, {
      actor,
      action: "stock.threshold",
      subject: {
        type: input.variantId !== undefined ? "variant" : "product",
        id: (input.variantId ?? input.productId) as number,
      },
      before: { threshold: before?.threshold ?? null },
      after: { threshold: input.threshold },
    });
    return { threshold: input.threshold };
  });
}
