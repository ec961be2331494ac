/**
 * Staff side of promotions: coupons and automatic discounts (create, edit with a version
 * check, enable/disable, duplicate, delete while unused), bulk code generation, and the
 * usage log. Editing a coupon never touches orders already placed: an order keeps its own
 * discount, line allocations and redemption rows.
 */
import { randomInt } from "node:crypto";
import {
  type Coupon,
  type CouponInputParsed,
  type CouponListQuery,
  type CouponPage,
  type CouponStatus,
  type CouponTarget,
  describeCoupon,
  type GenerateCodesBody,
  minorDigits,
  type TargetOptions,
  type UsagePage,
  type UsageQuery,
} from "@atelier/contract";
import { eq, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db, Tx } from "../../db/client.ts";
import { couponCodes, coupons } from "../../db/schema/index.ts";
import { isUniqueViolation } from "../../db/unique-violation.ts";
import { ConflictError, NotFoundError, ValidationError } from "../../errors.ts";
import { type ActivityActor, recordActivity } from "../activity-log/index.ts";
import { countsSql } from "./checkout-engine.ts";

type ListQuery = z.output<typeof import("@atelier/contract").CouponListQuery>;
type Usage = z.output<typeof import("@atelier/contract").UsageQuery>;
type Generate = z.output<typeof import("@atelier/contract").GenerateCodesBody>;

/** Unambiguous characters for generated codes (no 0/O, 1/I/L). */
const CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";

export function randomCode(prefix: string, length: number): string {
  let text = prefix;
  for (let index = 0; index < length; index += 1) text += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return text;
}

const statusSql = sql.raw(`case
  when not c.is_active then 'disabled'
  when c.ends_at is not null and c.ends_at <= now() then 'expired'
  when c.starts_at is not null and c.starts_at > now() then 'scheduled'
  when c.usage_limit is not null and u.used >= c.usage_limit then 'used_up'
  else 'active' end`);

