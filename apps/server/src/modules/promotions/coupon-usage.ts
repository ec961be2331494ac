/** Coupon usage: the redemptions of a period, by coupon and code, with the discount given. */
import type { UsagePage } from "@atelier/contract";
import { type SQL, sql } from "drizzle-orm";
import { countsSql } from "./checkout-engine.ts";
import type { PromotionsDeps } from "./coupon-rows.ts";
import { iso, type Usage } from "./coupon-rows.ts";

export async function couponUsage(deps: PromotionsDeps, query: Usage, all = false): Promise<UsagePage> {
  const { db } = deps;
  const conditions: SQL[] = [sql`true`];
  if (query.couponId) conditions.push(sql`r.coupon_id = ${query.couponId}`);
  if (query.q) {
    const like = `%${query.q.replace(/[\\%_]/g, (match) => `\\${match}`)}%`;
    conditions.push(
      sql`(r.email ilike ${like} or o.customer_name ilike ${like} or r.code ilike ${like} or o.number ilike ${like})`,
    );
  }
  if (query.from) conditions.push(sql`r.created_at >= ${query.from}::date`);
  if (query.to) conditions.push(sql`r.created_at < ${query.to}::date + 1`);
  const where = sql.join(conditions, sql` and `);
  const from = sql`from coupon_redemptions r join coupons c on c.id = r.coupon_id join buying_history o on o.id = r.order_id`;
  const offset = (query.page - 1) * query.pageSize;
  const [{ rows }, count] = await Promise.all([
    db.execute<{
      id: number;
      coupon_id: number;
      title: string;
      code: string | null;
      order_id: number;
      number: string;
      status: string;
      customer_name: string;
      email: string;
      user_id: string | null;
      amount: number;
      free_delivery: boolean;
      currency: string;
      counts: boolean;
      created_at: Date | string;
    }>(sql`select r.id, r.coupon_id, c.title, r.code, r.order_id, o.number, o.status, o.customer_name, r.email,
        r.user_id, r.amount, r.free_delivery, o.currency, (${countsSql}) as counts, r.created_at
      ${from} where ${where} order by r.created_at desc, r.id desc
      ${all ? sql`limit 100000` : sql`limit ${query.pageSize} offset ${offset}`}`),
    db.execute<{ total: number }>(sql`select count(*)::int as total ${from} where ${where}`),
  ]);
  const total = count.rows[0]?.total ?? 0;
  return {
    items: rows.map((row) => ({
      id: row.id,
      couponId: row.coupon_id,
      couponTitle: row.title,
      code: row.code,
      orderId: row.order_id,
      orderNumber: row.number,
      orderStatus: row.status,
      customerName: row.customer_name,
      email: row.email,
      isGuest: row.user_id === null,
      amount: row.amount,
      freeDelivery: row.free_delivery,
      currency: row.currency,
      counts: row.counts,
      createdAt: iso(row.created_at) ?? "",
    })),
    page: query.page,
    pageSize: query.pageSize,
    total,
    pageCount: Math.max(1, Math.ceil(total / query.pageSize)),
  };
}
