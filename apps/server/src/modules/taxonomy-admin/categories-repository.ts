/**
 * SQL for the category tree: categories, their sub-categories and sub-sub-categories,
 * product counts per sub-sub-category, and the navigation order (categories.serial).
 */
import { and, asc, eq, ne, type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { categories, products, subCategories, subSubCategories } from "../../db/schema/index.ts";
import { namedRows } from "./named-rows.ts";

type Conn = Db | Tx;
type CategoryInsert = typeof categories.$inferInsert;
type SubInsert = typeof subCategories.$inferInsert;
type SubSubInsert = typeof subSubCategories.$inferInsert;

async function idOf(rows: Promise<{ id: number }[]>): Promise<number> {
  const [row] = await rows;
  if (!row) throw new Error("insert returned nothing");
  return row.id;
}

/** Is `name` used by a sibling (same parent), ignoring case? */
async function siblingNamed(
  tx: Conn,
  table: typeof subCategories | typeof subSubCategories,
  parent: SQL,
  name: string,
  exceptId: number | undefined,
): Promise<boolean> {
  const rows = await tx
    .select({ id: table.id })
    .from(table)
    .where(and(parent, sql`lower(${table.name}) = lower(${name})`, exceptId ? ne(table.id, exceptId) : undefined))
    .limit(1);
  return rows.length > 0;
}

export function categoriesRepository(db: Db) {
  return {
    categories: {
      ...namedRows(db, categories),
      list: (tx: Conn = db) =>
        tx
          .select({
            id: categories.id,
            name: categories.name,
            serial: categories.serial,
            filename: categories.filename,
            isGenderVaried: categories.isGenderVaried,
            isForMen: categories.isForMen,
            isForWomen: categories.isForWomen,
          })
          .from(categories)
          .orderBy(asc(categories.serial), asc(categories.id)),
      /** New categories go last in the navigation. */
      insert: (values: Omit<CategoryInsert, "serial">, tx: Conn = db) =>
        idOf(
          tx
            .insert(categories)
            .values({ ...values, serial: sql`(select coalesce(max(serial), 0) + 1 from categories)` })
            .returning({ id: categories.id }),
        ),
      update: (id: number, values: Partial<CategoryInsert>, tx: Conn = db) =>
        tx
          .update(categories)
          .set({ ...values, updatedAt: sql`now()` })
          .where(eq(categories.id, id)),
      lockAll: async (tx: Tx) =>
        (await tx.select({ id: categories.id }).from(categories).for("update")).map((row) => row.id),
      /** Serials 1…n in the given order, in one statement. */
      setOrder: (ids: number[], tx: Tx) =>
        tx.execute(sql`update categories set serial = o.position, updated_at = now()
          from unnest(${sql.raw(`ARRAY[${ids.map(Number).join(",")}]::int[]`)}) with ordinality as o(id, position)
          where categories.id = o.id`),
      childCount: async (id: number, tx: Conn = db) =>
        (await tx.$count(subCategories, eq(subCategories.categoryId, id))) as number,
    },
    subCategories: {
      ...namedRows(db, subCategories),
      list: (tx: Conn = db) =>
        tx
          .select({
            id: subCategories.id,
            categoryId: subCategories.categoryId,
            name: subCategories.name,
            isDisabled: subCategories.isDisabled,
            isEnablePremium: subCategories.isEnablePremium,
          })
          .from(subCategories)
          .orderBy(asc(subCategories.name), asc(subCategories.id)),
      nameTakenIn: (categoryId: number, name: string, exceptId: number | undefined, tx: Conn = db) =>
        siblingNamed(tx, subCategories, eq(subCategories.categoryId, categoryId), name, exceptId),
      parentOf: async (id: number, tx: Conn = db) =>
        (await tx.select({ parent: subCategories.categoryId }).from(subCategories).where(eq(subCategories.id, id)))[0]
          ?.parent,
      insert: (values: SubInsert, tx: Conn = db) =>
        idOf(tx.insert(subCategories).values(values).returning({ id: subCategories.id })),
      update: (id: number, values: Partial<SubInsert>, tx: Conn = db) =>
        tx
          .update(subCategories)
          .set({ ...values, updatedAt: sql`now()` })
          .where(eq(subCategories.id, id)),
      childCount: async (id: number, tx: Conn = db) =>
        (await tx.$count(subSubCategories, eq(subSubCategories.subCategoryId, id))) as number,
    },
    subSubCategories: {
      ...namedRows(db, subSubCategories),
      list: (tx: Conn = db) =>
        tx
          .select({
            id: subSubCategories.id,
            subCategoryId: subSubCategories.subCategoryId,
            name: subSubCategories.name,
            isPremium: subSubCategories.isPremium,
          })
          .from(subSubCategories)
          .orderBy(asc(subSubCategories.name), asc(subSubCategories.id)),
      nameTakenIn: (subCategoryId: number, name: string, exceptId: number | undefined, tx: Conn = db) =>
        siblingNamed(tx, subSubCategories, eq(subSubCategories.subCategoryId, subCategoryId), name, exceptId),
      parentOf: async (id: number, tx: Conn = db) =>
        (
          await tx
            .select({ parent: subSubCategories.subCategoryId })
            .from(subSubCategories)
            .where(eq(subSubCategories.id, id))
        )[0]?.parent,
      insert: (values: SubSubInsert, tx: Conn = db) =>
        idOf(tx.insert(subSubCategories).values(values).returning({ id: subSubCategories.id })),
      update: (id: number, values: Partial<SubSubInsert>, tx: Conn = db) =>
        tx
          .update(subSubCategories)
          .set({ ...values, updatedAt: sql`now()` })
          .where(eq(subSubCategories.id, id)),
      productCount: async (id: number, tx: Conn = db) =>
        (await tx.$count(products, eq(products.subSubCategoryId, id))) as number,
    },
    /** Products per sub-sub-category (all of them, published or not). */
    async productCounts(tx: Conn = db): Promise<Map<number, number>> {
      const rows = await tx
        .select({ id: products.subSubCategoryId, count: sql<number>`count(*)::int` })
        .from(products)
        .groupBy(products.subSubCategoryId);
      return new Map(rows.map((row) => [row.id, row.count]));
    },
  };
}

export type CategoriesRepository = ReturnType<typeof categoriesRepository>;
