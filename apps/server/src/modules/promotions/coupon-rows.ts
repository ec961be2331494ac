/** Coupons as staff see them: the rows, their targets' names, their columns, and the activity log's before/after snapshot. */
import { randomInt } from "node:crypto";
import {
  type Coupon,
  type CouponInputParsed,
  type CouponStatus,
  type CouponTarget,
  describeCoupon,
  minorDigits,
} from "@atelier/contract";
import { eq, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db, Tx } from "../../db/client.ts";
import { couponCodes, coupons } from "../../db/schema/index.ts";
import { NotFoundError } from "../../errors.ts";
import { type ActivityActor, recordActivity } from "../activity-log/index.ts";
import { countsSql } from "./checkout-engine.ts";

/** What the coupon use cases work with. */
export interface PromotionsDeps {
  db: Db;
  currency: () => Promise<string>;
  timeZone: () => Promise<string>;
}

export type ListQuery = z.output<typeof import("@atelier/contract").CouponListQuery>;
export type Usage = z.output<typeof import("@atelier/contract").UsageQuery>;
export type Generate = z.output<typeof import("@atelier/contract").GenerateCodesBody>;

/** Unambiguous characters for generated codes (no 0/O, 1/I/L). */
const CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";

export function randomCode(prefix: string, length: number): string {
  let text = prefix;
  for (let index = 0; index < length; index += 1) text += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return text;
}

export const statusSql = sql.raw(`case
  when not c.is_active then 'disabled'
  when c.ends_at is not null and c.ends_at <= now() then 'expired'
  when c.starts_at is not null and c.starts_at > now() then 'scheduled'
  when c.usage_limit is not null and u.used >= c.usage_limit then 'used_up'
  else 'active' end`);

export interface ListRow extends Record<string, unknown> {
  id: number;
  title: string;
  method: "code" | "automatic";
  kind: Coupon["kind"];
  percent_off: number | null;
  amount_off: number | null;
  buy_quantity: number | null;
  get_quantity: number | null;
  get_percent_off: number | null;
  applies_to: "order" | "items";
  targets: CouponTarget[];
  min_subtotal: number | null;
  min_quantity: number | null;
  starts_at: Date | string | null;
  ends_at: Date | string | null;
  eligibility: Coupon["eligibility"];
  customer_emails: string[];
  usage_limit: number | null;
  per_customer_limit: number | null;
  combines_with_order: boolean;
  combines_with_product: boolean;
  combines_with_delivery: boolean;
  release_on_refund: boolean;
  is_active: boolean;
  version: number;
  created_at: Date | string;
  updated_at: Date | string;
  code: string | null;
  used: number;
  extra_codes: number;
  status: CouponStatus;
}

export const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

export function selectCoupons(where: SQL, order: SQL, limit?: { limit: number; offset: number }) {
  return sql`
    with u as (
      select r.coupon_id, count(*)::int as used
      from coupon_redemptions r join buying_history o on o.id = r.order_id join coupons c on c.id = r.coupon_id
      where ${countsSql}
      group by r.coupon_id
    )
    select * from (
      select c.*, pc.code,
             coalesce(u.used, 0)::int as used,
             (select count(*)::int from coupon_codes x where x.coupon_id = c.id and not x.is_primary) as extra_codes,
             ${statusSql} as status
      from coupons c
      left join u on u.coupon_id = c.id
      left join coupon_codes pc on pc.coupon_id = c.id and pc.is_primary
    ) c
    where ${where}
    order by ${order}
    ${limit ? sql`limit ${limit.limit} offset ${limit.offset}` : sql``}`;
}

