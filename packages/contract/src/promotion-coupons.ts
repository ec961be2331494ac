/**
 * Coupons and automatic discounts (issue 13): kinds, eligibility, targets, the fields and
 * their rules, a coupon as staff see it, its list, codes, targets and usage, and the
 * sentence that previews a coupon. Money is integer minor units; percentages are whole
 * numbers 1-100; codes are stored upper-cased and unique.
 */
import { z } from "zod";
import { Id, MinorUnits, optionalQueryField, pageOf } from "./common.ts";
import { formatMinor } from "./money.ts";

export const couponKinds = ["percent", "fixed", "free_delivery", "buy_x_get_y"] as const;
export type CouponKind = (typeof couponKinds)[number];
export const couponKindLabels: Record<CouponKind, string> = {
  percent: "Percentage off",
  fixed: "Fixed amount off",
  free_delivery: "Free delivery",
  buy_x_get_y: "Buy X get Y",
};

export const couponMethods = ["code", "automatic"] as const;
export type CouponMethod = (typeof couponMethods)[number];

export const couponEligibilities = ["everyone", "signed_in", "first_order", "customers"] as const;
export type CouponEligibility = (typeof couponEligibilities)[number];
export const couponEligibilityLabels: Record<CouponEligibility, string> = {
  everyone: "Everyone",
  signed_in: "Signed-in customers only",
  first_order: "First order only",
  customers: "Chosen customers",
};

export const couponTargetTypes = [
  "product",
  "category",
  "subCategory",
  "subSubCategory",
  "series",
  "productType",
  /** A collaborator's products (issue 16: its own and its series'). */
  "collab",
] as const;
export type CouponTargetType = (typeof couponTargetTypes)[number];

/** What shoppers are told when a code cannot be used. One place, so tests and pages agree. */
export const couponMessages = {
  unknown: "This coupon is not valid",
  expired: "This coupon has expired.",
  notYetValid: "This coupon is not valid yet.",
  minimumSubtotal: (amount: string) => `Spend at least ${amount} to use this coupon.`,
  minimumQuantity: (count: number) => `Add at least ${count} items to use this coupon.`,
  alreadyUsed: "You have already used this coupon.",
  usedUp: "This coupon has reached its usage limit.",
  signInRequired: "Sign in to use this coupon.",
  firstOrderOnly: "This coupon is for a first order only.",
  notForCustomer: "This coupon cannot be used with this account.",
  noItems: "This coupon does not apply to the items in your cart.",
  applied: "Coupon applied.",
} as const;

/** Codes: letters, digits, - and _; 2-64 characters; stored upper-cased. */
export const couponCodeMax = 64;
export const CouponCodeText = z
  .string()
  .trim()
  .min(2, { error: "must be at least 2 characters" })
  .max(couponCodeMax, { error: `must be at most ${couponCodeMax} characters` })
  .regex(/^[A-Za-z0-9_-]+$/, { error: "may only hold letters, digits, - and _ (no spaces)" })
  .transform((value) => value.toUpperCase());

export const CouponTarget = z.object({ type: z.enum(couponTargetTypes), id: Id });
export type CouponTarget = z.infer<typeof CouponTarget>;

export const Percent = z
  .number({ error: "must be a number" })
  .int({ error: "must be a whole number" })
  .min(1, { error: "must be between 1 and 100" })
  .max(100, { error: "must be between 1 and 100" });
const Count = (max: number) =>
  z
    .number({ error: "must be a number" })
    .int({ error: "must be a whole number" })
    .min(1, { error: "must be at least 1" })
    .max(max, { error: `must be at most ${max}` });
const Amount = z
  .number({ error: "must be a number" })
  .int({ error: "must be whole minor units" })
  .min(0, { error: "must not be negative" })
  .max(1_000_000_000, { error: "is too large" });
export const Instant = z.iso.datetime({ offset: true, error: "must be a date and time" });

