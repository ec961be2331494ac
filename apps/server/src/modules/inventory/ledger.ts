/**
 * The stock ledger from TypeScript: every stock change is `post()`, one ledger row the
 * database applies to its level (migration 0012's trigger; a level that would go below
 * zero aborts the insert). Callers lock the variant rows they change first
 * (`lockVariants`, in id order), the order checkout already locks them in, so two writers
 * of the same stock wait for each other instead of deadlocking.
 *
 * Checkout's part: `allocate()` picks warehouses that ship to the delivery zone by
 * priority, splitting a line across them (checkout reads the levels in its one read,
 * `shippableLevelsSql`, and splits with `allocateFrom`); checkout's `write-order.ts` posts
 * the rows and records the order line allocations in the order's own statement (a card
 * order reserves, the rest leaves on hand; ADR 0017); `confirmHolds`
 * turns a paid card order's reservation into units gone; `putBack()` is cancellations,
 * returns and expired holds, into the originating warehouse or a chosen one.
 */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import {
  orderLineAllocations,
  orderLines,
  type StockLedgerKind,
  stockLedger,
  warehouses,
} from "../../db/schema/index.ts";
import { NotFoundError } from "../../errors.ts";

export interface LedgerEntry {
  variantId: number;
  warehouseId: number;
  kind: StockLedgerKind;
  quantity: number;
  reservedChange?: number;
  reason?: string;
  actorId?: string | null;
  actorName?: string;
  orderId?: number | null;
  transferId?: number | null;
}

export async function post(tx: Tx | Db, entries: readonly LedgerEntry[]) {
  const rows = entries.filter((entry) => entry.quantity !== 0 || (entry.reservedChange ?? 0) !== 0);
  if (rows.length === 0) return [];
  return tx
    .insert(stockLedger)
    .values(
      rows.map((entry) => ({
        variantId: entry.variantId,
        warehouseId: entry.warehouseId,
        kind: entry.kind,
        quantity: entry.quantity,
        reservedChange: entry.reservedChange ?? 0,
        reason: entry.reason ?? "",
        actorId: entry.actorId ?? null,
        actorName: entry.actorName ?? "System",
        orderId: entry.orderId ?? null,
        transferId: entry.transferId ?? null,
      })),
    )
    .returning({ id: stockLedger.id, onHandAfter: stockLedger.onHandAfter, reservedAfter: stockLedger.reservedAfter });
}

/** Locks variant rows in id order (the order checkout locks them in). */
export async function lockVariants(tx: Tx, variantIds: readonly number[]): Promise<number[]> {
  const ids = [...new Set(variantIds)].sort((a, b) => a - b);
  if (ids.length === 0) return [];
  const result = await tx.execute<{ id: number }>(
    sql`select id from product_variants where id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )}) order by id for update`,
  );
  return result.rows.map((row) => row.id);
}

export async function defaultWarehouseId(tx: Tx | Db): Promise<number> {
  const [row] = await tx.select({ id: warehouses.id }).from(warehouses).where(eq(warehouses.isDefault, true));
  if (!row) throw new NotFoundError("There is no default warehouse. Make one warehouse the default.");
  return row.id;
}

export interface Allocation {
  warehouseId: number;
  quantity: number;
}

/**
 * Where a quantity of each variant ships from: warehouses shipping to the zone, lowest
 * priority number first, as many as each has available. The variants must be locked.
 * Answers the allocations per variant, or the variants short with what the zone has.
 */
export async function allocate(
  tx: Tx,
  zoneId: number,
  wanted: readonly { variantId: number; quantity: number }[],
): Promise<{ allocations: Map<number, Allocation[]>; short: { variantId: number; available: number }[] }> {
  if (wanted.length === 0) return { allocations: new Map(), short: [] };
  const ids = [...new Set(wanted.map((line) => line.variantId))];
  const result = await tx.execute<{ levels: ShippableLevel[] | null }>(
    sql`select ${shippableLevelsSql(zoneId, ids)} as levels`,
  );
  return allocateFrom(result.rows[0]?.levels ?? [], wanted);
}

export interface ShippableLevel {
  variant_id: number;
  warehouse_id: number;
  available: number;
}

/**
 * The levels `allocate()` reads, as one JSON-valued SQL expression (an array, null when
 * none): checkout puts it in its one read after the variants are locked (ADR 0017).
 */