export async function targetNames(
  deps: PromotionsDeps,
  targets: readonly CouponTarget[],
  tx: Db | Tx = deps.db,
): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  const tables: Record<CouponTarget["type"], string> = {
    product: "products",
    category: "categories",
    subCategory: "sub_categories",
    subSubCategory: "sub_sub_categories",
    series: "series",
    productType: "product_types",
    collab: "collaborators",
  };
  for (const type of Object.keys(tables) as CouponTarget["type"][]) {
    const ids = [...new Set(targets.filter((target) => target.type === type).map((target) => target.id))];
    if (ids.length === 0) continue;
    const { rows } = await tx.execute<{ id: number; name: string }>(
      sql`select id, name from ${sql.identifier(tables[type])} where id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
    for (const row of rows) names.set(`${type}:${row.id}`, row.name);
  }
  return names;
}

export async function toCoupons(
  deps: PromotionsDeps,
  rows: readonly ListRow[],
  tx: Db | Tx = deps.db,
): Promise<Coupon[]> {
  const [currency, timeZone] = await Promise.all([deps.currency(), deps.timeZone()]);
  const digits = minorDigits(currency);
  const names = await targetNames(
    deps,
    rows.flatMap((row) => row.targets),
    tx,
  );
  return rows.map((row) => {
    const targets = row.targets.map((target) => ({
      ...target,
      name: names.get(`${target.type}:${target.id}`) ?? `#${target.id} (deleted)`,
    }));
    const base = {
      method: row.method,
      kind: row.kind,
      percentOff: row.percent_off,
      amountOff: row.amount_off,
      buyQuantity: row.buy_quantity,
      getQuantity: row.get_quantity,
      getPercentOff: row.get_percent_off,
      appliesTo: row.applies_to,
      minSubtotal: row.min_subtotal,
      minQuantity: row.min_quantity,
      startsAt: iso(row.starts_at),
      endsAt: iso(row.ends_at),
      eligibility: row.eligibility,
      usageLimit: row.usage_limit,
      perCustomerLimit: row.per_customer_limit,
    };
    return {
      id: row.id,
      title: row.title,
      code: row.code,
      ...base,
      targets,
      customerEmails: row.customer_emails,
      combinesWithOrder: row.combines_with_order,
      combinesWithProduct: row.combines_with_product,
      combinesWithDelivery: row.combines_with_delivery,
      releaseOnRefund: row.release_on_refund,
      isActive: row.is_active,
      status: row.status,
      used: row.used,
      extraCodes: row.extra_codes,
      summary: describeCoupon(base, {
        currency,
        digits,
        timeZone,
        targetNames: targets.map((target) => target.name),
      }),
      version: row.version,
      createdAt: iso(row.created_at) ?? "",
      updatedAt: iso(row.updated_at) ?? "",
    };
  });
}

export async function one(deps: PromotionsDeps, id: number, tx: Db | Tx = deps.db): Promise<Coupon> {
  const { rows } = await tx.execute<ListRow>(selectCoupons(sql`c.id = ${id}`, sql`c.id`));
  const [coupon] = await toCoupons(deps, rows, tx);
  if (!coupon) throw new NotFoundError("No such coupon.");
  return coupon;
}

export function columns(input: CouponInputParsed) {
  const items = input.appliesTo === "items" || input.kind === "buy_x_get_y";
  return {
    title: input.title,
    method: input.method,
    kind: input.kind,
    percentOff: input.kind === "percent" ? input.percentOff : null,
    amountOff: input.kind === "fixed" ? input.amountOff : null,
    buyQuantity: input.kind === "buy_x_get_y" ? input.buyQuantity : null,
    getQuantity: input.kind === "buy_x_get_y" ? input.getQuantity : null,
    getPercentOff: input.kind === "buy_x_get_y" ? (input.getPercentOff ?? 100) : null,
    appliesTo: input.kind === "buy_x_get_y" ? ("items" as const) : input.appliesTo,
    targets: items ? input.targets : [],
    minSubtotal: input.minSubtotal,
    minQuantity: input.minQuantity,
    startsAt: input.startsAt ? new Date(input.startsAt) : null,
    endsAt: input.endsAt ? new Date(input.endsAt) : null,
    eligibility: input.eligibility,
    customerEmails: input.eligibility === "customers" ? [...new Set(input.customerEmails)] : [],
    usageLimit: input.usageLimit,
    perCustomerLimit: input.perCustomerLimit,
    combinesWithOrder: input.combinesWithOrder,
    combinesWithProduct: input.combinesWithProduct,
    combinesWithDelivery: input.combinesWithDelivery,
    releaseOnRefund: input.releaseOnRefund,
    isActive: input.isActive,
  };
}

/** What the activity log keeps of a coupon: its rules and primary code. */
export async function snapshot(tx: Tx, id: number): Promise<Record<string, unknown> | null> {
  const [row] = await tx.select().from(coupons).where(eq(coupons.id, id));
  if (!row) return null;
  const [primary] = await tx
    .select({ code: couponCodes.code })
    .from(couponCodes)
    .where(sql`${couponCodes.couponId} = ${id} and ${couponCodes.isPrimary}`);
  const { createdAt: _created, updatedAt: _updated, createdBy: _by, ...rules } = row;
  return { ...rules, code: primary?.code ?? null };
}

export async function log(
  tx: Tx,
  actor: ActivityActor,
  action: "coupon.create" | "coupon.update" | "coupon.delete",
  id: number,
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): Promise<void> {
  const label = String((after ?? before)?.title ?? "");
  await recordActivity(tx, { actor, action, subject: { type: "coupon", id, label }, before, after });
}
