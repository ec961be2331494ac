/**
 * Staff side of promotions: coupons and automatic discounts (create, edit with a version
 * check, enable/disable, duplicate, delete while unused), bulk code generation, and the
 * usage log. Editing a coupon never touches orders already placed: an order keeps its own
 * discount, line allocations and redemption rows.
 */

import type { CouponListQuery, GenerateCodesBody, UsageQuery } from "@atelier/contract";
import { bound } from "../../infra/bound.ts";
import { generateCouponCodes, listCouponCodes } from "./coupon-codes.ts";
import { createCoupon, duplicateCoupon, removeCoupon, setCouponActive, updateCoupon } from "./coupon-edit.ts";
import { listCoupons } from "./coupon-list.ts";
import { one, type PromotionsDeps } from "./coupon-rows.ts";
import { couponTargetOptions } from "./coupon-targets.ts";
import { couponUsage } from "./coupon-usage.ts";

export function promotionsService(deps: PromotionsDeps) {
  return {
    one: bound(deps, one),
    list: bound(deps, listCoupons),
    create: bound(deps, createCoupon),
    update: bound(deps, updateCoupon),
    setActive: bound(deps, setCouponActive),
    duplicate: bound(deps, duplicateCoupon),
    remove: bound(deps, removeCoupon),
    generateCodes: bound(deps, generateCouponCodes),
    codes: bound(deps, listCouponCodes),
    targets: bound(deps, couponTargetOptions),
    usage: bound(deps, couponUsage),
  };
}

export type PromotionsService = ReturnType<typeof promotionsService>;
export type { CouponListQuery, GenerateCodesBody, UsageQuery };