/** The coupon form (create and edit): one schema for the browser form and the server. */
export const CouponFields = z.object({
  title: z.string().trim().min(1, { error: "is required" }).max(120, { error: "must be at most 120 characters" }),
  method: z.enum(couponMethods),
  /** The code shoppers type (method "code"); null for automatic discounts. */
  code: CouponCodeText.nullable().default(null),
  kind: z.enum(couponKinds, { error: "choose a kind" }),
  percentOff: Percent.nullable().default(null),
  amountOff: Amount.nullable().default(null),
  buyQuantity: Count(99).nullable().default(null),
  getQuantity: Count(99).nullable().default(null),
  /** Buy X get Y: how much the Y items are off (100 = free). */
  getPercentOff: Percent.nullable().default(null),
  appliesTo: z.enum(["order", "items"]).default("order"),
  targets: z.array(CouponTarget).max(200, { error: "at most 200 targets" }).default([]),
  minSubtotal: Amount.nullable().default(null),
  minQuantity: Count(999).nullable().default(null),
  startsAt: Instant.nullable().default(null),
  endsAt: Instant.nullable().default(null),
  eligibility: z.enum(couponEligibilities).default("everyone"),
  customerEmails: z
    .array(z.email({ error: "must be an email address" }).max(254).toLowerCase())
    .max(1000)
    .default([]),
  usageLimit: Count(10_000_000).nullable().default(null),
  perCustomerLimit: Count(10_000).nullable().default(null),
  combinesWithOrder: z.boolean().default(false),
  combinesWithProduct: z.boolean().default(false),
  combinesWithDelivery: z.boolean().default(true),
  /** Whether a refunded order gives its use back (a cancelled one always does). */
  releaseOnRefund: z.boolean().default(false),
  isActive: z.boolean().default(true),
});

type Fields = z.output<typeof CouponFields>;

/** Rules that tie fields together; each issue names the field, so the form shows it there. */
export function checkCouponFields(value: Fields, context: z.RefinementCtx): void {
  const need = (path: keyof Fields, message = "is required for this kind") => {
    context.addIssue({ code: "custom", path: [path], message });
  };
  if (value.method === "code" && value.code === null) need("code", "is required for a coupon code");
  if (value.kind === "percent" && value.percentOff === null) need("percentOff");
  if (value.kind === "fixed" && (value.amountOff === null || value.amountOff <= 0)) {
    need("amountOff", value.amountOff === 0 ? "must be more than 0" : "is required for this kind");
  }
  if (value.kind === "buy_x_get_y") {
    if (value.buyQuantity === null) need("buyQuantity");
    if (value.getQuantity === null) need("getQuantity");
    if (value.targets.length === 0) need("targets", "choose which items count for buy X get Y");
  }
  if (value.appliesTo === "items" && value.targets.length === 0) need("targets", "choose at least one item");
  if (value.startsAt && value.endsAt && Date.parse(value.endsAt) <= Date.parse(value.startsAt)) {
    need("endsAt", "must be after the start");
  }
  if (value.eligibility === "customers" && value.customerEmails.length === 0) {
    need("customerEmails", "add at least one customer email");
  }
  if (value.usageLimit !== null && value.perCustomerLimit !== null && value.perCustomerLimit > value.usageLimit) {
    need("perCustomerLimit", "must not be more than the total limit");
  }
}

export const CouponInput = CouponFields.superRefine(checkCouponFields);
export type CouponInput = z.input<typeof CouponInput>;
export type CouponInputParsed = z.output<typeof CouponInput>;

export const CouponUpdate = CouponFields.extend({ version: z.number().int().positive() }).superRefine(
  checkCouponFields,
);

export const couponStatuses = ["active", "scheduled", "expired", "disabled", "used_up"] as const;
export type CouponStatus = (typeof couponStatuses)[number];
export const couponStatusLabels: Record<CouponStatus, string> = {
  active: "Active",
  scheduled: "Scheduled",
  expired: "Expired",
  disabled: "Disabled",
  used_up: "Used up",
};

