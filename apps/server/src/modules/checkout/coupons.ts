/**
 * Where the coupon engine plugs in. The promotions issue replaces `noCoupons` with an
 * engine that looks codes up; checkout only asks "what does this code take off this
 * cart?" and shows the message. Until then every well-formed code is "not valid".
 */
import type { Db, Tx } from "../../db/client.ts";
import type { Shopper } from "../../http/shopper.ts";
import type { CheckoutLine } from "./cart-lines.ts";

export interface CouponVerdict {
  code: string;
  valid: boolean;
  /** Minor units taken off the goods (0 when not valid). */
  discount: number;
  message: string;
}

export interface CouponEngine {
  /** Inside the place-order transaction when `tx` is given, so an engine can lock usage counters. */
  evaluate(input: {
    code: string;
    lines: readonly CheckoutLine[];
    shopper: Shopper;
    tx?: Db | Tx;
  }): Promise<CouponVerdict>;
}

export const COUPON_NOT_VALID = "This coupon is not valid";

export const noCoupons: CouponEngine = {
  async evaluate({ code }) {
    return { code, valid: false, discount: 0, message: COUPON_NOT_VALID };
  },
};
