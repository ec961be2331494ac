/**
 * Statistics / Views (a date range's daily views and its most viewed products) and Sync
 * Sales Count (one stateless batch per call, so any app process can answer the next one
 * and a closed browser tab leaves nothing half-done beyond the batches already committed).
 */
import {
  MAX_VIEWS_RANGE_DAYS,
  type ProductViewsReport,
  type SalesCountBatch,
  type SalesCountBatchBody,
  viewsRangeProblem,
} from "@atelier/contract";
import type { z } from "zod";
import type { Db } from "../../db/client.ts";
import { ValidationError } from "../../errors.ts";
import { type ActivityActor, recordActivity } from "../activity-log/index.ts";
import type { ProductStatsRepository } from "./repository.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
const TOP_PRODUCTS = 10;

const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;
const dayString = (dayNo: number) => new Date(dayNo * DAY_MS).toISOString().slice(0, 10);

export function productStatsService(deps: {
  db: Db;
  repo: ProductStatsRepository;
  /** Called after sales counts change: they order the storefront's "popular" listings. */
  onCatalogChanged: () => void;
}) {
  const { db, repo } = deps;

  return {
    async views(range: { from: string; to: string }): Promise<ProductViewsReport> {
      const problem = viewsRangeProblem(range);
      if (problem) {
        const message =
          problem.field === "from"
            ? "The start date must be on or before the end date."
            : `Choose a range of at most ${MAX_VIEWS_RANGE_DAYS} days.`;
        throw new ValidationError(message, { [problem.field]: problem.message });
      }
      const first = dayNumber(range.from);
      const last = dayNumber(range.to);
      const [counted, topProducts] = await Promise.all([
        repo.viewsByDay(range.from, range.to),
        repo.topProducts(range.from, range.to, TOP_PRODUCTS),
      ]);
      const byDate = new Map(counted.map((row) => [row.date, row.views]));
      const days = Array.from({ length: last - first + 1 }, (_, index) => {
        const date = dayString(first + index);
        return { date, views: byDate.get(date) ?? 0 };
      });
      const totalViews = days.reduce((sum, day) => sum + day.views, 0);
      return { from: range.from, to: range.to, days, totalViews, topProducts };
    },

    /** One batch, recorded in the activity log (who recounted which products, how many changed) in its transaction. */
    async syncSalesCountBatch(
      body: z.output<typeof SalesCountBatchBody>,
      actor: ActivityActor,
    ): Promise<SalesCountBatch> {
      const result = await db.transaction(async (tx) => {
        const batch = await repo.lockBatch(body.afterId, body.batchSize, tx);
        const sold = await repo.unitsSold(
          batch.map((product) => product.id),
          tx,
        );
        const changes = batch
          .map((product) => ({ id: product.id, before: product.salesCount, salesCount: sold.get(product.id) ?? 0 }))
          .filter((product) => product.salesCount !== product.before);
        await repo.setSalesCounts(changes, tx);
        const lastId = batch.at(-1)?.id ?? null;
        const more = lastId !== null && batch.length === body.batchSize && (await repo.hasProductAfter(lastId, tx));
        await recordActivity(tx, {
          actor,
          action: "product.sales-count-sync",
          subject: { type: "sales-count", id: body.afterId ?? 0, label: "Sales counts" },
          after: {
            afterId: body.afterId,
            lastId,
            processed: batch.length,
            changed: changes.map((change) => ({ id: change.id, from: change.before, to: change.salesCount })),
          },
        });
        return { processed: batch.length, changed: changes.length, nextAfterId: more ? lastId : null };
      });
      if (result.changed > 0) deps.onCatalogChanged();
      return { ...result, total: await repo.productCount() };
    },
  };
}

export type ProductStatsService = ReturnType<typeof productStatsService>;
