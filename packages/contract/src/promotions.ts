/**
 * Promotions (issue 13): coupons and automatic discounts, their codes (one primary code
 * and any number of generated ones), what shoppers are told at checkout, and the staff
 * calls behind Coupons → Create / Manage / Usage Logs.
 *
 * Money is integer minor units; percentages are whole numbers 1-100. A coupon's codes
 * are stored upper-cased, so "summer10" and "SUMMER10" are the same code, and unique.
 */
import { z } from "zod";
import { IdParams, optionalQueryField, PageQuery, pageQuery } from "./common.ts";
import { defineEndpoint } from "./endpoint.ts";
import {
  Coupon,
  CouponCodesPage,
  CouponInput,
  CouponListQuery,
  CouponPage,
  CouponUpdate,
  GenerateCodesBody,
  TargetOptions,
  UsagePage,
  UsageQuery,
} from "./promotion-coupons.ts";
import {
  NewArrivalsInput,
  NewArrivalsPage,
  NewArrivalsSettings,
  ScheduledDiscount,
  ScheduledDiscountInput,
  ScheduledDiscountUpdate,
} from "./promotion-discounts.ts";

/** The paths of this file's calls (below the API base). Kept here so other areas' edits never collide. */
export const promotionPaths = {
  coupons: "/admin/promotions/coupons",
  coupon: "/admin/promotions/coupons/:id",
  couponActive: "/admin/promotions/coupons/:id/active",
  couponDuplicate: "/admin/promotions/coupons/:id/duplicate",
  couponCodes: "/admin/promotions/coupons/:id/codes",
  couponCodesExport: "/admin/promotions/coupons/:id/codes/export",
  targets: "/admin/promotions/targets",
  usage: "/admin/promotions/usage",
  usageExport: "/admin/promotions/usage/export",
  discounts: "/admin/promotions/discounts",
  discount: "/admin/promotions/discounts/:id",
  newArrivalsAdmin: "/admin/promotions/new-arrivals",
  newArrivals: "/new-arrivals",
} as const;

// ---------------------------------------------------------------- endpoints

const tags = ["Promotions"] as const;
const access = { permission: "coupons" } as const;
const Deleted = z.object({ deleted: z.literal(true) });

