/** The pop-ups' SQL: staff reads and writes, and the storefront's "running now" query. */
import type { ActivePopup, AdminPopup, PopupStatus } from "@atelier/contract";
import { and, desc, eq, gt, isNull, lte, or, type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { categories, mediaFiles, popups } from "../../db/schema/index.ts";

export type PopupRow = typeof popups.$inferSelect;
export type PopupValues = Omit<typeof popups.$inferInsert, "id" | "createdAt" | "updatedAt">;

/** Which status a pop-up has at `now` (the list's badge; the same rule as `runningAt`). */
export function statusAt(row: Pick<PopupRow, "isEnabled" | "startsAt" | "endsAt">, now: Date): PopupStatus {
  if (!row.isEnabled) return "disabled";
  if (row.endsAt && row.endsAt.getTime() <= now.getTime()) return "ended";
  if (row.startsAt && row.startsAt.getTime() > now.getTime()) return "scheduled";
  return "active";
}

/** Enabled, started (or no start) and not yet ended (or no end), at the database's now(). */
function runningNow(): SQL {
  return and(
    eq(popups.isEnabled, true),
    or(isNull(popups.startsAt), lte(popups.startsAt, sql`now()`)),
    or(isNull(popups.endsAt), gt(popups.endsAt, sql`now()`)),
  ) as SQL;
}

/** A pop-up's settings as staff see and set them (the admin list's row; the activity log's before and after). */
export function popupSettings(row: PopupRow) {
  return {
    title: row.title,
    text: row.body,
    imageFilename: row.imageFilename,
    imageAlt: row.imageAlt,
    buttonLabel: row.buttonLabel,
    buttonHref: row.buttonHref,
    couponCode: row.couponCode,
    startsAt: row.startsAt?.toISOString() ?? null,
    endsAt: row.endsAt?.toISOString() ?? null,
    audience: row.audience,
    placement: row.placement,
    categoryId: row.categoryId,
    frequency: row.frequency,
    isEnabled: row.isEnabled,
  };
}

function toAdmin(row: PopupRow & { categoryName: string | null }, now: Date): AdminPopup {
  return {
    id: row.id,
    ...popupSettings(row),
    categoryName: row.categoryName,
    status: statusAt(row, now),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function popupRepository(db: Db) {
  const selectAdmin = () =>
    db
      .select({ popup: popups, categoryName: categories.name })
      .from(popups)
      .leftJoin(categories, eq(categories.id, popups.categoryId));

  return {
    async list(now = new Date()): Promise<AdminPopup[]> {
      const rows = await selectAdmin().orderBy(desc(popups.createdAt), desc(popups.id));
      return rows.map((row) => toAdmin({ ...row.popup, categoryName: row.categoryName }, now));
    },

    async find(id: number, now = new Date()): Promise<AdminPopup | undefined> {
      const [row] = await selectAdmin().where(eq(popups.id, id));
      return row ? toAdmin({ ...row.popup, categoryName: row.categoryName }, now) : undefined;
    },

    /** The stored row, locked in `tx` (the activity log's "before"). */
    async lockRow(id: number, tx: Tx): Promise<PopupRow | undefined> {
      const [row] = await tx.select().from(popups).where(eq(popups.id, id)).for("update");
      return row;
    },

    async insert(values: PopupValues, conn: Db | Tx = db): Promise<PopupRow> {
      const [row] = await conn.insert(popups).values(values).returning();
      if (!row) throw new Error("pop-up insert returned nothing");
      return row;
    },

    async update(id: number, values: Partial<PopupValues>, conn: Db | Tx = db): Promise<PopupRow | undefined> {
      const [row] = await conn
        .update(popups)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(popups.id, id))
        .returning();
      return row;
    },

    async remove(id: number, conn: Db | Tx = db): Promise<PopupRow | undefined> {
      const [row] = await conn.delete(popups).where(eq(popups.id, id)).returning();
      return row;
    },

    async categoryExists(id: number): Promise<boolean> {
      const [row] = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, id));
      return Boolean(row);
    },

    async imageExists(filename: string): Promise<boolean> {
      const [row] = await db
        .select({ filename: mediaFiles.filename })
        .from(mediaFiles)
        .where(eq(mediaFiles.filename, filename));
      return Boolean(row);
    },

    /**
     * The pop-ups running now for the home page or another page (of a top-level
     * category): placement "all" everywhere, "home" on the home page, "category" on that
     * category's pages. Newest first.
     */
    async running(page: { home: boolean; categoryId: number | undefined }): Promise<ActivePopup[]> {
      const placements: SQL[] = [eq(popups.placement, "all")];
      if (page.home) placements.push(eq(popups.placement, "home"));
      if (page.categoryId !== undefined) {
        placements.push(and(eq(popups.placement, "category"), eq(popups.categoryId, page.categoryId)) as SQL);
      }
      const rows = await db
        .select({ popup: popups, width: mediaFiles.width, height: mediaFiles.height })
        .from(popups)
        .leftJoin(mediaFiles, eq(mediaFiles.filename, popups.imageFilename))
        .where(and(runningNow(), or(...placements)))
        .orderBy(desc(popups.updatedAt), desc(popups.id))
        .limit(10);
      return rows.map(({ popup, width, height }) => ({
        id: popup.id,
        title: popup.title,
        text: popup.body,
        image:
          popup.imageFilename && width && height
            ? { filename: popup.imageFilename, alt: popup.imageAlt, width, height }
            : null,
        button: popup.buttonLabel && popup.buttonHref ? { label: popup.buttonLabel, href: popup.buttonHref } : null,
        couponCode: popup.couponCode,
        audience: popup.audience,
        frequency: popup.frequency,
        updatedAt: popup.updatedAt.toISOString(),
      }));
    },
  };
}

export type PopupRepository = ReturnType<typeof popupRepository>;
