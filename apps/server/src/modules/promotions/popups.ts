/**
 * Storefront pop-ups: staff CRUD (version-checked, activity-logged) and the live list a
 * storefront page asks for. Only pop-ups live now and meant for the page are answered;
 * the browser applies the audience (it knows who is signed in and whether this is a
 * first visit) and the frequency (it remembers dismissals).
 */
import type { LivePopup, Popup } from "@atelier/contract";
import { desc, eq, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../db/client.ts";
import { popups } from "../../db/schema/index.ts";
import { ConflictError, NotFoundError } from "../../errors.ts";
import { type ActivityActor, recordActivity } from "../activity-log/index.ts";

type Input = z.output<typeof import("@atelier/contract").PopupInput>;
type Row = typeof popups.$inferSelect;

function statusOf(row: Row, now = Date.now()): Popup["status"] {
  if (!row.isActive) return "disabled";
  if (row.endsAt && row.endsAt.getTime() <= now) return "ended";
  if (row.startsAt && row.startsAt.getTime() > now) return "scheduled";
  return "live";
}

function view(row: Row): Popup {
  return {
    id: row.id,
    title: row.title,
    body: row.body,
    image: row.image,
    buttonLabel: row.buttonLabel,
    buttonUrl: row.buttonUrl,
    couponCode: row.couponCode,
    audience: row.audience,
    pages: row.pages,
    categoryId: row.categoryId,
    frequency: row.frequency,
    startsAt: row.startsAt?.toISOString() ?? null,
    endsAt: row.endsAt?.toISOString() ?? null,
    isActive: row.isActive,
    status: statusOf(row),
    version: row.version,
  };
}

const columns = (input: Input) => ({
  ...input,
  categoryId: input.pages === "category" ? input.categoryId : null,
  startsAt: input.startsAt ? new Date(input.startsAt) : null,
  endsAt: input.endsAt ? new Date(input.endsAt) : null,
});

const snapshot = (row: Row) => {
  const { createdAt: _c, updatedAt: _u, ...rest } = view(row) as Popup & { createdAt?: unknown; updatedAt?: unknown };
  const { status: _s, ...kept } = rest;
  return kept;
};

export function popupsService(deps: { db: Db }) {
  const { db } = deps;
  return {
    async list(): Promise<Popup[]> {
      return (await db.select().from(popups).orderBy(desc(popups.id))).map(view);
    },

    async live(query: { page: "home" | "other"; subSubCategoryId?: number | undefined }): Promise<LivePopup[]> {
      const where: SQL[] = [
        sql`${popups.isActive}`,
        sql`(${popups.startsAt} is null or ${popups.startsAt} <= now())`,
        sql`(${popups.endsAt} is null or ${popups.endsAt} > now())`,
      ];
      const pages: SQL[] = [sql`${popups.pages} = 'all'`];
      if (query.page === "home") pages.push(sql`${popups.pages} = 'home'`);
      if (query.subSubCategoryId) {
        pages.push(sql`(${popups.pages} = 'category' and ${popups.categoryId} = (select sc.category_id
          from sub_sub_categories ssc join sub_categories sc on sc.id = ssc.sub_category_id
          where ssc.id = ${query.subSubCategoryId}))`);
      }
      where.push(sql`(${sql.join(pages, sql` or `)})`);
      const rows = await db.select().from(popups).where(sql.join(where, sql` and `)).orderBy(desc(popups.id)).limit(5);
      return rows.map((row) => ({
        id: row.id,
        title: row.title,
        body: row.body,
        image: row.image,
        buttonLabel: row.buttonLabel,
        buttonUrl: row.buttonUrl,
        couponCode: row.couponCode,
        audience: row.audience,
        frequency: row.frequency,
        version: row.version,
      }));
    },

    async create(input: Input, actor: ActivityActor): Promise<Popup> {
      return db.transaction(async (tx) => {
        const [row] = await tx.insert(popups).values(columns(input)).returning();
        if (!row) throw new Error("popup insert returned nothing");
        await recordActivity(tx, {
          actor,
          action: "popup.create",
          subject: { type: "popup", id: row.id, label: row.title },
          after: snapshot(row),
        });
        return view(row);
      });
    },

    async update(id: number, input: Input & { version: number }, actor: ActivityActor): Promise<Popup> {
      return db.transaction(async (tx) => {
        const [current] = await tx.select().from(popups).where(eq(popups.id, id)).for("update");
        if (!current) throw new NotFoundError("No such pop-up.");
        if (current.version !== input.version) {
          throw new ConflictError("This pop-up changed since you opened it. Reload it and try again.");
        }
        const { version: _version, ...fields } = input;
        const [row] = await tx
          .update(popups)
          .set({ ...columns(fields), version: sql`${popups.version} + 1`, updatedAt: new Date() })
          .where(eq(popups.id, id))
          .returning();
        if (!row) throw new NotFoundError("No such pop-up.");
        await recordActivity(tx, {
          actor,
          action: "popup.update",
          subject: { type: "popup", id, label: row.title },
          before: snapshot(current),
          after: snapshot(row),
        });
        return view(row);
      });
    },

    async remove(id: number, actor: ActivityActor): Promise<{ deleted: true }> {
      return db.transaction(async (tx) => {
        const [row] = await tx.delete(popups).where(eq(popups.id, id)).returning();
        if (!row) throw new NotFoundError("No such pop-up.");
        await recordActivity(tx, {
          actor,
          action: "popup.delete",
          subject: { type: "popup", id, label: row.title },
          before: snapshot(row),
        });
        return { deleted: true as const };
      });
    },
  };
}

export type PopupsService = ReturnType<typeof popupsService>;
