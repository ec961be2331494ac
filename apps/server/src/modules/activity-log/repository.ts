/** The activity log's read side: filtered pages (newest first), the staff who acted, CSV rows. */
import type { ActivityEntry, ActivityLogFilter, ActivityLogQuery } from "@atelier/contract";
import { activityLabel } from "@atelier/contract/constants";
import { and, count, desc, eq, gte, ilike, isNotNull, like, lt, or, type SQL } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../db/client.ts";
import { activityLog } from "../../db/schema/index.ts";

type Filter = z.output<typeof ActivityLogFilter>;
type Query = z.output<typeof ActivityLogQuery>;
type Row = typeof activityLog.$inferSelect;

const dateOnly = /^\d{4}-\d{2}-\d{2}$/;

/** A date-only upper bound includes its whole day. */
function upperBound(value: string): Date {
  const date = new Date(dateOnly.test(value) ? `${value}T00:00:00Z` : value);
  if (dateOnly.test(value)) date.setUTCDate(date.getUTCDate() + 1);
  else date.setTime(date.getTime() + 1);
  return date;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

function where(filter: Filter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.actor) conditions.push(eq(activityLog.actorId, filter.actor));
  if (filter.action) {
    conditions.push(
      filter.action.includes(".")
        ? eq(activityLog.action, filter.action)
        : like(activityLog.action, `${escapeLike(filter.action)}.%`),
    );
  }
  if (filter.subjectType) conditions.push(eq(activityLog.subjectType, filter.subjectType));
  if (filter.subjectId) conditions.push(eq(activityLog.subjectId, filter.subjectId));
  if (filter.from) {
    conditions.push(
      gte(activityLog.createdAt, new Date(dateOnly.test(filter.from) ? `${filter.from}T00:00:00Z` : filter.from)),
    );
  }
  if (filter.to) conditions.push(lt(activityLog.createdAt, upperBound(filter.to)));
  for (const word of (filter.search ?? "").split(/\s+/).filter(Boolean).slice(0, 8)) {
    const pattern = `%${escapeLike(word)}%`;
    const match = or(
      ilike(activityLog.subjectLabel, pattern),
      ilike(activityLog.subjectId, pattern),
      ilike(activityLog.actorName, pattern),
      ilike(activityLog.actorEmail, pattern),
    );
    if (match) conditions.push(match);
  }
  return conditions.length > 0 ? and(...conditions) : undefined;
}

export function toEntry(row: Row): ActivityEntry {
  return {
    id: row.id,
    at: row.createdAt.toISOString(),
    actor: { id: row.actorId, name: row.actorName, email: row.actorEmail },
    action: row.action,
    actionLabel: activityLabel(row.action),
    subject: { type: row.subjectType, id: row.subjectId, label: row.subjectLabel },
    before: row.before ?? null,
    after: row.after ?? null,
  };
}

export const exportLimit = 50_000;

export function activityLogRepository(db: Db) {
  return {
    async page(query: Query) {
      const condition = where(query);
      const [rows, [total], actors] = await Promise.all([
        db
          .select()
          .from(activityLog)
          .where(condition)
          .orderBy(desc(activityLog.createdAt), desc(activityLog.id))
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize),
        db.select({ total: count() }).from(activityLog).where(condition),
        this.actors(),
      ]);
      const totalCount = total?.total ?? 0;
      return {
        items: rows.map(toEntry),
        page: query.page,
        pageSize: query.pageSize,
        total: totalCount,
        pageCount: Math.max(1, Math.ceil(totalCount / query.pageSize)),
        actors,
      };
    },

    /** Staff who have entries, with the name and email of their latest one. */
    async actors() {
      const rows = await db
        .selectDistinctOn([activityLog.actorId], {
          id: activityLog.actorId,
          name: activityLog.actorName,
          email: activityLog.actorEmail,
        })
        .from(activityLog)
        .where(isNotNull(activityLog.actorId))
        .orderBy(activityLog.actorId, desc(activityLog.createdAt));
      return rows
        .flatMap((row) => (row.id ? [{ id: row.id, name: row.name, email: row.email }] : []))
        .sort((a, b) => a.name.localeCompare(b.name) || a.email.localeCompare(b.email));
    },

    async exportRows(filter: Filter): Promise<ActivityEntry[]> {
      const rows = await db
        .select()
        .from(activityLog)
        .where(where(filter))
        .orderBy(desc(activityLog.createdAt), desc(activityLog.id))
        .limit(exportLimit);
      return rows.map(toEntry);
    },
  };
}

export type ActivityLogRepository = ReturnType<typeof activityLogRepository>;
