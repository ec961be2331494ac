/**
 * The one place an order's money is computed: the cart's estimate and the placed order
 * use the same function, so what the shopper is shown is what is charged. Pure integer
 * arithmetic on minor units; tax is added on top (exclusive), rounded half up once per order.
 */

export interface PricedLine {
  unitPrice: number;
  quantity: number;
}

export interface DeliveryZoneRate {
  fee: number;
  /** Subtotal (after discount) from which delivery is free; null: never free. */
  freeOver: number | null;
}

export interface TaxRate {
  rateBasisPoints: number;
  appliesToDelivery: boolean;
}

export interface PricingInput {
  lines: readonly PricedLine[];
  /** Discount in minor units (the coupon engine's answer); clamped to the subtotal. */
  discount?: number;
  /** A free-delivery promotion applies: the fee is 0 whatever the zone charges. */
  freeDelivery?: boolean;
  /** Null when no zone is chosen or known yet: delivery is then 0 and `deliveryKnown` false. */
  zone: DeliveryZoneRate | null;
  /** Null when no rate applies to the destination. */
  tax: TaxRate | null;
}

export interface PricedTotals {
  subtotal: number;
  discount: number;
  deliveryFee: number;
  deliveryKnown: boolean;
  tax: number;
  taxRateBasisPoints: number;
  total: number;
}

export function lineTotal(line: PricedLine): number {
  return line.unitPrice * line.quantity;
}

/** `amount × basisPoints / 10000`, rounded half up, in integers. */
export function applyRate(amount: number, basisPoints: number): number {
  return Math.floor((amount * basisPoints + 5000) / 10000);
}

export function priceOrder(input: PricingInput): PricedTotals {
  const subtotal = input.lines.reduce((sum, line) => sum + lineTotal(line), 0);
  const discount = Math.min(Math.max(0, input.discount ?? 0), subtotal);
  const goods = subtotal - discount;
  const zone = input.zone;
  const deliveryFee = zone && !input.freeDelivery && !(zone.freeOver !== null && goods >= zone.freeOver) ? zone.fee : 0;
  const taxBase = goods + (input.tax?.appliesToDelivery ? deliveryFee : 0);
  const taxRateBasisPoints = input.tax?.rateBasisPoints ?? 0;
  const tax = applyRate(taxBase, taxRateBasisPoints);
  return {
    subtotal,
    discount,
    deliveryFee,
    deliveryKnown: zone !== null,
    tax,
    taxRateBasisPoints,
    total: goods + deliveryFee + tax,
  };
}
