/** A coupon's many codes: generating a batch of random codes and listing them with their use. */
import { eq, sql } from "drizzle-orm";
import { coupons } from "../../db/schema/index.ts";
import { ConflictError, NotFoundError, ValidationError } from "../../errors.ts";
import { type ActivityActor, recordActivity } from "../activity-log/index.ts";
import { countsSql } from "./checkout-engine.ts";
import type { PromotionsDeps } from "./coupon-rows.ts";
import { type Generate, iso, one, randomCode } from "./coupon-rows.ts";

export async function generateCouponCodes(
  deps: PromotionsDeps,
  id: number,
  input: Generate,
  actor: ActivityActor,
): Promise<{ created: number; codes: string[] }> {
  const { db } = deps;
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
}

export async function listCouponCodes(deps: PromotionsDeps, id: number, page: number, pageSize: number) {
  const { db } = deps;
  await one(deps, id);
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
}
