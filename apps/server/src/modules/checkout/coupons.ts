/**
 * Where the discount engine plugs in. Checkout asks one question — "what comes off this
 * cart for this shopper, with this code?" — in the cart estimate, the quote and the
 * placement transaction, and records the answer with the order. The promotions module
 * installs the real engine (`checkout.useCouponEngine`); without it every code is
 * "not valid" and nothing is discounted.
 */
import type { AppliedDiscount } from "@atelier/contract";
import type { SQL } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import type { Shopper } from "../../http/shopper.ts";
import type { CheckoutLine } from "./cart-lines.ts";
import type { RedemptionInput } from "./write-order.ts";

export interface CouponVerdict {
  code: string;
  valid: boolean;
  /** Minor units the typed coupon takes off the goods (0 when not valid). */
  discount: number;
  message: string;
}

export interface DiscountVerdict {
  /** The typed code's answer; null when no code was typed. */
  coupon: CouponVerdict | null;
  /** Everything taken off the goods (typed coupon and automatic discounts). */
  discount: number;
  freeDelivery: boolean;
  /** Per line, in the order of the lines given, summing to `discount`. */
  lineDiscounts: number[];
  /** What the shopper is shown and the order keeps. */
  discounts: AppliedDiscount[];
  /** Engine data `record` needs (which coupons, codes, per-line amounts). */
  decision?: unknown;
}

export interface CouponEngine {
  /**
   * Inside the place-order transaction when `tx` is given: the engine then locks the
   * coupons it uses until the order commits, so usage limits hold under concurrency.
   */
  evaluate(input: {
    code: string | null;
    lines: readonly CheckoutLine[];
    shopper: Shopper;
    /** The contact email (guests are counted by email); null when not known yet. */
    email: string | null;
    tx?: Db | Tx;
    /** What `placementRead` answered in checkout's one read; without it the engine reads it itself. */
    read?: unknown;
  }): Promise<DiscountVerdict>;
  /**
   * What `evaluate` needs to read before it locks anything, as one JSON-valued SQL
   * expression: the place-order transaction reads it with everything else in one
   * statement after the cart lines are locked (ADR 0017).
   */
  placementRead?(input: { code: string | null; lines: readonly CheckoutLine[]; shopper: Shopper }): SQL;
  /**
   * The redemption rows of an order placed with this verdict: checkout writes them in the
   * order's own statement (ADR 0017). An engine without it is asked to `record` instead.
   */
  redemptions?(input: { verdict: DiscountVerdict; shopper: Shopper; email: string }): RedemptionInput[];
  /** Writes what was redeemed, inside the place-order transaction. */
  record(input: { orderId: number; verdict: DiscountVerdict; shopper: Shopper; email: string; tx: Tx }): Promise<void>;
}

export const COUPON_NOT_VALID = "This coupon is not valid";

export const noCoupons: CouponEngine = {
  async evaluate({ code, lines }) {
    return {
      coupon: code ? { code, valid: false, discount: 0, message: COUPON_NOT_VALID } : null,
      discount: 0,
      freeDelivery: false,
      lineDiscounts: lines.map(() => 0),
      discounts: [],
    };
  },
  async record() {},
};
