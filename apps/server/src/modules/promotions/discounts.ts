/**
 * Scheduled discounts (sale prices) for staff, and the clock that keeps the catalogue's
 * response cache honest: prices themselves come from `sale_price()` in SQL at read time,
 * so a sale starts and ends on time by itself; only cached catalogue answers could show
 * the old price. The clock clears the cache at every start and end (it looks up the next
 * one after each write and each tick, and at least once a minute, so a discount written
 * by another process is picked up too).
 */
import type { ScheduledDiscount, ScheduledDiscountInput } from "@atelier/contract";
import { eq, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { z } from "zod";
import type { Db, Tx } from "../../db/client.ts";
import { scheduledDiscounts } from "../../db/schema/index.ts";
import { ConflictError, NotFoundError, ValidationError } from "../../errors.ts";
import { type ActivityActor, recordActivity } from "../activity-log/index.ts";

type Input = z.output<typeof import("@atelier/contract").ScheduledDiscountInput>;
type Row = typeof scheduledDiscounts.$inferSelect;

const tables: Record<Exclude<Row["targetType"], "all">, string> = {
  product: "products",
  category: "categories",
  subCategory: "sub_categories",
  subSubCategory: "sub_sub_categories",
  series: "series",
  productType: "product_types",
};

/** The longest the clock sleeps before looking again (catches other processes' writes). */
export const DISCOUNT_CLOCK_MAX_MS = 60_000;

export function discountsService(deps: { db: Db; invalidate: () => void; log: FastifyBaseLogger }) {
  const { db } = deps;
  let timer: NodeJS.Timeout | undefined;
  let running = false;

  async function names(rows: readonly Row[], tx: Db | Tx = db): Promise<Map<string, string>> {
    const found = new Map<string, string>();
    for (const [type, table] of Object.entries(tables)) {
      const ids = [...new Set(rows.filter((row) => row.targetType === type).flatMap((row) => row.targetIds))];
      if (ids.length === 0) continue;
      const { rows: named } = await tx.execute<{ id: number; name: string }>(
        sql`select id, name from ${sql.identifier(table)} where id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      );
      for (const row of named) found.set(`${type}:${row.id}`, row.name);
    }
    return found;
  }

  function statusOf(row: Row, now = Date.now()): ScheduledDiscount["status"] {
    if (!row.isActive) return "disabled";
    if (row.endsAt && row.endsAt.getTime() <= now) return "ended";
    if (row.startsAt.getTime() > now) return "scheduled";
    return "running";
  }

  async function view(rows: readonly Row[], tx: Db | Tx = db): Promise<ScheduledDiscount[]> {
    const named = await names(rows, tx);
    return rows.map((row) => ({
      id: row.id,
      title: row.title,
      kind: row.kind,
      value: row.value,
      targetType: row.targetType,
      targets: row.targetIds.map((id) => ({ id, name: named.get(`${row.targetType}:${id}`) ?? `#${id} (deleted)` })),
      startsAt: row.startsAt.toISOString(),
      endsAt: row.endsAt?.toISOString() ?? null,
      isActive: row.isActive,
      status: statusOf(row),
      version: row.version,
      updatedAt: row.updatedAt.toISOString(),
    }));
  }

  async function checkTargets(tx: Tx, input: Input): Promise<void> {
    if (input.targetType === "all") return;
    const fake = { targetType: input.targetType, targetIds: input.targetIds } as Row;
    const named = await names([fake], tx);
    const missing = input.targetIds.findIndex((id) => !named.has(`${input.targetType}:${id}`));
    if (missing >= 0)
      throw new ValidationError("Check the discount.", { [`targetIds.${missing}`]: "no longer exists" });
  }

  const columns = (input: Input) => ({
    title: input.title,
    kind: input.kind,
    value: input.value,
    targetType: input.targetType,
    targetIds: input.targetType === "all" ? [] : [...new Set(input.targetIds)],
    startsAt: new Date(input.startsAt),
    endsAt: input.endsAt ? new Date(input.endsAt) : null,
    isActive: input.isActive,
  });

  const snapshot = (row: Row) => {
    const { createdAt: _c, updatedAt: _u, createdBy: _b, ...rest } = row;
    return { ...rest, startsAt: row.startsAt.toISOString(), endsAt: row.endsAt?.toISOString() ?? null };
  };

  /** After a write commits: prices may have changed now, and the next boundary may have moved. */
  function changed(): void {
    deps.invalidate();
    if (running) arm();
  }

  async function nextBoundary(): Promise<number | null> {
    const { rows } = await db.execute<{ at: Date | string | null }>(sql`
      select min(t) as at from (
        select starts_at as t from scheduled_discounts where is_active and starts_at > now()
        union all
        select ends_at from scheduled_discounts where is_active and ends_at > now()
      ) x`);
    const at = rows[0]?.at;
    return at ? new Date(at).getTime() : null;
  }

  function arm(): void {
    clearTimeout(timer);
    nextBoundary()
      .then((at) => {
        if (!running) return;
        const wait =
          at === null ? DISCOUNT_CLOCK_MAX_MS : Math.min(Math.max(at - Date.now(), 0) + 20, DISCOUNT_CLOCK_MAX_MS);
        timer = setTimeout(() => {
          if (at !== null && Date.now() >= at) deps.invalidate();
          arm();
        }, wait);
        timer.unref();
      })
      .catch((error: unknown) => {
        deps.log.error({ err: error }, "the discount clock could not read the next start or end");
        if (running) {
          timer = setTimeout(arm, DISCOUNT_CLOCK_MAX_MS);
          timer.unref();
        }
      });
  }

  return {
    start(): void {
      running = true;
      arm();
    },
    stop(): void {
      running = false;
      clearTimeout(timer);
    },

    async list(): Promise<ScheduledDiscount[]> {
      const rows = await db
        .select()
        .from(scheduledDiscounts)
        .orderBy(
          sql`${scheduledDiscounts.isActive} desc`,
          sql`coalesce(${scheduledDiscounts.endsAt}, 'infinity') < now()`,
          scheduledDiscounts.startsAt,
        );
      return view(rows);
    },

    async create(input: Input, actor: ActivityActor): Promise<ScheduledDiscount> {
      const created = await db.transaction(async (tx) => {
        await checkTargets(tx, input);
        const [row] = await tx
          .insert(scheduledDiscounts)
          .values({ ...columns(input), createdBy: actor.id })
          .returning();
        if (!row) throw new Error("discount insert returned nothing");
        await recordActivity(tx, {
          actor,
          action: "discount.create",
          subject: { type: "discount", id: row.id, label: row.title },
          after: snapshot(row),
        });
        return (await view([row], tx))[0] as ScheduledDiscount;
      });
      changed();
      return created;
    },

    async update(id: number, input: Input & { version: number }, actor: ActivityActor): Promise<ScheduledDiscount> {
      const updated = await db.transaction(async (tx) => {
        const [current] = await tx.select().from(scheduledDiscounts).where(eq(scheduledDiscounts.id, id)).for("update");
        if (!current) throw new NotFoundError("No such discount.");
        if (current.version !== input.version) {
          throw new ConflictError("This discount changed since you opened it. Reload it and try again.");
        }
        await checkTargets(tx, input);
        const [row] = await tx
          .update(scheduledDiscounts)
          .set({ ...columns(input), version: sql`${scheduledDiscounts.version} + 1`, updatedAt: new Date() })
          .where(eq(scheduledDiscounts.id, id))
          .returning();
        if (!row) throw new NotFoundError("No such discount.");
        await recordActivity(tx, {
          actor,
          action: "discount.update",
          subject: { type: "discount", id, label: row.title },
          before: snapshot(current),
          after: snapshot(row),
        });
        return (await view([row], tx))[0] as ScheduledDiscount;
      });
      changed();
      return updated;
    },

    async remove(id: number, actor: ActivityActor): Promise<{ deleted: true }> {
      await db.transaction(async (tx) => {
        const [row] = await tx.delete(scheduledDiscounts).where(eq(scheduledDiscounts.id, id)).returning();
        if (!row) throw new NotFoundError("No such discount.");
        await recordActivity(tx, {
          actor,
          action: "discount.delete",
          subject: { type: "discount", id, label: row.title },
          before: snapshot(row),
        });
      });
      changed();
      return { deleted: true };
    },
  };
}

export type DiscountsService = ReturnType<typeof discountsService>;
export type { ScheduledDiscountInput };
