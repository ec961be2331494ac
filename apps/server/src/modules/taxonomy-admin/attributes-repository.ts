/**
 * SQL for series, product types, colors, sizes and fabrics: each row with the number of
 * products that use it (colors and sizes through the products' variants).
 */
import { asc, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { colors, fabrics, productTypes, series, sizes } from "../../db/schema/index.ts";
import { namedRows } from "./named-rows.ts";

// Qualified by table name: Drizzle leaves columns bare in a one-table select list, and a
// bare "id" inside the subquery would mean the product's id.
const productsWith = (column: string, table: string) =>
  sql<number>`(select count(*)::int from products p where p.${sql.raw(column)} = ${sql.raw(`"${table}"."id"`)})`;
const variantProducts = (column: string, table: string) =>
  sql<number>`(select count(distinct v.product_id)::int from product_variants v where v.${sql.raw(column)} = ${sql.raw(`"${table}"."id"`)})`;

const seriesColumns = {
  id: series.id,
  name: series.name,
  slug: series.slug,
  description: series.description,
  filename: series.filename,
  productCount: productsWith("series_id", "series"),
};
const typeColumns = {
  id: productTypes.id,
  name: productTypes.name,
  slug: productTypes.slug,
  productCount: productsWith("product_type_id", "product_types"),
};
const colorColumns = {
  id: colors.id,
  name: colors.name,
  hex: colors.hex,
  productCount: variantProducts("color_id", "colors"),
};
const sizeColumns = {
  id: sizes.id,
  name: sizes.name,
  sortOrder: sizes.sortOrder,
  productCount: variantProducts("size_id", "sizes"),
};
const fabricColumns = {
  id: fabrics.id,
  name: fabrics.name,
  description: fabrics.description,
  productCount: productsWith("fabric_id", "fabrics"),
};

async function idOf(rows: Promise<{ id: number }[]>): Promise<number> {
  const [row] = await rows;
  if (!row) throw new Error("insert returned nothing");
  return row.id;
}

export function attributesRepository(db: Db) {
  return {
    series: {
      ...namedRows(db, series),
      list: (tx: Db | Tx = db) => tx.select(seriesColumns).from(series).orderBy(asc(series.name)),
      byId: async (id: number, tx: Db | Tx = db) =>
        (await tx.select(seriesColumns).from(series).where(eq(series.id, id)))[0],
      insert: (values: typeof series.$inferInsert, tx: Db | Tx = db) =>
        idOf(tx.insert(series).values(values).returning({ id: series.id })),
      update: (id: number, values: Partial<typeof series.$inferInsert>, tx: Db | Tx = db) =>
        tx
          .update(series)
          .set({ ...values, updatedAt: sql`now()` })
          .where(eq(series.id, id)),
    },
    productTypes: {
      ...namedRows(db, productTypes),
      list: (tx: Db | Tx = db) => tx.select(typeColumns).from(productTypes).orderBy(asc(productTypes.name)),
      byId: async (id: number, tx: Db | Tx = db) =>
        (await tx.select(typeColumns).from(productTypes).where(eq(productTypes.id, id)))[0],
      insert: (values: typeof productTypes.$inferInsert, tx: Db | Tx = db) =>
        idOf(tx.insert(productTypes).values(values).returning({ id: productTypes.id })),
      update: (id: number, values: Partial<typeof productTypes.$inferInsert>, tx: Db | Tx = db) =>
        tx.update(productTypes).set(values).where(eq(productTypes.id, id)),
    },
    colors: {
      ...namedRows(db, colors),
      list: (tx: Db | Tx = db) => tx.select(colorColumns).from(colors).orderBy(asc(colors.name)),
      byId: async (id: number, tx: Db | Tx = db) =>
        (await tx.select(colorColumns).from(colors).where(eq(colors.id, id)))[0],
      insert: (values: typeof colors.$inferInsert, tx: Db | Tx = db) =>
        idOf(tx.insert(colors).values(values).returning({ id: colors.id })),
      update: (id: number, values: Partial<typeof colors.$inferInsert>, tx: Db | Tx = db) =>
        tx.update(colors).set(values).where(eq(colors.id, id)),
    },
    sizes: {
      ...namedRows(db, sizes),
      list: (tx: Db | Tx = db) => tx.select(sizeColumns).from(sizes).orderBy(asc(sizes.sortOrder), asc(sizes.id)),
      byId: async (id: number, tx: Db | Tx = db) =>
        (await tx.select(sizeColumns).from(sizes).where(eq(sizes.id, id)))[0],
      insert: (values: typeof sizes.$inferInsert, tx: Db | Tx = db) =>
        idOf(tx.insert(sizes).values(values).returning({ id: sizes.id })),
      update: (id: number, values: Partial<typeof sizes.$inferInsert>, tx: Db | Tx = db) =>
        tx.update(sizes).set(values).where(eq(sizes.id, id)),
      lockAll: async (tx: Tx) => (await tx.select({ id: sizes.id }).from(sizes).for("update")).map((row) => row.id),
      /** Sort orders 0…n-1 in the given order, in one statement. */
      setOrder: (ids: number[], tx: Tx) =>
        tx.execute(sql`update sizes set sort_order = o.position - 1
          from unnest(${sql.raw(`ARRAY[${ids.map(Number).join(",")}]::int[]`)}) with ordinality as o(id, position)
          where sizes.id = o.id`),
    },
    fabrics: {
      ...namedRows(db, fabrics),
      list: (tx: Db | Tx = db) => tx.select(fabricColumns).from(fabrics).orderBy(asc(fabrics.name)),
      byId: async (id: number, tx: Db | Tx = db) =>
        (await tx.select(fabricColumns).from(fabrics).where(eq(fabrics.id, id)))[0],
      insert: (values: typeof fabrics.$inferInsert, tx: Db | Tx = db) =>
        idOf(tx.insert(fabrics).values(values).returning({ id: fabrics.id })),
      update: (id: number, values: Partial<typeof fabrics.$inferInsert>, tx: Db | Tx = db) =>
        tx.update(fabrics).set(values).where(eq(fabrics.id, id)),
    },
  };
}

export type AttributesRepository = ReturnType<typeof attributesRepository>;