export const promotionEndpoints = {
  list: defineEndpoint({
    method: "GET",
    path: promotionPaths.coupons,
    summary: "Coupons and automatic discounts: search, status filter, sort, pages",
    tags,
    access,
    query: CouponListQuery,
    response: CouponPage,
  }),
  create: defineEndpoint({
    method: "POST",
    path: promotionPaths.coupons,
    summary: "Create a coupon (or automatic discount)",
    tags,
    access,
    body: CouponInput,
    response: Coupon,
  }),
  get: defineEndpoint({
    method: "GET",
    path: promotionPaths.coupon,
    summary: "One coupon",
    tags,
    access,
    params: IdParams,
    response: Coupon,
  }),
  update: defineEndpoint({
    method: "PUT",
    path: promotionPaths.coupon,
    summary: "Edit a coupon; a stale version answers 409. Orders already placed keep their prices.",
    tags,
    access,
    params: IdParams,
    body: CouponUpdate,
    response: Coupon,
  }),
  setActive: defineEndpoint({
    method: "POST",
    path: promotionPaths.couponActive,
    summary: "Enable or disable a coupon",
    tags,
    access,
    params: IdParams,
    body: z.object({ isActive: z.boolean(), version: z.number().int().positive() }),
    response: Coupon,
  }),
  duplicate: defineEndpoint({
    method: "POST",
    path: promotionPaths.couponDuplicate,
    summary: "Copy a coupon (disabled, with a new code)",
    tags,
    access,
    params: IdParams,
    response: Coupon,
  }),
  remove: defineEndpoint({
    method: "DELETE",
    path: promotionPaths.coupon,
    summary: "Delete a coupon that was never used (409 otherwise: disable it instead)",
    tags,
    access,
    params: IdParams,
    response: Deleted,
  }),
  generateCodes: defineEndpoint({
    method: "POST",
    path: promotionPaths.couponCodes,
    summary: "Generate N unique codes for a coupon",
    tags,
    access,
    params: IdParams,
    body: GenerateCodesBody,
    response: z.object({ created: z.number().int(), codes: z.array(z.string()) }),
  }),
  codes: defineEndpoint({
    method: "GET",
    path: promotionPaths.couponCodes,
    summary: "A coupon's generated codes with their uses",
    tags,
    access,
    params: IdParams,
    query: pageQuery(200, 50),
    response: CouponCodesPage,
  }),
  codesExport: defineEndpoint({
    method: "GET",
    path: promotionPaths.couponCodesExport,
    summary: "A coupon's codes as CSV (text/csv)",
    tags,
    access,
    params: IdParams,
    response: z.string(),
  }),
  targets: defineEndpoint({
    method: "GET",
    path: promotionPaths.targets,
    summary: "What a coupon or discount may target: categories at every level, series, types, products matching q",
    tags,
    // Coupons and scheduled discounts (two permissions) both pick from these names.
    access: "staff",
    query: z.object({ q: optionalQueryField(z.string().trim().max(100)) }),
    response: TargetOptions,
  }),
  usage: defineEndpoint({
    method: "GET",
    path: promotionPaths.usage,
    summary: "Coupon usage: who, which order, code, amount, when",
    tags,
    access,
    query: UsageQuery,
    response: UsagePage,
  }),
  discounts: defineEndpoint({
    method: "GET",
    path: promotionPaths.discounts,
    summary: "Scheduled discounts (sale prices), running and scheduled first",
    tags,
    access: { permission: "promotions" },
    response: z.array(ScheduledDiscount),
  }),
  createDiscount: defineEndpoint({
    method: "POST",
    path: promotionPaths.discounts,
    summary: "Schedule a discount: percent or fixed off products, categories, series or types for a period",
    tags,
    access: { permission: "promotions" },
    body: ScheduledDiscountInput,
    response: ScheduledDiscount,
  }),
  updateDiscount: defineEndpoint({
    method: "PUT",
    path: promotionPaths.discount,
    summary: "Change a scheduled discount (a stale version answers 409)",
    tags,
    access: { permission: "promotions" },
    params: IdParams,
    body: ScheduledDiscountUpdate,
    response: ScheduledDiscount,
  }),
  deleteDiscount: defineEndpoint({
    method: "DELETE",
    path: promotionPaths.discount,
    summary: "Delete a scheduled discount (orders keep the prices they were placed at)",
    tags,
    access: { permission: "promotions" },
    params: IdParams,
    response: Deleted,
  }),
  newArrivals: defineEndpoint({
    method: "GET",
    path: promotionPaths.newArrivals,
    summary: "New arrivals (curated, recent or newest), published products only",
    tags,
    query: PageQuery,
    response: NewArrivalsPage,
  }),
  newArrivalsSettings: defineEndpoint({
    method: "GET",
    path: promotionPaths.newArrivalsAdmin,
    summary: "How new arrivals are chosen",
    tags,
    access: { permission: "promotions" },
    response: NewArrivalsSettings,
  }),
  saveNewArrivals: defineEndpoint({
    method: "PUT",
    path: promotionPaths.newArrivalsAdmin,
    summary: "Choose new arrivals: newest, published in the last N days, or a curated order with a schedule",
    tags,
    access: { permission: "promotions" },
    body: NewArrivalsInput,
    response: NewArrivalsSettings,
  }),
  usageExport: defineEndpoint({
    method: "GET",
    path: promotionPaths.usageExport,
    summary: "Coupon usage as CSV (text/csv)",
    tags,
    access,
    query: UsageQuery,
    response: z.string(),
  }),
};

export * from "./promotion-coupons.ts";
export * from "./promotion-discounts.ts";
