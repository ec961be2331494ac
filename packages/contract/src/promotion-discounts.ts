/** Scheduled discounts (sale prices) and how new arrivals are chosen (issue 13). */
import { z } from "zod";
import { ProductCard } from "./catalog-products.ts";
import { Id, pageOf } from "./common.ts";
import { Instant } from "./promotion-coupons.ts";

// ---------------------------------------------------------------- scheduled discounts (sale prices)

export const discountTargetTypes = [
  "all",
  "product",
  "category",
  "subCategory",
  "subSubCategory",
  "series",
  "productType",
] as const;
export type DiscountTargetType = (typeof discountTargetTypes)[number];

export const ScheduledDiscountFields = z.object({
  title: z.string().trim().min(1, { error: "is required" }).max(120, { error: "must be at most 120 characters" }),
  kind: z.enum(["percent", "fixed"]),
  /** Percent 1-100, or minor units off each unit. */
  value: z
    .number({ error: "must be a number" })
    .int({ error: "must be a whole number" })
    .min(1, { error: "must be more than 0" })
    .max(1_000_000_000, { error: "is too large" }),
  targetType: z.enum(discountTargetTypes),
  targetIds: z.array(Id).max(500).default([]),
  startsAt: Instant,
  endsAt: Instant.nullable().default(null),
  isActive: z.boolean().default(true),
});

function checkDiscountFields(value: z.output<typeof ScheduledDiscountFields>, context: z.RefinementCtx): void {
  if (value.kind === "percent" && value.value > 100) {
    context.addIssue({ code: "custom", path: ["value"], message: "must be between 1 and 100" });
  }
  if (value.targetType !== "all" && value.targetIds.length === 0) {
    context.addIssue({ code: "custom", path: ["targetIds"], message: "choose at least one" });
  }
  if (value.endsAt && Date.parse(value.endsAt) <= Date.parse(value.startsAt)) {
    context.addIssue({ code: "custom", path: ["endsAt"], message: "must be after the start" });
  }
}

export const ScheduledDiscountInput = ScheduledDiscountFields.superRefine(checkDiscountFields);
export type ScheduledDiscountInput = z.input<typeof ScheduledDiscountInput>;
export const ScheduledDiscountUpdate = ScheduledDiscountFields.extend({
  version: z.number().int().positive(),
}).superRefine(checkDiscountFields);

export const ScheduledDiscount = z
  .object({
    id: Id,
    title: z.string(),
    kind: z.enum(["percent", "fixed"]),
    value: z.number().int(),
    targetType: z.enum(discountTargetTypes),
    targets: z.array(z.object({ id: Id, name: z.string() })),
    startsAt: z.string(),
    endsAt: z.string().nullable(),
    isActive: z.boolean(),
    /** running | scheduled | ended | disabled */
    status: z.enum(["running", "scheduled", "ended", "disabled"]),
    version: z.number().int(),
    updatedAt: z.string(),
  })
  .meta({ id: "ScheduledDiscount" });
export type ScheduledDiscount = z.infer<typeof ScheduledDiscount>;

// ---------------------------------------------------------------- new arrivals

export const newArrivalModes = ["newest", "recent", "curated"] as const;
export const NewArrivalsInput = z
  .object({
    /** newest: the newest products; recent: published in the last `days` days; curated: `productIds` in order. */
    mode: z.enum(newArrivalModes),
    days: z
      .number({ error: "must be a number" })
      .int({ error: "must be a whole number" })
      .min(1, { error: "must be between 1 and 365" })
      .max(365, { error: "must be between 1 and 365" })
      .default(30),
    productIds: z.array(Id).max(60, { error: "at most 60 products" }).default([]),
    startsAt: Instant.nullable().default(null),
    endsAt: Instant.nullable().default(null),
    version: z.number().int().positive(),
  })
  .superRefine((value, context) => {
    if (value.mode === "curated" && value.productIds.length === 0) {
      context.addIssue({ code: "custom", path: ["productIds"], message: "choose at least one product" });
    }
    if (new Set(value.productIds).size !== value.productIds.length) {
      context.addIssue({ code: "custom", path: ["productIds"], message: "lists a product twice" });
    }
    if (value.startsAt && value.endsAt && Date.parse(value.endsAt) <= Date.parse(value.startsAt)) {
      context.addIssue({ code: "custom", path: ["endsAt"], message: "must be after the start" });
    }
  });
export type NewArrivalsInput = z.input<typeof NewArrivalsInput>;

export const NewArrivalsSettings = z
  .object({
    mode: z.enum(newArrivalModes),
    days: z.number().int(),
    products: z.array(z.object({ id: Id, name: z.string(), isPublished: z.boolean() })),
    startsAt: z.string().nullable(),
    endsAt: z.string().nullable(),
    version: z.number().int(),
  })
  .meta({ id: "NewArrivalsSettings" });
export type NewArrivalsSettings = z.infer<typeof NewArrivalsSettings>;

export const NewArrivalsPage = pageOf(ProductCard).meta({ id: "NewArrivalsPage" });
export type NewArrivalsPage = z.infer<typeof NewArrivalsPage>;
