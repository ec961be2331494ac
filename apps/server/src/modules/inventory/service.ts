/**
 * The stock keeper's side of inventory (issue 14): warehouses, the stock status table,
 * adjustments, incoming stock, transfers, stock counts, a variant's ledger history, low
 * stock and its settings. Every stock change goes through `post()` (ledger.ts) with the
 * variant locked first; every staff change is recorded in the activity log.
 */
import type {
  AdjustInput,
  CountReport,
  InventorySettings,
  LowStockRow,
  ProductAvailability,
  StockPage,
  StockQuery,
  Transfer,
  VariantHistory,
  Warehouse,
  WarehouseInput,
  WarehouseList,
} from "@atelier/contract";
import { adjustmentReasonLabels } from "@atelier/contract";
import { and, asc, eq, type SQL, sql } from "drizzle-orm";
import Papa from "papaparse";
import type { Db, Tx } from "../../db/client.ts";
import {
  deliveryZones,
  inventorySettings,
  stockLevels,
  stockThresholds,
  stockTransfers,
  warehouses,
  warehouseZones,
} from "../../db/schema/index.ts";
import { ConflictError, NotFoundError, ValidationError } from "../../errors.ts";
import { toCsv } from "../../http/csv.ts";
import { type ActivityActor, recordActivity } from "../activity-log/index.ts";
import { lockVariants, post } from "./ledger.ts";

type StockFilter = Omit<StockQuery, "page" | "pageSize" | "sort"> & { sort?: StockQuery["sort"] };
type WarehouseBody = Required<Omit<WarehouseInput, "address">> & { address?: string };

const DEFAULT_SETTINGS: InventorySettings = { lowStockDefault: 5, onlyLeftBelow: 5, reorderCoverDays: 30 };

function isUniqueViolation(error: unknown, constraint: string): boolean {
  const cause = (error as { cause?: { code?: string; constraint?: string } }).cause ?? error;
  const pgError = cause as { code?: string; constraint?: string };
  return pgError.code === "23505" && pgError.constraint === constraint;
}