interface ListRow extends Record<string, unknown> {
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

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

export function promotionsService(deps: { db: Db; currency: () => Promise<string>; timeZone: () => Promise<string> }) {
  const { db } = deps;

  function selectCoupons(where: SQL, order: SQL, limit?: { limit: number; offset: number }) {
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

  async function targetNames(targets: readonly CouponTarget[], tx: Db | Tx = db): Promise<Map<string, string>> {
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

  async function toCoupons(rows: readonly ListRow[], tx: Db | Tx = db): Promise<Coupon[]> {
    const [currency, timeZone] = await Promise.all([deps.currency(), deps.timeZone()]);
    const digits = minorDigits(currency);
    const names = await targetNames(
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

  async function one(id: number, tx: Db | Tx = db): Promise<Coupon> {
    const { rows } = await tx.execute<ListRow>(selectCoupons(sql`c.id = ${id}`, sql`c.id`));
    const [coupon] = await toCoupons(rows, tx);
    if (!coupon) throw new NotFoundError("No such coupon.");
    return coupon;
  }

  function columns(input: CouponInputParsed) {
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

  async function checkTargets(tx: Tx, targets: readonly CouponTarget[]): Promise<void> {
    const names = await targetNames(targets, tx);
    const missing = targets.findIndex((target) => !names.has(`${target.type}:${target.id}`));
    if (missing >= 0) {
      throw new ValidationError("Check the coupon.", { [`targets.${missing}`]: "no longer exists" });
    }
  }

  async function codeTaken(tx: Tx, code: string, exceptCouponId?: number): Promise<boolean> {
    const { rows } = await tx.execute(
      sql`select 1 from coupon_codes where upper(code) = upper(${code})
        ${exceptCouponId ? sql`and not (coupon_id = ${exceptCouponId} and is_primary)` : sql``} limit 1`,
    );
    return rows.length > 0;
  }

  const duplicateCode = () => new ValidationError("Check the coupon.", { code: "is already used by another coupon" });

  async function setPrimaryCode(tx: Tx, couponId: number, code: string | null): Promise<void> {
    if (code === null) {
      await tx.execute(sql`delete from coupon_codes where coupon_id = ${couponId} and is_primary`);
      return;
    }
    if (await codeTaken(tx, code, couponId)) throw duplicateCode();
    const updated = await tx
      .update(couponCodes)
      .set({ code })
      .where(sql`${couponCodes.couponId} = ${couponId} and ${couponCodes.isPrimary}`)
      .returning({ id: couponCodes.id });
    if (updated.length === 0) await tx.insert(couponCodes).values({ couponId, code, isPrimary: true });
  }

  async function guard<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (isUniqueViolation(error)) throw duplicateCode();
      throw error;
    }
  }

  /** What the activity log keeps of a coupon: its rules and primary code. */
  async function snapshot(tx: Tx, id: number): Promise<Record<string, unknown> | null> {
    const [row] = await tx.select().from(coupons).where(eq(coupons.id, id));
    if (!row) return null;
    const [primary] = await tx
      .select({ code: couponCodes.code })
      .from(couponCodes)
      .where(sql`${couponCodes.couponId} = ${id} and ${couponCodes.isPrimary}`);
    const { createdAt: _created, updatedAt: _updated, createdBy: _by, ...rules } = row;
    return { ...rules, code: primary?.code ?? null };
  }

  async function log(
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

  return {
    one,

    async list(query: ListQuery): Promise<CouponPage> {
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
        items: await toCoupons(rows),
        page: query.page,
        pageSize: query.pageSize,
        total,
        pageCount: Math.max(1, Math.ceil(total / query.pageSize)),
      };
    },

    async create(input: CouponInputParsed, actor: ActivityActor): Promise<Coupon> {
      return guard(() =>
        db.transaction(async (tx) => {
          await checkTargets(tx, input.targets);
          if (input.method === "code" && input.code && (await codeTaken(tx, input.code))) throw duplicateCode();
          const [row] = await tx
            .insert(coupons)
            .values({ ...columns(input), createdBy: actor.id })
            .returning({ id: coupons.id });
          if (!row) throw new Error("coupon insert returned nothing");
          if (input.method === "code" && input.code) await setPrimaryCode(tx, row.id, input.code);
          await log(tx, actor, "coupon.create", row.id, null, await snapshot(tx, row.id));
          return one(row.id, tx);
        }),
      );
    },

    async update(id: number, input: CouponInputParsed & { version: number }, actor: ActivityActor): Promise<Coupon> {
      return guard(() =>
        db.transaction(async (tx) => {
          const [current] = await tx.select().from(coupons).where(eq(coupons.id, id)).for("update");
          if (!current) throw new NotFoundError("No such coupon.");
          if (current.version !== input.version) {
            throw new ConflictError("This coupon changed since you opened it. Reload it and try again.");
          }
          await checkTargets(tx, input.targets);
          const before = await snapshot(tx, id);
          await tx
            .update(coupons)
            .set({ ...columns(input), version: sql`${coupons.version} + 1`, updatedAt: new Date() })
            .where(eq(coupons.id, id));
          await setPrimaryCode(tx, id, input.method === "code" ? input.code : null);
          await log(tx, actor, "coupon.update", id, before, await snapshot(tx, id));
          return one(id, tx);
        }),
      );
    },

    async setActive(id: number, isActive: boolean, version: number, actor: ActivityActor): Promise<Coupon> {
      return db.transaction(async (tx) => {
        const before = await snapshot(tx, id);
        if (!before) throw new NotFoundError("No such coupon.");
        const updated = await tx
          .update(coupons)
          .set({ isActive, version: sql`${coupons.version} + 1`, updatedAt: new Date() })
          .where(sql`${coupons.id} = ${id} and ${coupons.version} = ${version}`)
          .returning({ id: coupons.id });
        if (updated.length === 0) {
          throw new ConflictError("This coupon changed since you opened it. Reload it and try again.");
        }
        await log(tx, actor, "coupon.update", id, before, await snapshot(tx, id));
        return one(id, tx);
      });
    },

    async duplicate(id: number, actor: ActivityActor): Promise<Coupon> {
      return db.transaction(async (tx) => {
        const [source] = await tx.select().from(coupons).where(eq(coupons.id, id));
        if (!source) throw new NotFoundError("No such coupon.");
        const {
          id: _id,
          version: _version,
          createdAt: _created,
          updatedAt: _updated,
          createdBy: _by,
          ...rest
        } = source;
        const [copy] = await tx
          .insert(coupons)
          .values({ ...rest, title: `Copy of ${source.title}`.slice(0, 120), isActive: false, createdBy: actor.id })
          .returning({ id: coupons.id });
        if (!copy) throw new Error("coupon insert returned nothing");
        if (source.method === "code") {
          const [primary] = await tx
            .select({ code: couponCodes.code })
            .from(couponCodes)
            .where(sql`${couponCodes.couponId} = ${id} and ${couponCodes.isPrimary}`);
          const stem = (primary?.code ?? "COUPON").slice(0, 52);
          let code = `${stem}-COPY`;
          while (await codeTaken(tx, code)) code = `${stem}-${randomCode("", 6)}`;
          await tx.insert(couponCodes).values({ couponId: copy.id, code, isPrimary: true });
        }
        await log(tx, actor, "coupon.create", copy.id, null, await snapshot(tx, copy.id));
        return one(copy.id, tx);
      });
    },

    async remove(id: number, actor: ActivityActor): Promise<{ deleted: true }> {
      return db.transaction(async (tx) => {
        const [row] = await tx.select({ id: coupons.id }).from(coupons).where(eq(coupons.id, id)).for("update");
        if (!row) throw new NotFoundError("No such coupon.");
        const { rows } = await tx.execute(sql`select 1 from coupon_redemptions where coupon_id = ${id} limit 1`);
        if (rows.length > 0) {
          throw new ConflictError("This coupon has been used in orders, so it cannot be deleted. Disable it instead.");
        }
        const before = await snapshot(tx, id);
        await tx.delete(coupons).where(eq(coupons.id, id));
        await log(tx, actor, "coupon.delete", id, before, null);
        return { deleted: true as const };
      });
    },

    async generateCodes(
      id: number,
      input: Generate,
      actor: ActivityActor,
    ): Promise<{ created: number; codes: string[] }> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select({ id: coupons.id, method: coupons.method })
          .from(coupons)
          .where(eq(coupons.id, id))
          .for("update");
        if (!row) throw new NotFoundError("No such coupon.");
        if (row.method !== "code") {
          throw new ValidationError("Automatic discounts have no codes.", {
            count: "automatic discounts have no codes",
          });
        }
        const created: string[] = [];
        for (let attempt = 0; attempt < 20 && created.length < input.count; attempt += 1) {
          const wanted = new Set<string>();
          while (wanted.size < input.count - created.length) wanted.add(randomCode(input.prefix, input.length));
          const { rows } = await tx.execute<{ code: string }>(sql`
            insert into coupon_codes (coupon_id, code, usage_limit)
            select ${id}, x.code, ${input.usageLimit}::int from unnest(string_to_array(${[...wanted].join(",")}, ',')) as x(code)
            on conflict ((upper(code))) do nothing
            returning code`);
          created.push(...rows.map((entry) => entry.code));
        }
        if (created.length < input.count) {
          throw new ConflictError("Could not find enough unused codes; use a longer code or another prefix.");
        }
        await recordActivity(tx, {
          actor,
          action: "coupon.update",
          subject: { type: "coupon", id, label: "" },
          before: { generatedCodes: null },
          after: { generatedCodes: created.length, prefix: input.prefix, usageLimitPerCode: input.usageLimit },
        });
        return { created: created.length, codes: created };
      });
    },

    async codes(id: number, page: number, pageSize: number) {
      await one(id);
      const counts = sql`(select count(*)::int from coupon_redemptions r join buying_history o on o.id = r.order_id
        join coupons c on c.id = r.coupon_id where r.code_id = cc.id and ${countsSql})`;
      const [{ rows }, total] = await Promise.all([
        db.execute<{ id: number; code: string; usage_limit: number | null; used: number; created_at: Date | string }>(
          sql`select cc.id, cc.code, cc.usage_limit, ${counts} as used, cc.created_at from coupon_codes cc
            where cc.coupon_id = ${id} and not cc.is_primary order by cc.id
            ${page > 0 ? sql`limit ${pageSize} offset ${(page - 1) * pageSize}` : sql``}`,
        ),
        db.execute<{ total: number }>(
          sql`select count(*)::int as total from coupon_codes where coupon_id = ${id} and not is_primary`,
        ),
      ]);
      const count = total.rows[0]?.total ?? 0;
      return {
        items: rows.map((entry) => ({
          id: entry.id,
          code: entry.code,
          usageLimit: entry.usage_limit,
          used: entry.used,
          createdAt: iso(entry.created_at) ?? "",
        })),
        page: Math.max(page, 1),
        pageSize,
        total: count,
        pageCount: Math.max(1, Math.ceil(count / pageSize)),
      };
    },

    async targets(q: string | undefined): Promise<TargetOptions> {
      const like = q ? `%${q.replace(/[\\%_]/g, (match) => `\\${match}`)}%` : null;
      const [categories, subs, subSubs, series, types, products, collabs] = await Promise.all([
        db.execute<{ id: number; name: string }>(sql`select id, name from categories order by serial, name`),
        db.execute<{ id: number; name: string }>(sql`select s.id, c.name || ' › ' || s.name as name
          from sub_categories s join categories c on c.id = s.category_id order by c.serial, c.name, s.name`),
        db.execute<{ id: number; name: string }>(sql`select ss.id, c.name || ' › ' || s.name || ' › ' || ss.name as name
          from sub_sub_categories ss join sub_categories s on s.id = ss.sub_category_id
          join categories c on c.id = s.category_id order by c.serial, c.name, s.name, ss.name`),
        db.execute<{ id: number; name: string }>(sql`select id, name from series order by name`),
        db.execute<{ id: number; name: string }>(sql`select id, name from product_types order by name`),
        db.execute<{ id: number; name: string }>(sql`select id, name from products
          ${like ? sql`where name ilike ${like}` : sql``} order by name limit 30`),
        db.execute<{ id: number; name: string }>(sql`select id, name from collaborators order by name`),
      ]);
      return {
        currency: await deps.currency(),
        categories: [
          ...categories.rows.map((row) => ({ type: "category" as const, ...row })),
          ...subs.rows.map((row) => ({ type: "subCategory" as const, ...row })),
          ...subSubs.rows.map((row) => ({ type: "subSubCategory" as const, ...row })),
        ],
        series: series.rows,
        productTypes: types.rows,
        collabs: collabs.rows,
        products: products.rows,
      };
    },

    async usage(query: Usage, all = false): Promise<UsagePage> {
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
    },
  };
}

export type PromotionsService = ReturnType<typeof promotionsService>;
export type { CouponListQuery, GenerateCodesBody, UsageQuery };
