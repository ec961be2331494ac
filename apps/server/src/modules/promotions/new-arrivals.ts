/**
 * New arrivals: what the home page's section and /new-arrivals show. Staff choose the
 * newest products (the default), products published in the last N days, or a curated
 * order with an optional schedule (outside it, the newest show). Unpublished products
 * never show. Answers are product cards, read with the catalogue's own card columns
 * (sale prices included), and cached in the catalogue's response cache.
 */
import type { NewArrivalsPage, NewArrivalsSettings, ProductCard } from "@atelier/contract";
import { and, asc, desc, eq, gt, inArray, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../db/client.ts";
import { newArrivalItems, newArrivalsSettings, products, series } from "../../db/schema/index.ts";
import { ConflictError, ValidationError } from "../../errors.ts";
import type { ResponseCache } from "../../http/cache.ts";
import type { RawJson } from "../../http/routes.ts";
import { type ActivityActor, recordActivity } from "../activity-log/index.ts";
import { cardColumns } from "../catalog/index.ts";

type Input = z.output<typeof import("@atelier/contract").NewArrivalsInput>;

export function newArrivalsService(deps: {
  db: Db;
  cache: ResponseCache;
  currency: () => Promise<string>;
  invalidate: () => void;
}) {
  const { db } = deps;

  async function settings() {
    const [row] = await db.select().from(newArrivalsSettings).where(eq(newArrivalsSettings.id, 1));
    return (
      row ?? {
        id: 1,
        mode: "newest" as const,
        days: 30,
        startsAt: null,
        endsAt: null,
        version: 1,
        updatedAt: new Date(),
      }
    );
  }

  async function page(pageNumber: number, pageSize: number): Promise<NewArrivalsPage> {
    const current = await settings();
    const now = Date.now();
    const curatedNow =
      current.mode === "curated" &&
      (!current.startsAt || current.startsAt.getTime() <= now) &&
      (!current.endsAt || current.endsAt.getTime() > now);
    const published = eq(products.isPublished, true);
    let where: SQL | undefined = published;
    let order: SQL[] = [desc(products.createdAt), desc(products.id)];
    if (curatedNow) {
      where = and(published, sql`${products.id} in (select product_id from ${newArrivalItems})`);
      order = [sql`(select position from ${newArrivalItems} where product_id = ${products.id})`];
    } else if (current.mode === "recent") {
      where = and(published, gt(products.createdAt, sql`now() - make_interval(days => ${current.days})`));
    }
    const offset = (pageNumber - 1) * pageSize;
    const [currency, rows, counted] = await Promise.all([
      deps.currency(),
      db
        .select(cardColumns)
        .from(products)
        .leftJoin(series, eq(series.id, products.seriesId))
        .where(where)
        .orderBy(...order)
        .limit(pageSize)
        .offset(offset),
      db.select({ total: sql<number>`count(*)::int` }).from(products).where(where),
    ]);
    const total = counted[0]?.total ?? 0;
    return {
      items: rows.map((row) => ({ ...row, currency })) as ProductCard[],
      page: pageNumber,
      pageSize,
      total,
      pageCount: Math.max(1, Math.ceil(total / pageSize)),
    };
  }

  async function view(): Promise<NewArrivalsSettings> {
    const current = await settings();
    const items = await db
      .select({ id: products.id, name: products.name, isPublished: products.isPublished })
      .from(newArrivalItems)
      .innerJoin(products, eq(products.id, newArrivalItems.productId))
      .orderBy(asc(newArrivalItems.position));
    return {
      mode: current.mode,
      days: current.days,
      products: items,
      startsAt: current.startsAt?.toISOString() ?? null,
      endsAt: current.endsAt?.toISOString() ?? null,
      version: current.version,
    };
  }

  return {
    /** The cards for the home page's section (cached with the home page itself). */
    async cards(limit: number): Promise<ProductCard[]> {
      return (await page(1, limit)).items;
    },
    /** /api/new-arrivals, cached like every catalogue read. */
    page(pageNumber: number, pageSize: number): Promise<RawJson> {
      return deps.cache.get(`new-arrivals:${pageNumber}:${pageSize}`, () => page(pageNumber, pageSize));
    },
    view,
    async save(input: Input, actor: ActivityActor): Promise<NewArrivalsSettings> {
      await db.transaction(async (tx) => {
        await tx.insert(newArrivalsSettings).values({ id: 1 }).onConflictDoNothing();
        const [current] = await tx
          .select()
          .from(newArrivalsSettings)
          .where(eq(newArrivalsSettings.id, 1))
          .for("update");
        if (!current || current.version !== input.version) {
          throw new ConflictError("New arrivals changed since you opened them. Reload and try again.");
        }
        if (input.productIds.length > 0) {
          const found = await tx
            .select({ id: products.id })
            .from(products)
            .where(inArray(products.id, input.productIds));
          const known = new Set(found.map((row) => row.id));
          const missing = input.productIds.findIndex((id) => !known.has(id));
          if (missing >= 0)
            throw new ValidationError("Check the list.", { [`productIds.${missing}`]: "no longer exists" });
        }
        const before = {
          mode: current.mode,
          days: current.days,
          startsAt: current.startsAt?.toISOString() ?? null,
          endsAt: current.endsAt?.toISOString() ?? null,
        };
        await tx
          .update(newArrivalsSettings)
          .set({
            mode: input.mode,
            days: input.days,
            startsAt: input.startsAt ? new Date(input.startsAt) : null,
            endsAt: input.endsAt ? new Date(input.endsAt) : null,
            version: sql`${newArrivalsSettings.version} + 1`,
            updatedAt: new Date(),
          })
          .where(eq(newArrivalsSettings.id, 1));
        await tx.delete(newArrivalItems);
        if (input.productIds.length > 0) {
          await tx
            .insert(newArrivalItems)
            .values(input.productIds.map((productId, position) => ({ productId, position })));
        }
        await recordActivity(tx, {
          actor,
          action: "new-arrivals.update",
          subject: { type: "new-arrivals", id: 1, label: "New arrivals" },
          before,
          after: {
            mode: input.mode,
            days: input.days,
            startsAt: input.startsAt,
            endsAt: input.endsAt,
            productIds: input.productIds,
          },
        });
      });
      deps.invalidate();
      return view();
    },
  };
}

export type NewArrivalsService = ReturnType<typeof newArrivalsService>;