export function shippableLevelsSql(zoneId: number, variantIds: readonly number[]) {
  return sql`(select json_agg(json_build_object('variant_id', l.variant_id, 'warehouse_id', l.warehouse_id,
      'available', (l.on_hand - l.reserved)::int) order by l.variant_id, w.priority, w.id)
    from stock_levels l
    join warehouses w on w.id = l.warehouse_id
    where l.variant_id = any(${`{${variantIds.join(",")}}`}::int[])
      and w.is_active and l.on_hand > l.reserved
      and (w.ships_to_all_zones or exists (
        select 1 from warehouse_zones z where z.warehouse_id = w.id and z.zone_id = ${zoneId})))`;
}

/** Splits each wanted quantity over the levels (in priority order); answers the allocations or what is short. */
export function allocateFrom(
  levels: readonly ShippableLevel[],
  wanted: readonly { variantId: number; quantity: number }[],
): { allocations: Map<number, Allocation[]>; short: { variantId: number; available: number }[] } {
  const allocations = new Map<number, Allocation[]>();
  const short: { variantId: number; available: number }[] = [];
  const rows = levels.map((level) => ({ ...level }));
  for (const line of wanted) {
    let left = line.quantity;
    const taken: Allocation[] = [];
    for (const level of rows) {
      if (left === 0) break;
      if (level.variant_id !== line.variantId || level.available <= 0) continue;
      const take = Math.min(left, level.available);
      level.available -= take;
      taken.push({ warehouseId: level.warehouse_id, quantity: take });
      left -= take;
    }
    if (left > 0) {
      short.push({ variantId: line.variantId, available: line.quantity - left });
    } else {
      allocations.set(line.variantId, taken);
    }
  }
  return { allocations, short };
}

async function allocationsOf(tx: Tx, orderId: number) {
  return tx
    .select({
      id: orderLineAllocations.id,
      orderLineId: orderLineAllocations.orderLineId,
      variantId: orderLines.variantId,
      warehouseId: orderLineAllocations.warehouseId,
      quantity: orderLineAllocations.quantity,
      held: orderLineAllocations.held,
      restocked: orderLineAllocations.restocked,
    })
    .from(orderLineAllocations)
    .innerJoin(orderLines, eq(orderLines.id, orderLineAllocations.orderLineId))
    .where(eq(orderLines.historyId, orderId))
    .orderBy(asc(orderLines.variantId), asc(orderLineAllocations.id))
    .for("update", { of: orderLineAllocations });
}

/** A paid card order: its held units leave (reserved and on hand both go down). */
export async function confirmHolds(tx: Tx, orderId: number, actorName = "Stripe"): Promise<void> {
  const rows = (await allocationsOf(tx, orderId)).filter((row) => row.held && row.variantId !== null);
  if (rows.length === 0) return;
  await lockVariants(
    tx,
    rows.map((row) => row.variantId as number),
  );
  await post(
    tx,
    rows
      .filter((row) => row.quantity > row.restocked)
      .map((row) => ({
        variantId: row.variantId as number,
        warehouseId: row.warehouseId,
        kind: "order" as const,
        quantity: -(row.quantity - row.restocked),
        reservedChange: -(row.quantity - row.restocked),
        reason: "Card payment received: sold",
        orderId,
        actorName,
      })),
  );
  await tx
    .update(orderLineAllocations)
    .set({ held: false })
    .where(
      inArray(
        orderLineAllocations.id,
        rows.map((row) => row.id),
      ),
    );
}

/**
 * Puts an order's units back: every line in full, or the given quantities. Held units
 * (an unpaid card order) are released from their reservation; units that left go back on
 * hand into `warehouseId` when given, else into the warehouse they came from (lines from
 * before warehouses: the default one). Lines whose variant was deleted are skipped.
 */
