/**
 * SQL shared by every table of named taxonomy rows (series, product types, colors, sizes,
 * fabrics): the case-insensitive name check, the row lock taken before a delete (a product
 * inserted meanwhile would wait for it), the delete itself, and the slugs already used.
 */
import { and, eq, like, ne, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db, Tx } from "../../db/client.ts";

type NamedTable = PgTable & { id: PgColumn; name: PgColumn };

export function namedRows<T extends NamedTable>(db: Db, table: T) {
  return {
    async nameTaken(name: string, exceptId: number | undefined, tx: Db | Tx = db): Promise<boolean> {
      const rows = await tx
        .select({ id: table.id })
        .from(table as PgTable)
        .where(and(sql`lower(${table.name}) = lower(${name})`, exceptId ? ne(table.id, exceptId) : undefined))
        .limit(1);
      return rows.length > 0;
    },

    async lock(id: number, tx: Tx): Promise<boolean> {
      const rows = await tx
        .select({ id: table.id })
        .from(table as PgTable)
        .where(eq(table.id, id))
        .for("update");
      return rows.length > 0;
    },

    async delete(id: number, tx: Db | Tx = db): Promise<void> {
      await tx.delete(table).where(eq(table.id, id));
    },
  };
}

/** Slugs of a table that start with `base` (to pick a free one). */
export async function slugsLike(
  tx: Db | Tx,
  table: PgTable & { id: PgColumn; slug: PgColumn },
  base: string,
  exceptId?: number,
): Promise<Set<string>> {
  const rows = await tx
    .select({ slug: sql<string>`${table.slug}` })
    .from(table as PgTable)
    .where(and(like(table.slug, `${base}%`), exceptId ? ne(table.id, exceptId) : undefined));
  return new Set(rows.map((row) => row.slug));
}