export const Coupon = z
  .object({
    id: Id,
    title: z.string(),
    method: z.enum(couponMethods),
    code: z.string().nullable(),
    kind: z.enum(couponKinds),
    percentOff: z.number().int().nullable(),
    amountOff: MinorUnits.nullable(),
    buyQuantity: z.number().int().nullable(),
    getQuantity: z.number().int().nullable(),
    getPercentOff: z.number().int().nullable(),
    appliesTo: z.enum(["order", "items"]),
    targets: z.array(CouponTarget.extend({ name: z.string() })),
    minSubtotal: MinorUnits.nullable(),
    minQuantity: z.number().int().nullable(),
    startsAt: z.string().nullable(),
    endsAt: z.string().nullable(),
    eligibility: z.enum(couponEligibilities),
    customerEmails: z.array(z.string()),
    usageLimit: z.number().int().nullable(),
    perCustomerLimit: z.number().int().nullable(),
    combinesWithOrder: z.boolean(),
    combinesWithProduct: z.boolean(),
    combinesWithDelivery: z.boolean(),
    releaseOnRefund: z.boolean(),
    isActive: z.boolean(),
    status: z.enum(couponStatuses),
    /** Uses that count toward the limits (cancelled orders do not). */
    used: z.number().int(),
    /** Generated codes besides the primary one. */
    extraCodes: z.number().int(),
    summary: z.string(),
    version: z.number().int(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: "Coupon" });
export type Coupon = z.infer<typeof Coupon>;

export const couponSorts = ["newest", "oldest", "title", "ends", "used"] as const;
export const CouponListQuery = z.object({
  q: optionalQueryField(z.string().trim().max(100)),
  status: optionalQueryField(z.enum(couponStatuses)),
  sort: optionalQueryField(z.enum(couponSorts)),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type CouponListQuery = z.input<typeof CouponListQuery>;
export const CouponPage = pageOf(Coupon).meta({ id: "CouponPage" });
export type CouponPage = z.infer<typeof CouponPage>;

export const GenerateCodesBody = z.object({
  count: z
    .number({ error: "must be a number" })
    .int({ error: "must be a whole number" })
    .min(1, { error: "must be at least 1" })
    .max(5000, { error: "must be at most 5000" }),
  prefix: z
    .string()
    .trim()
    .max(20, { error: "must be at most 20 characters" })
    .regex(/^[A-Za-z0-9_-]*$/, { error: "may only hold letters, digits, - and _" })
    .transform((value) => value.toUpperCase())
    .default(""),
  /** Random characters after the prefix. */
  length: z.number().int().min(6, { error: "must be at least 6" }).max(32).default(8),
  /** Uses per generated code (1 = single-use); null: only the coupon's limits. */
  usageLimit: Count(1_000_000).nullable().default(1),
});
export type GenerateCodesBody = z.input<typeof GenerateCodesBody>;

export const CouponCodeRow = z.object({
  id: Id,
  code: z.string(),
  usageLimit: z.number().int().nullable(),
  used: z.number().int(),
  createdAt: z.string(),
});
export const CouponCodesPage = pageOf(CouponCodeRow);
export type CouponCodesPage = z.infer<typeof CouponCodesPage>;

export const TargetOptions = z
  .object({
    /** The store currency: amounts in the coupon form are typed in it. */
    currency: z.string(),
    categories: z.array(z.object({ type: z.enum(couponTargetTypes), id: Id, name: z.string() })),
    series: z.array(z.object({ id: Id, name: z.string() })),
    productTypes: z.array(z.object({ id: Id, name: z.string() })),
    /** Collaborators (issue 16): a coupon on a collab covers its products and its series'. */
    collabs: z.array(z.object({ id: Id, name: z.string() })),
    products: z.array(z.object({ id: Id, name: z.string() })),
  })
  .meta({ id: "CouponTargetOptions" });
export type TargetOptions = z.infer<typeof TargetOptions>;

const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: "must be a date (YYYY-MM-DD)" });
export const UsageQuery = z.object({
  couponId: optionalQueryField(z.coerce.number().int().positive()),
  /** Customer email or name, or the code (contains, case-insensitive). */
  q: optionalQueryField(z.string().trim().max(100)),
  from: optionalQueryField(Day),
  to: optionalQueryField(Day),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export type UsageQuery = z.input<typeof UsageQuery>;

export const UsageRow = z.object({
  id: Id,
  couponId: Id,
  couponTitle: z.string(),
  code: z.string().nullable(),
  orderId: Id,
  orderNumber: z.string(),
  orderStatus: z.string(),
  customerName: z.string(),
  email: z.string(),
  isGuest: z.boolean(),
  amount: MinorUnits,
  freeDelivery: z.boolean(),
  currency: z.string(),
  /** Whether it counts toward the limits (not when the order was cancelled). */
  counts: z.boolean(),
  createdAt: z.string(),
});
export type UsageRow = z.infer<typeof UsageRow>;
export const UsagePage = pageOf(UsageRow).meta({ id: "CouponUsagePage" });
export type UsagePage = z.infer<typeof UsagePage>;

// ---------------------------------------------------------------- the preview sentence

export interface CouponSentenceInput {
  method: CouponMethod;
  kind: CouponKind;
  percentOff: number | null;
  amountOff: number | null;
  buyQuantity: number | null;
  getQuantity: number | null;
  getPercentOff: number | null;
  appliesTo: "order" | "items";
  minSubtotal: number | null;
  minQuantity: number | null;
  endsAt: string | null;
  startsAt: string | null;
  eligibility: CouponEligibility;
  usageLimit: number | null;
  perCustomerLimit: number | null;
}

const joinNames = (names: readonly string[]) =>
  names.length <= 1
    ? (names[0] ?? "")
    : names.length === 2
      ? `${names[0]} and ${names[1]}`
      : `${names.slice(0, 2).join(", ")} and ${names.length - 2} more`;

/**
 * "15% off Hoodies, min 2 items, until 31 Dec 2026, 1 per customer": the sentence the
 * coupon form previews and the coupon table shows. `targetNames` names the chosen items.
 */
export function describeCoupon(
  coupon: CouponSentenceInput,
  options: { currency: string; digits: number; timeZone?: string; targetNames?: readonly string[] },
): string {
  const dateFormat = new Intl.DateTimeFormat("en-GB", {
    day: "numeric",
    month: "short",
    year: "numeric",
    timeZone: options.timeZone ?? "UTC",
  });
  const money = (amount: number) => `${options.currency} ${formatMinor(amount, options.digits)}`;
  const what =
    coupon.appliesTo === "items" && options.targetNames && options.targetNames.length > 0
      ? joinNames(options.targetNames)
      : coupon.appliesTo === "items"
        ? "chosen items"
        : "the order";
  let head: string;
  switch (coupon.kind) {
    case "percent":
      head = `${coupon.percentOff ?? "?"}% off ${what}`;
      break;
    case "fixed":
      head = `${coupon.amountOff === null ? "?" : money(coupon.amountOff)} off ${what}`;
      break;
    case "free_delivery":
      head = "Free delivery";
      break;
    case "buy_x_get_y": {
      const off =
        coupon.getPercentOff === null || coupon.getPercentOff === 100 ? "free" : `${coupon.getPercentOff}% off`;
      head = `Buy ${coupon.buyQuantity ?? "?"} ${what}, get ${coupon.getQuantity ?? "?"} ${off}`;
      break;
    }
  }
  const parts = [head];
  if (coupon.minSubtotal !== null && coupon.minSubtotal > 0) parts.push(`min spend ${money(coupon.minSubtotal)}`);
  if (coupon.minQuantity !== null) parts.push(`min ${coupon.minQuantity} item${coupon.minQuantity === 1 ? "" : "s"}`);
  const valid = (iso: string | null) =>
    iso && !Number.isNaN(Date.parse(iso)) ? dateFormat.format(new Date(iso)) : null;
  const from = valid(coupon.startsAt);
  const until = valid(coupon.endsAt);
  if (from && until) parts.push(`from ${from} until ${until}`);
  else if (from) parts.push(`from ${from}`);
  else if (until) parts.push(`until ${until}`);
  if (coupon.eligibility === "signed_in") parts.push("signed-in customers only");
  if (coupon.eligibility === "first_order") parts.push("first order only");
  if (coupon.eligibility === "customers") parts.push("chosen customers only");
  if (coupon.perCustomerLimit !== null) parts.push(`${coupon.perCustomerLimit} per customer`);
  if (coupon.usageLimit !== null) parts.push(`${coupon.usageLimit} uses in total`);
  if (coupon.method === "automatic") parts.push("applied automatically");
  return parts.join(", ");
}