export async function putBack(
  tx: Tx,
  orderId: number,
  lines: readonly { orderLineId: number; quantity: number }[] | "all",
  options: {
    kind: "refund" | "return" | "hold";
    reason: string;
    warehouseId?: number | null;
    actorName?: string;
    actorId?: string | null;
  },
): Promise<void> {
  const orderRows = await tx
    .select({ id: orderLines.id, variantId: orderLines.variantId, quantity: orderLines.quantity })
    .from(orderLines)
    .where(eq(orderLines.historyId, orderId))
    .orderBy(asc(orderLines.variantId));
  const variantIds = orderRows.flatMap((row) => (row.variantId === null ? [] : [row.variantId]));
  if (variantIds.length === 0) return;
  const present = new Set(await lockVariants(tx, variantIds));
  if (options.warehouseId) {
    const [chosen] = await tx
      .select({ id: warehouses.id })
      .from(warehouses)
      .where(eq(warehouses.id, options.warehouseId));
    if (!chosen) throw new NotFoundError("No such warehouse to restock into.");
  }
  const allocations = await allocationsOf(tx, orderId);
  let fallback: number | undefined;
  const entries: LedgerEntry[] = [];
  const actor = { actorName: options.actorName ?? "System", actorId: options.actorId ?? null, orderId };
  for (const row of orderRows) {
    if (row.variantId === null || !present.has(row.variantId)) continue;
    let left = lines === "all" ? row.quantity : (lines.find((line) => line.orderLineId === row.id)?.quantity ?? 0);
    const ofLine = allocations.filter((allocation) => allocation.orderLineId === row.id);
    for (const allocation of ofLine) {
      if (left <= 0) break;
      const units = Math.min(left, allocation.quantity - allocation.restocked);
      if (units <= 0) continue;
      if (allocation.held) {
        entries.push({
          variantId: row.variantId,
          warehouseId: allocation.warehouseId,
          kind: "hold",
          quantity: 0,
          reservedChange: -units,
          reason: options.reason,
          ...actor,
        });
      } else {
        entries.push({
          variantId: row.variantId,
          warehouseId: options.warehouseId ?? allocation.warehouseId,
          kind: options.kind,
          quantity: units,
          reason: options.reason,
          ...actor,
        });
      }
      allocation.restocked += units;
      left -= units;
      await tx
        .update(orderLineAllocations)
        .set({ restocked: allocation.restocked })
        .where(eq(orderLineAllocations.id, allocation.id));
    }
    if (left > 0 && ofLine.length === 0) {
      // A line placed before warehouses took its units from the single stock number: they
      // come back into the chosen or the default warehouse. (A line with allocations never
      // gives back more than it took.)
      fallback ??= options.warehouseId ?? (await defaultWarehouseId(tx));
      entries.push({
        variantId: row.variantId,
        warehouseId: fallback,
        kind: options.kind === "hold" ? "refund" : options.kind,
        quantity: left,
        reason: options.reason,
        ...actor,
      });
    }
  }
  await post(tx, entries);
}

/** What each line of an order ships from (the staff order page). */
export async function shipsFrom(tx: Tx | Db, orderId: number) {
  return tx
    .select({
      orderLineId: orderLineAllocations.orderLineId,
      warehouseId: orderLineAllocations.warehouseId,
      warehouseName: warehouses.name,
      warehouseCode: warehouses.code,
      quantity: orderLineAllocations.quantity,
      held: orderLineAllocations.held,
      restocked: orderLineAllocations.restocked,
    })
    .from(orderLineAllocations)
    .innerJoin(orderLines, eq(orderLines.id, orderLineAllocations.orderLineId))
    .innerJoin(warehouses, eq(warehouses.id, orderLineAllocations.warehouseId))
    .where(and(eq(orderLines.historyId, orderId)))
    .orderBy(asc(orderLineAllocations.orderLineId), asc(orderLineAllocations.id));
}

/**
 * Why a line cannot be had, for the shopper: the count only at or under the store's "Only N
 * left" limit (issue 37: shoppers never learn an exact count above it).
 */
export function shortMessage(
  name: string,
  available: number,
  onlyLeftBelow: number,
  where = " for your delivery zone",
): { message: string; field: string } {
  if (available <= 0) {
    return { message: `Sorry, ${name} is sold out${where}. Update your cart and try again.`, field: "is sold out" };
  }
  if (available <= onlyLeftBelow) {
    return {
      message: `Sorry, ${name} has only ${available} left${where}. Update your cart and try again.`,
      field: `only ${available} left`,
    };
  }
  return {
    message: `Sorry, we do not have that many of ${name}${where}. Lower the quantity and try again.`,
    field: "not that many in stock",
  };
}
