/** The coupon list: filtered by status and text, sorted, paged, with each coupon's redemption counts. */
import type { CouponPage } from "@atelier/contract";
import { type SQL, sql } from "drizzle-orm";
import type { PromotionsDeps } from "./coupon-rows.ts";
import { type ListQuery, type ListRow, selectCoupons, toCoupons } from "./coupon-rows.ts";

export async function listCoupons(deps: PromotionsDeps, query: ListQuery): Promise<CouponPage> {
  const { db } = deps;
  const conditions: SQL[] = [sql`true`];
  if (query.q) {
    const like = `%${query.q.replace(/[\\%_]/g, (match) => `\\${match}`)}%`;
    conditions.push(
      sql`(c.title ilike ${like} or c.code ilike ${like} or exists (select 1 from coupon_codes x where x.coupon_id = c.id and x.code ilike ${like}))`,
    );
  }
  if (query.status) conditions.push(sql`c.status = ${query.status}`);
  const where = sql.join(conditions, sql` and `);
  const order =
    query.sort === "oldest"
      ? sql`c.created_at asc, c.id asc`
      : query.sort === "title"
        ? sql`lower(c.title) asc, c.id asc`
        : query.sort === "ends"
          ? sql`c.ends_at asc nulls last, c.id desc`
          : query.sort === "used"
            ? sql`c.used desc, c.id desc`
            : sql`c.created_at desc, c.id desc`;
  const offset = (query.page - 1) * query.pageSize;
  const [{ rows }, count] = await Promise.all([
    db.execute<ListRow>(selectCoupons(where, order, { limit: query.pageSize, offset })),
    db.execute<{ total: number }>(sql`select count(*)::int as total from (${selectCoupons(where, sql`c.id`)}) t`),
  ]);
  const total = count.rows[0]?.total ?? 0;
  return {
    items: await toCoupons(deps, rows),
    page: query.page,
    pageSize: query.pageSize,
    total,
    pageCount: Math.max(1, Math.ceil(total / query.pageSize)),
  };
}
