/**
 * The stock status table and its CSV export: variants filtered by text, taxonomy, warehouse
 * and state, a page of ids chosen with only the joins the sort needs, then their levels.
 */
import type { StockPage, StockQuery } from "@atelier/contract";
import { asc, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { warehouses } from "../../db/schema/index.ts";
import { toCsv } from "../../http/csv.ts";
import { readSettings } from "./settings.ts";

export type StockFilter = Omit<StockQuery, "page" | "pageSize" | "sort"> & { sort?: StockQuery["sort"] };

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
async function stockPageIds(db: Db, filter: StockFilter, threshold: number, paging: { limit: number; offset: number }) {
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
async function stockFilterChoices(db: Db): Promise<StockPage["filters"]> {
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
async function stockRows(db: Db, filter: StockFilter, ids: number[] | null) {
  const current = await readSettings(db);
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

export async function stockPage(db: Db, query: StockFilter & { page: number; pageSize: number }): Promise<StockPage> {
  const current = await readSettings(db);
  const { ids, total } = await stockPageIds(db, query, current.lowStockDefault, {
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
  const rows = await stockRows(db, query, ids);
  const [list, filters] = await Promise.all([
    db
      .select({ id: warehouses.id, name: warehouses.name, code: warehouses.code, isActive: warehouses.isActive })
      .from(warehouses)
      .orderBy(asc(warehouses.priority), asc(warehouses.id)),
    stockFilterChoices(db),
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
}

export async function stockCsv(db: Db, query: StockFilter): Promise<string> {
  const rows = await stockRows(db, query, null);
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
}