export function inventoryService(deps: { db: Db }) {
  const { db } = deps;

  async function settings(tx: Db | Tx = db): Promise<InventorySettings> {
    const [row] = await tx.select().from(inventorySettings).where(eq(inventorySettings.id, 1));
    return row
      ? {
          lowStockDefault: row.lowStockDefault,
          onlyLeftBelow: row.onlyLeftBelow,
          reorderCoverDays: row.reorderCoverDays,
        }
      : DEFAULT_SETTINGS;
  }

  async function warehouseView(tx: Db | Tx, id: number): Promise<Warehouse> {
    const list = await listWarehouses(tx, id);
    const found = list[0];
    if (!found) throw new NotFoundError("No such warehouse.");
    return found;
  }

  async function listWarehouses(tx: Db | Tx = db, only?: number): Promise<Warehouse[]> {
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

  async function saveWarehouse(id: number | null, input: WarehouseBody, actor: ActivityActor): Promise<Warehouse> {
    try {
      return await db.transaction(async (tx) => {
        const before = id === null ? null : await warehouseView(tx, id);
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
        const after = await warehouseView(tx, savedId);
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

  async function levelOf(tx: Db | Tx, variantId: number, warehouseId: number) {
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

  async function lockedVariant(tx: Tx, variantId: number): Promise<{ sku: string; label: string }> {
    await lockVariants(tx, [variantId]);
    const result = await tx.execute<{ sku: string; label: string }>(sql`
      select v.sku, p.name || ' (' || s.name || ' / ' || c.name || ', ' || v.sku || ')' as label
      from product_variants v join products p on p.id = v.product_id
      join sizes s on s.id = v.size_id join colors c on c.id = v.color_id where v.id = ${variantId}`);
    const row = result.rows[0];
    if (!row) throw new NotFoundError("No such variant.");
    return row;
  }

  async function activeWarehouse(tx: Db | Tx, id: number, field: string) {
    const [row] = await tx.select().from(warehouses).where(eq(warehouses.id, id));
    if (!row) throw new ValidationError("Choose a warehouse that exists.", { [field]: "does not exist" });
    if (!row.isActive) throw new ValidationError(`${row.name} is inactive.`, { [field]: "is inactive" });
    return row;
  }

  /** The filtered variants' SQL, shared by the page, the export and the bench. */
  function stockWhere(filter: StockFilter, threshold: number) {
    const conditions = [sql`true`];
    if (filter.q) {
      const like = `%${filter.q.replace(/[\\%_]/g, (match) => `\\${match}`)}%`;
      conditions.push(sql`(p.name ilike ${like} or v.sku ilike ${like})`);
    }
    if (filter.seriesId) conditions.push(sql`p.series_id = ${filter.seriesId}`);
    if (filter.productTypeId) conditions.push(sql`p.product_type_id = ${filter.productTypeId}`);
    if (filter.categoryId) {
      conditions.push(sql`p.sub_sub_category_id in (select ss.id from sub_sub_categories ss
        join sub_categories sc on sc.id = ss.sub_category_id where sc.category_id = ${filter.categoryId})`);
    }
    if (filter.warehouseId) {
      conditions.push(
        sql`exists (select 1 from stock_levels wl where wl.variant_id = v.id and wl.warehouse_id = ${filter.warehouseId})`,
      );
    }
    const limit = sql`coalesce(tv.threshold, tp.threshold, ${threshold})`;
    if (filter.state === "out") conditions.push(sql`v.stock <= 0`);
    if (filter.state === "low") conditions.push(sql`v.stock > 0 and v.stock <= ${limit}`);
    if (filter.state === "in") conditions.push(sql`v.stock > ${limit}`);
    return sql.join(conditions, sql` and `);
  }

  /**
   * Sort keys, and the joins each needs beyond products: the page of ids is chosen with only
   * these, so the per-warehouse levels are read for the rows shown, not for every variant.
   */
  const stockOrder = {
    name: { by: sql`p.name, s.sort_order, c.name, v.id`, needs: "names" },
    sku: { by: sql`v.sku, v.id`, needs: null },
    "available-asc": { by: sql`v.stock, v.id`, needs: null },
    "available-desc": { by: sql`v.stock desc, v.id`, needs: null },
    "on-hand-desc": { by: sql`coalesce(oh.on_hand, 0) desc, v.id`, needs: "on-hand" },
  } as const;

  /** The joins `stockWhere` relies on (products and the two threshold levels). */
  const filterJoins = sql`join products p on p.id = v.product_id
      left join stock_thresholds tv on tv.variant_id = v.id
      left join stock_thresholds tp on tp.product_id = p.id`;

  /** One page of variant ids in the chosen order, and the filter's total. */
  async function stockPageIds(filter: StockFilter, threshold: number, paging: { limit: number; offset: number }) {
    const order = stockOrder[filter.sort ?? "name"];
    const where = stockWhere(filter, threshold);
    const sortJoins =
      order.needs === "names"
        ? sql`join sizes s on s.id = v.size_id join colors c on c.id = v.color_id`
        : order.needs === "on-hand"
          ? sql`left join (select l.variant_id, sum(l.on_hand) as on_hand from stock_levels l
              ${filter.warehouseId ? sql`where l.warehouse_id = ${filter.warehouseId}` : sql``}
              group by l.variant_id) oh on oh.variant_id = v.id`
          : sql``;
    const [page, counted] = await Promise.all([
      db.execute<{ id: number }>(sql`
        select v.id from product_variants v ${filterJoins} ${sortJoins}
        where ${where} order by ${order.by} limit ${paging.limit} offset ${paging.offset}`),
      db.execute<{ n: number }>(sql`
        select count(*)::int as n from product_variants v ${filterJoins} where ${where}`),
    ]);
    return { ids: page.rows.map((row) => row.id), total: counted.rows[0]?.n ?? 0 };
  }

  /** The category, series and product type filters' choices. */
  async function stockFilterChoices(): Promise<StockPage["filters"]> {
    const choices = (query: SQL) => db.execute<{ id: number; name: string }>(query).then((result) => result.rows);
    const [categories, series, productTypes] = await Promise.all([
      choices(sql`select id, name from categories order by serial, name`),
      choices(sql`select id, name from series order by name`),
      choices(sql`select id, name from product_types order by name`),
    ]);
    return { categories, series, productTypes };
  }

  /**
   * Stock rows with their per-warehouse levels: for the given ids in that order (a page), or
   * for every variant the filter matches (the export).
   */
  async function stockRows(filter: StockFilter, ids: number[] | null) {
    const current = await settings();
    if (ids?.length === 0) return [];
    const levelFilter = filter.warehouseId ? sql`and l.warehouse_id = ${filter.warehouseId}` : sql``;
    const idList = ids
      ? sql`array[${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )}]::int[]`
      : null;
    const selection = idList ? sql`v.id = any(${idList})` : stockWhere(filter, current.lowStockDefault);
    const order = idList ? sql`array_position(${idList}, v.id)` : stockOrder[filter.sort ?? "name"].by;
    const result = await db.execute<{
      variant_id: number;
      product_id: number;
      product_name: string;
      sku: string;
      size_name: string;
      color_name: string;
      stock: number;
      on_hand: number;
      reserved: number;
      incoming: number;
      threshold: number;
      levels: {
        warehouseId: number;
        onHand: number;
        reserved: number;
        incoming: number;
        incomingExpectedOn: string | null;
        version: number;
      }[];
    }>(sql`
      select v.id as variant_id, p.id as product_id, p.name as product_name, v.sku, s.name as size_name,
        c.name as color_name, v.stock, coalesce(oh.on_hand, 0)::int as on_hand,
        coalesce(oh.reserved, 0)::int as reserved, coalesce(oh.incoming, 0)::int as incoming,
        coalesce(tv.threshold, tp.threshold, ${current.lowStockDefault})::int as threshold,
        coalesce(oh.levels, '[]') as levels
      from product_variants v
      ${filterJoins}
      join sizes s on s.id = v.size_id
      join colors c on c.id = v.color_id
      left join lateral (
        select sum(l.on_hand) as on_hand, sum(l.reserved) as reserved, sum(l.incoming) as incoming,
          jsonb_agg(jsonb_build_object('warehouseId', l.warehouse_id, 'onHand', l.on_hand, 'reserved', l.reserved,
            'incoming', l.incoming, 'incomingExpectedOn', l.incoming_expected_on, 'version', l.version)
            order by l.warehouse_id) as levels
        from stock_levels l where l.variant_id = v.id ${levelFilter}
      ) oh on true
      where ${selection}
      order by ${order}`);
    return result.rows.map((row) => {
      const available = row.stock;
      const state: "in" | "low" | "out" = available <= 0 ? "out" : available <= row.threshold ? "low" : "in";
      return {
        variantId: row.variant_id,
        productId: row.product_id,
        productName: row.product_name,
        sku: row.sku,
        sizeName: row.size_name,
        colorName: row.color_name,
        onHand: row.on_hand,
        reserved: row.reserved,
        available: row.on_hand - row.reserved,
        incoming: row.incoming,
        threshold: row.threshold,
        state,
        levels: row.levels.map((level) => ({ ...level, available: level.onHand - level.reserved })),
      };
    });
  }

  async function transferView(tx: Db | Tx, id: number): Promise<Transfer> {
    const list = await transfers(tx, { id });
    const found = list[0];
    if (!found) throw new NotFoundError("No such transfer.");
    return found;
  }

  async function transfers(tx: Db | Tx, filter: { id?: number; status?: "in_transit" | "received" }) {
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

  /** Checks count lines (SKU, counted) against a warehouse; posts the differences unless dry or any line is wrong. */
  async function runCount(
    warehouseId: number,
    lines: readonly { line: number; sku: string; counted: number | null; error: string | null }[],
    options: { dryRun: boolean; note: string; source: string },
    actor: ActivityActor,
  ): Promise<CountReport> {
    return db.transaction(async (tx) => {
      const warehouse = await activeWarehouse(tx, warehouseId, "warehouseId");
      const skus = [...new Set(lines.map((line) => line.sku).filter(Boolean))];
      const known = new Map<string, number>();
      if (skus.length > 0) {
        const found = await tx.execute<{ id: number; sku: string }>(
          sql`select id, sku from product_variants where sku in (${sql.join(
            skus.map((sku) => sql`${sku}`),
            sql`, `,
          )})`,
        );
        for (const row of found.rows) known.set(row.sku, row.id);
      }
      const ids = [...known.values()];
      if (!options.dryRun && ids.length > 0) await lockVariants(tx, ids);
      const levels = new Map<number, number>();
      if (ids.length > 0) {
        const rows = await tx.execute<{ variant_id: number; on_hand: number; reserved: number }>(
          sql`select variant_id, on_hand, reserved from stock_levels where warehouse_id = ${warehouseId} and variant_id in (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )})`,
        );
        for (const row of rows.rows) levels.set(row.variant_id, row.on_hand);
      }
      const seen = new Set<string>();
      const report: CountReport["lines"] = lines.map((line) => {
        let error = line.error;
        const variantId = known.get(line.sku);
        if (!error && variantId === undefined) error = `Unknown SKU "${line.sku}".`;
        if (!error && seen.has(line.sku)) error = `SKU "${line.sku}" is counted twice.`;
        seen.add(line.sku);
        const expected = variantId === undefined ? null : (levels.get(variantId) ?? 0);
        return {
          line: line.line,
          sku: line.sku,
          counted: line.counted,
          expected,
          difference: error || line.counted === null || expected === null ? null : line.counted - expected,
          error,
        };
      });
      const errors = report.filter((line) => line.error !== null).length;
      if (options.dryRun || errors > 0) return { posted: false, lines: report, errors };
      const reserved = new Map<number, number>();
      const reservedRows = await tx
        .select({ variantId: stockLevels.variantId, reserved: stockLevels.reserved })
        .from(stockLevels)
        .where(eq(stockLevels.warehouseId, warehouseId));
      for (const row of reservedRows) reserved.set(row.variantId, row.reserved);
      for (const line of report) {
        const variantId = known.get(line.sku);
        if (variantId !== undefined && line.counted !== null && line.counted < (reserved.get(variantId) ?? 0)) {
          line.error = `Counted ${line.counted}, but ${reserved.get(variantId)} are held for unpaid card orders.`;
        }
      }
      const holdErrors = report.filter((line) => line.error !== null).length;
      if (holdErrors > 0) return { posted: false, lines: report, errors: holdErrors };
      await post(
        tx,
        report
          .filter((line) => line.difference !== null && line.difference !== 0)
          .map((line) => ({
            variantId: known.get(line.sku) as number,
            warehouseId,
            kind: options.source === "import" ? ("import" as const) : ("count" as const),
            quantity: line.difference as number,
            reason: `Stock count${options.note ? `: ${options.note}` : ""} (counted ${line.counted}, expected ${line.expected})`,
            actorId: actor.id,
            actorName: actor.name,
          })),
      );
      await recordActivity(tx, {
        actor,
        action: "stock.count",
        subject: { type: "warehouse", id: warehouseId, label: warehouse.name },
        before: null,
        after: {
          source: options.source,
          lines: report.length,
          changed: report.filter((line) => line.difference !== 0).map((line) => `${line.sku}: ${line.difference}`),
        },
      });
      return { posted: true, lines: report, errors: 0 };
    });
  }

  async function lowStockPage(page: number, pageSize: number) {
    const current = await settings();
    const limit = sql`coalesce(tv.threshold, tp.threshold, ${current.lowStockDefault})`;
    const result = await db.execute<{
      variant_id: number;
      product_id: number;
      product_name: string;
      sku: string;
      size_name: string;
      color_name: string;
      available: number;
      incoming: number;
      threshold: number;
      source: "variant" | "product" | "store";
      sold: number;
      total: number;
    }>(sql`
      select v.id as variant_id, p.id as product_id, p.name as product_name, v.sku, s.name as size_name,
        c.name as color_name, v.stock as available,
        coalesce((select sum(l.incoming) from stock_levels l where l.variant_id = v.id), 0)::int as incoming,
        ${limit}::int as threshold,
        case when tv.threshold is not null then 'variant' when tp.threshold is not null then 'product' else 'store' end as source,
        coalesce((select sum(ol.quantity) from order_lines ol join buying_history b on b.id = ol.history_id
          where ol.variant_id = v.id and b.placed_at > now() - interval '30 days'
            and b.status <> 'cancelled' and not b.is_draft), 0)::int as sold,
        count(*) over ()::int as total
      from product_variants v
      join products p on p.id = v.product_id
      join sizes s on s.id = v.size_id
      join colors c on c.id = v.color_id
      left join stock_thresholds tv on tv.variant_id = v.id
      left join stock_thresholds tp on tp.product_id = p.id
      where v.stock <= ${limit}
      order by v.stock, p.name, v.id
      limit ${pageSize} offset ${(page - 1) * pageSize}`);
    const total = result.rows[0]?.total ?? 0;
    return {
      items: result.rows.map((row): LowStockRow => {
        const perDay = row.sold / 30;
        const daysOfCover = perDay > 0 ? Math.round((row.available / perDay) * 10) / 10 : null;
        const target = Math.ceil(perDay * current.reorderCoverDays) + row.threshold;
        return {
          variantId: row.variant_id,
          productId: row.product_id,
          productName: row.product_name,
          sku: row.sku,
          sizeName: row.size_name,
          colorName: row.color_name,
          available: row.available,
          incoming: row.incoming,
          threshold: row.threshold,
          thresholdSource: row.source,
          soldLast30Days: row.sold,
          daysOfCover,
          suggestedReorder: Math.max(0, target - row.available - row.incoming),
        };
      }),
      page,
      pageSize,
      total,
      pageCount: Math.max(1, Math.ceil(total / pageSize)),
    };
  }

  return {
    settings: () => settings(),

    /**
     * A published product's available units per variant for a delivery zone: the active
     * warehouses shipping there (every active one without a zone, or for an unknown or
     * inactive zone). Unpublished or unknown products: 404, as on the product page.
     */
    async availability(productId: number, zoneId: number | undefined): Promise<ProductAvailability> {
      const zone =
        zoneId === undefined
          ? null
          : ((await db.execute<{ id: number }>(sql`select id from delivery_zones where id = ${zoneId} and is_active`))
              .rows[0]?.id ?? null);
      const ships =
        zone === null
          ? sql``
          : sql`and (w.ships_to_all_zones or exists (
              select 1 from warehouse_zones z where z.warehouse_id = w.id and z.zone_id = ${zone}))`;
      const result = await db.execute<{ variant_id: number; available: number; published: boolean }>(sql`
        select v.id as variant_id, p.is_published as published,
          coalesce((select sum(l.on_hand - l.reserved) from stock_levels l
            join warehouses w on w.id = l.warehouse_id and w.is_active
            where l.variant_id = v.id ${ships}), 0)::int as available
        from product_variants v join products p on p.id = v.product_id
        where v.product_id = ${productId}
        order by v.id`);
      if (!result.rows[0]?.published) throw new NotFoundError("No such product.");
      return {
        productId,
        zoneId: zone,
        variants: result.rows.map((row) => ({ variantId: row.variant_id, available: row.available })),
      };
    },

    /**
     * The daily low-stock digest: the variants at or under their threshold (the first 50,
     * fewest available first), their total, and the staff holding the `inventory` permission.
     */
    async lowStockDigest(): Promise<{ recipients: string[]; rows: LowStockRow[]; total: number }> {
      const page = await lowStockPage(1, 50);
      if (page.total === 0) return { recipients: [], rows: [], total: 0 };
      const staff = await db.execute<{ email: string }>(sql`
        select distinct u.email from "user" u
        join user_role ur on ur.user_id = u.id
        join role_permission rp on rp.role_id = ur.role_id and rp.permission = 'inventory'
        where not u.banned
        order by u.email`);
      return { recipients: staff.rows.map((row) => row.email), rows: page.items, total: page.total };
    },

    async saveSettings(input: InventorySettings, actor: ActivityActor): Promise<InventorySettings> {
      return db.transaction(async (tx) => {
        const before = await settings(tx);
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
    },

    async warehouses(): Promise<WarehouseList> {
      const zones = await db
        .select({ id: deliveryZones.id, name: deliveryZones.name })
        .from(deliveryZones)
        .orderBy(asc(deliveryZones.sortOrder), asc(deliveryZones.id));
      return { warehouses: await listWarehouses(), zones };
    },
    createWarehouse: (input: WarehouseBody, actor: ActivityActor) => saveWarehouse(null, input, actor),
    updateWarehouse: (id: number, input: WarehouseBody, actor: ActivityActor) => saveWarehouse(id, input, actor),

    async stock(query: StockFilter & { page: number; pageSize: number }): Promise<StockPage> {
      const current = await settings();
      const { ids, total } = await stockPageIds(query, current.lowStockDefault, {
        limit: query.pageSize,
        offset: (query.page - 1) * query.pageSize,
      });
      const rows = await stockRows(query, ids);
      const [list, filters] = await Promise.all([
        db
          .select({ id: warehouses.id, name: warehouses.name, code: warehouses.code, isActive: warehouses.isActive })
          .from(warehouses)
          .orderBy(asc(warehouses.priority), asc(warehouses.id)),
        stockFilterChoices(),
      ]);
      return {
        items: rows,
        filters,
        page: query.page,
        pageSize: query.pageSize,
        total,
        pageCount: Math.max(1, Math.ceil(total / query.pageSize)),
        warehouses: list,
      };
    },

    async stockCsv(query: StockFilter): Promise<string> {
      const rows = await stockRows(query, null);
      const list = await db
        .select({ id: warehouses.id, code: warehouses.code })
        .from(warehouses)
        .orderBy(asc(warehouses.priority), asc(warehouses.id));
      const fields = [
        "sku",
        "product",
        "size",
        "color",
        "on_hand",
        "reserved",
        "available",
        "incoming",
        "threshold",
        "state",
        ...list.flatMap((w) => [`${w.code}_on_hand`, `${w.code}_reserved`, `${w.code}_available`]),
      ];
      const data = rows.map((row) => [
        row.sku,
        row.productName,
        row.sizeName,
        row.colorName,
        row.onHand,
        row.reserved,
        row.available,
        row.incoming,
        row.threshold,
        row.state,
        ...list.flatMap((w) => {
          const level = row.levels.find((candidate) => candidate.warehouseId === w.id);
          return [level?.onHand ?? 0, level?.reserved ?? 0, level?.available ?? 0];
        }),
      ]);
      return toCsv(fields, data);
    },

    async adjust(
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
    },

    async setIncoming(
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
    },

    async history(variantId: number): Promise<VariantHistory> {
      const head = await db.execute<{
        product_id: number;
        product_name: string;
        sku: string;
        size_name: string;
        color_name: string;
      }>(sql`select p.id as product_id, p.name as product_name, v.sku, s.name as size_name, c.name as color_name
        from product_variants v join products p on p.id = v.product_id join sizes s on s.id = v.size_id
        join colors c on c.id = v.color_id where v.id = ${variantId}`);
      const variant = head.rows[0];
      if (!variant) throw new NotFoundError("No such variant.");
      const levels = await db.execute<{
        warehouse_id: number;
        warehouse_name: string;
        on_hand: number;
        reserved: number;
        incoming: number;
        incoming_expected_on: string | null;
        version: number;
      }>(sql`select l.warehouse_id, w.name as warehouse_name, l.on_hand, l.reserved, l.incoming,
          l.incoming_expected_on::text as incoming_expected_on, l.version
        from stock_levels l join warehouses w on w.id = l.warehouse_id where l.variant_id = ${variantId}
        order by w.priority, w.id`);
      const entries = await db.execute<{
        id: number;
        warehouse_id: number;
        warehouse_name: string;
        kind: string;
        quantity: number;
        reserved_change: number;
        on_hand_after: number;
        reserved_after: number;
        reason: string;
        actor_name: string;
        order_number: string | null;
        created_at: Date;
        total_on_hand: number;
        total_reserved: number;
      }>(sql`
        select g.id::int as id, g.warehouse_id, w.name as warehouse_name, g.kind, g.quantity, g.reserved_change,
          g.on_hand_after, g.reserved_after, g.reason, g.actor_name, b.number as order_number, g.created_at,
          (sum(g.quantity) over (order by g.id))::int as total_on_hand,
          (sum(g.reserved_change) over (order by g.id))::int as total_reserved
        from stock_ledger g join warehouses w on w.id = g.warehouse_id
        left join buying_history b on b.id = g.order_id
        where g.variant_id = ${variantId}
        order by g.id desc
        limit 500`);
      const ordered = [...entries.rows].reverse();
      return {
        variantId,
        productId: variant.product_id,
        productName: variant.product_name,
        sku: variant.sku,
        sizeName: variant.size_name,
        colorName: variant.color_name,
        levels: levels.rows.map((row) => ({
          warehouseId: row.warehouse_id,
          warehouseName: row.warehouse_name,
          onHand: row.on_hand,
          reserved: row.reserved,
          available: row.on_hand - row.reserved,
          incoming: row.incoming,
          incomingExpectedOn: row.incoming_expected_on,
          version: row.version,
        })),
        entries: entries.rows.map((row) => ({
          id: row.id,
          warehouseId: row.warehouse_id,
          warehouseName: row.warehouse_name,
          kind: row.kind,
          quantity: row.quantity,
          reservedChange: row.reserved_change,
          onHandAfter: row.on_hand_after,
          reservedAfter: row.reserved_after,
          reason: row.reason,
          actorName: row.actor_name,
          orderNumber: row.order_number,
          createdAt: new Date(row.created_at).toISOString(),
        })),
        series: ordered.map((row) => ({
          at: new Date(row.created_at).toISOString(),
          onHand: row.total_on_hand,
          available: row.total_on_hand - row.total_reserved,
        })),
      };
    },

    transfers: (status?: "in_transit" | "received") => transfers(db, status ? { status } : {}),

    async createTransfer(
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
    },

    async receiveTransfer(id: number, actor: ActivityActor): Promise<Transfer> {
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
    },

    async count(
      input: { warehouseId: number; lines: { sku: string; counted: number }[]; note: string; dryRun?: boolean },
      actor: ActivityActor,
    ) {
      return runCount(
        input.warehouseId,
        input.lines.map((line, index) => ({ line: index + 1, sku: line.sku, counted: line.counted, error: null })),
        { dryRun: input.dryRun ?? false, note: input.note, source: "count" },
        actor,
      );
    },

    async countImport(input: { warehouseId: number; csv: string; dryRun: boolean }, actor: ActivityActor) {
      const parsed = Papa.parse<Record<string, string>>(input.csv.trim(), {
        header: true,
        skipEmptyLines: true,
        transformHeader: (header) => header.trim().toLowerCase(),
      });
      const fields = parsed.meta.fields ?? [];
      if (!fields.includes("sku") || !fields.includes("counted")) {
        throw new ValidationError("The CSV needs a header row with the columns sku and counted.", {
          csv: "needs columns sku, counted",
        });
      }
      const lines = parsed.data.map((row, index) => {
        const sku = (row.sku ?? "").trim();
        const text = (row.counted ?? "").trim();
        let error: string | null = null;
        let counted: number | null = null;
        if (!sku) error = "The SKU is empty.";
        else if (!/^-?\d+(\.\d+)?$/.test(text)) error = `"${text}" is not a number.`;
        else if (text.startsWith("-")) error = `A count cannot be negative (${text}).`;
        else if (text.includes(".") && Number(text) !== Math.trunc(Number(text)))
          error = `A count is a whole number (${text}).`;
        else if (Number(text) > 1_000_000) error = `${text} is too large.`;
        else counted = Math.trunc(Number(text));
        return { line: index + 2, sku, counted, error };
      });
      if (lines.length === 0) throw new ValidationError("The CSV has no rows.", { csv: "has no rows" });
      return runCount(input.warehouseId, lines, { dryRun: input.dryRun, note: "CSV import", source: "import" }, actor);
    },

    lowStock: (page: number, pageSize: number) => lowStockPage(page, pageSize),

    async setThreshold(
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
    },
  };
}

export type InventoryService = ReturnType<typeof inventoryService>;
