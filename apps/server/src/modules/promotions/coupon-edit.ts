/** Creating, editing, pausing, duplicating and deleting a coupon: version-checked, codes unique, every change in the activity log. */
import type { Coupon, CouponInputParsed, CouponTarget } from "@atelier/contract";
import { eq, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { couponCodes, coupons } from "../../db/schema/index.ts";
import { isUniqueViolation } from "../../db/unique-violation.ts";
import { ConflictError, NotFoundError, ValidationError } from "../../errors.ts";
import type { ActivityActor } from "../activity-log/index.ts";
import type { PromotionsDeps } from "./coupon-rows.ts";
import { columns, log, one, randomCode, snapshot, targetNames } from "./coupon-rows.ts";

async function checkTargets(deps: PromotionsDeps, tx: Tx, targets: readonly CouponTarget[]): Promise<void> {
  const names = await targetNames(deps, targets, tx);
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

export async function createCoupon(
  deps: PromotionsDeps,
  input: CouponInputParsed,
  actor: ActivityActor,
): Promise<Coupon> {
  const { db } = deps;
  return guard(() =>
    db.transaction(async (tx) => {
      await checkTargets(deps, tx, input.targets);
      if (input.method === "code" && input.code && (await codeTaken(tx, input.code))) throw duplicateCode();
      const [row] = await tx
        .insert(coupons)
        .values({ ...columns(input), createdBy: actor.id })
        .returning({ id: coupons.id });
      if (!row) throw new Error("coupon insert returned nothing");
      if (input.method === "code" && input.code) await setPrimaryCode(tx, row.id, input.code);
      await log(tx, actor, "coupon.create", row.id, null, await snapshot(tx, row.id));
      return one(deps, row.id, tx);
    }),
  );
}

export async function updateCoupon(
  deps: PromotionsDeps,
  id: number,
  input: CouponInputParsed & { version: number },
  actor: ActivityActor,
): Promise<Coupon> {
  const { db } = deps;
  return guard(() =>
    db.transaction(async (tx) => {
      const [current] = await tx.select().from(coupons).where(eq(coupons.id, id)).for("update");
      if (!current) throw new NotFoundError("No such coupon.");
      if (current.version !== input.version) {
        throw new ConflictError("This coupon changed since you opened it. Reload it and try again.");
      }
      await checkTargets(deps, tx, input.targets);
      const before = await snapshot(tx, id);
      await tx
        .update(coupons)
        .set({ ...columns(input), version: sql`${coupons.version} + 1`, updatedAt: new Date() })
        .where(eq(coupons.id, id));
      await setPrimaryCode(tx, id, input.method === "code" ? input.code : null);
      await log(tx, actor, "coupon.update", id, before, await snapshot(tx, id));
      return one(deps, id, tx);
    }),
  );
}

export async function setCouponActive(
  deps: PromotionsDeps,
  id: number,
  isActive: boolean,
  version: number,
  actor: ActivityActor,
): Promise<Coupon> {
  const { db } = deps;
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
    return one(deps, id, tx);
  });
}

export async function duplicateCoupon(deps: PromotionsDeps, id: number, actor: ActivityActor): Promise<Coupon> {
  const { db } = deps;
  return db.transaction(async (tx) => {
    const [source] = await tx.select().from(coupons).where(eq(coupons.id, id));
    if (!source) throw new NotFoundError("No such coupon.");
    const { id: _id, version: _version, createdAt: _created, updatedAt: _updated, createdBy: _by, ...rest } = source;
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
    return one(deps, copy.id, tx);
  });
}

export async function removeCoupon(deps: PromotionsDeps, id: number, actor: ActivityActor): Promise<{ deleted: true }> {
  const { db } = deps;
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
}
