/**
 * The coupon form's values (what inputs hold: text, booleans) and their translation to
 * the contract's CouponInput, which validates them — in the browser through the form's
 * resolver and again on the server. Money is typed in major units ("12.50") and never
 * passes through a float (parseMoney); dates are the browser's local time.
 */
import {
  type Coupon,
  type CouponEligibility,
  type CouponInput,
  CouponInput as CouponInputSchema,
  type CouponKind,
  type CouponMethod,
  type CouponTargetType,
  formatMinor,
  parseMoney,
} from "@atelier/contract";
import type { FieldErrors, Resolver } from "react-hook-form";
import { fromStoreInput, toStoreInput } from "../../../lib/store-time.ts";

export interface TargetValue {
  type: CouponTargetType;
  id: number;
  name: string;
}

export interface CouponFormValues {
  title: string;
  method: CouponMethod;
  code: string;
  kind: CouponKind;
  percentOff: string;
  amountOff: string;
  buyQuantity: string;
  getQuantity: string;
  getPercentOff: string;
  appliesTo: "order" | "items";
  targets: TargetValue[];
  minSubtotal: string;
  minQuantity: string;
  startsAt: string;
  endsAt: string;
  eligibility: CouponEligibility;
  customerEmails: string;
  usageLimit: string;
  perCustomerLimit: string;
  combinesWithOrder: boolean;
  combinesWithProduct: boolean;
  combinesWithDelivery: boolean;
  releaseOnRefund: boolean;
  isActive: boolean;
}

export const emptyCoupon: CouponFormValues = {
  title: "",
  method: "code",
  code: "",
  kind: "percent",
  percentOff: "10",
  amountOff: "",
  buyQuantity: "2",
  getQuantity: "1",
  getPercentOff: "100",
  appliesTo: "order",
  targets: [],
  minSubtotal: "",
  minQuantity: "",
  startsAt: "",
  endsAt: "",
  eligibility: "everyone",
  customerEmails: "",
  usageLimit: "",
  perCustomerLimit: "",
  combinesWithOrder: false,
  combinesWithProduct: false,
  combinesWithDelivery: true,
  releaseOnRefund: false,
  isActive: true,
};

const whole = (text: string): number | null => {
  const trimmed = text.trim();
  if (trimmed === "") return null;
  return /^-?\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
};

const money = (text: string, digits: number): number | null => {
  const trimmed = text.trim();
  if (trimmed === "") return null;
  if (/^-\d/.test(trimmed)) return -1;
  return parseMoney(trimmed, digits) ?? Number.NaN;
};

/** Times are the store's wall-clock times (lib/store-time.ts). */
export function toCouponInput(values: CouponFormValues, digits: number, timeZone: string): CouponInput {
  return {
    title: values.title,
    method: values.method,
    code: values.method === "code" ? values.code.trim() || null : null,
    kind: values.kind,
    percentOff: values.kind === "percent" ? whole(values.percentOff) : null,
    amountOff: values.kind === "fixed" ? money(values.amountOff, digits) : null,
    buyQuantity: values.kind === "buy_x_get_y" ? whole(values.buyQuantity) : null,
    getQuantity: values.kind === "buy_x_get_y" ? whole(values.getQuantity) : null,
    getPercentOff: values.kind === "buy_x_get_y" ? whole(values.getPercentOff) : null,
    appliesTo: values.kind === "buy_x_get_y" ? "items" : values.appliesTo,
    targets:
      values.appliesTo === "items" || values.kind === "buy_x_get_y"
        ? values.targets.map(({ type, id }) => ({ type, id }))
        : [],
    minSubtotal: money(values.minSubtotal, digits),
    minQuantity: whole(values.minQuantity),
    startsAt: fromStoreInput(values.startsAt, timeZone),
    endsAt: fromStoreInput(values.endsAt, timeZone),
    eligibility: values.eligibility,
    customerEmails:
      values.eligibility === "customers"
        ? values.customerEmails
            .split(/[\s,;]+/)
            .map((email) => email.trim())
            .filter(Boolean)
        : [],
    usageLimit: whole(values.usageLimit),
    perCustomerLimit: whole(values.perCustomerLimit),
    combinesWithOrder: values.combinesWithOrder,
    combinesWithProduct: values.combinesWithProduct,
    combinesWithDelivery: values.combinesWithDelivery,
    releaseOnRefund: values.releaseOnRefund,
    isActive: values.isActive,
  };
}

export function formValuesOf(coupon: Coupon, digits: number, timeZone: string): CouponFormValues {
  const text = (value: number | null) => (value === null ? "" : String(value));
  const amount = (value: number | null) => (value === null ? "" : formatMinor(value, digits));
  return {
    title: coupon.title,
    method: coupon.method,
    code: coupon.code ?? "",
    kind: coupon.kind,
    percentOff: text(coupon.percentOff),
    amountOff: amount(coupon.amountOff),
    buyQuantity: text(coupon.buyQuantity),
    getQuantity: text(coupon.getQuantity),
    getPercentOff: text(coupon.getPercentOff),
    appliesTo: coupon.appliesTo,
    targets: coupon.targets,
    minSubtotal: amount(coupon.minSubtotal),
    minQuantity: text(coupon.minQuantity),
    startsAt: toStoreInput(coupon.startsAt, timeZone),
    endsAt: toStoreInput(coupon.endsAt, timeZone),
    eligibility: coupon.eligibility,
    customerEmails: coupon.customerEmails.join("\n"),
    usageLimit: text(coupon.usageLimit),
    perCustomerLimit: text(coupon.perCustomerLimit),
    combinesWithOrder: coupon.combinesWithOrder,
    combinesWithProduct: coupon.combinesWithProduct,
    combinesWithDelivery: coupon.combinesWithDelivery,
    releaseOnRefund: coupon.releaseOnRefund,
    isActive: coupon.isActive,
  };
}

/** The form's resolver: the contract's CouponInput decides; each issue lands on its field. */
export function couponResolver(digits: number, timeZone: string): Resolver<CouponFormValues> {
  return async (values) => {
    const parsed = CouponInputSchema.safeParse(toCouponInput(values, digits, timeZone));
    if (parsed.success) return { values, errors: {} };
    const errors: Record<string, { type: string; message: string }> = {};
    for (const issue of parsed.error.issues) {
      const name = String(issue.path[0] ?? "title");
      errors[name] ??= { type: "validation", message: issue.message };
    }
    return { values: {}, errors: errors as FieldErrors<CouponFormValues> };
  };
}
