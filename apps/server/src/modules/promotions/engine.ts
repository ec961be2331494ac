/**
 * The discount engine: pure integer arithmetic, no database, no clock. Given the cart's
 * lines and the promotions that may apply (a typed coupon and the automatic discounts
 * whose dates, limits and eligibility the caller already checked), it decides which
 * combine, what each takes off, and how every amount is allocated to the lines — in
 * minor units, with sums that are exact (largest-remainder allocation, BigInt products).
 *
 * Order of application: item discounts (targeted percent/fixed, buy X get Y), then order
 * discounts, each on what the earlier ones left; free delivery last. At most one
 * order-level discount applies. Two discounts combine only when each allows the other's
 * class ("combines with" order / product / delivery discounts). The typed coupon is always
 * kept when it applies; automatic ones are added by value (largest first) when compatible.
 */

export type DiscountClass = "order" | "product" | "delivery";

export interface EngineLine {
  productId: number;
  unitPrice: number;
  quantity: number;
  categoryId: number | null;
  subCategoryId: number | null;
  subSubCategoryId: number | null;
  seriesId: number | null;
  productTypeId: number | null;
  /** The collaborators whose products this is (issue 16); absent: none. */
  collaboratorIds?: readonly number[];
}

export interface EngineTarget {
  type: "product" | "category" | "subCategory" | "subSubCategory" | "series" | "productType" | "collab";
  id: number;
}

export interface EnginePromotion {
  id: number;
  title: string;
  /** The code typed for it; null for automatic discounts. */
  code: string | null;
  kind: "percent" | "fixed" | "free_delivery" | "buy_x_get_y";
  percentOff: number | null;
  amountOff: number | null;
  buyQuantity: number | null;
  getQuantity: number | null;
  getPercentOff: number | null;
  appliesTo: "order" | "items";
  targets: readonly EngineTarget[];
  minSubtotal: number | null;
  minQuantity: number | null;
  combinesWithOrder: boolean;
  combinesWithProduct: boolean;
  combinesWithDelivery: boolean;
}

export interface AppliedPromotion {
  promotion: EnginePromotion;
  amount: number;
  freeDelivery: boolean;
  /** Per line (same order as the input lines), summing to `amount`. */
  lineAmounts: number[];
}

export type CodeProblem =
  | { reason: "minimum_subtotal"; minSubtotal: number }
  | { reason: "minimum_quantity"; minQuantity: number }
  | { reason: "no_items" };

export interface EngineResult {
  applied: AppliedPromotion[];
  /** Sum of `applied` amounts: what comes off the goods. */
  discount: number;
  lineDiscounts: number[];
  freeDelivery: boolean;
  /** Why the typed coupon does not apply to this cart (null when it does or none was typed). */
  codeProblem: CodeProblem | null;
}

export function classOf(promotion: Pick<EnginePromotion, "kind" | "appliesTo">): DiscountClass {
  if (promotion.kind === "free_delivery") return "delivery";
  if (promotion.kind === "buy_x_get_y" || promotion.appliesTo === "items") return "product";
  return "order";
}

function allows(promotion: EnginePromotion, other: DiscountClass): boolean {
  return other === "order"
    ? promotion.combinesWithOrder
    : other === "product"
      ? promotion.combinesWithProduct
      : promotion.combinesWithDelivery;
}

export function compatible(a: EnginePromotion, b: EnginePromotion): boolean {
  const ca = classOf(a);
  const cb = classOf(b);
  if (ca === "order" && cb === "order") return false;
  return allows(a, cb) && allows(b, ca);
}

export function lineMatches(line: EngineLine, targets: readonly EngineTarget[]): boolean {
  return targets.some((target) => {
    switch (target.type) {
      case "product":
        return line.productId === target.id;
      case "category":
        return line.categoryId === target.id;
      case "subCategory":
        return line.subCategoryId === target.id;
      case "subSubCategory":
        return line.subSubCategoryId === target.id;
      case "series":
        return line.seriesId === target.id;
      case "productType":
        return line.productTypeId === target.id;
      case "collab":
        return line.collaboratorIds?.includes(target.id) ?? false;
    }
    return false;
  });
}

function eligibleLines(lines: readonly EngineLine[], promotion: EnginePromotion): boolean[] {
  const targeted = promotion.appliesTo === "items" || promotion.kind === "buy_x_get_y";
  return lines.map((line) => !targeted || lineMatches(line, promotion.targets));
}

/**
 * Splits `total` over `weights` in proportion, as integers that add up to `total` exactly
 * (largest remainder; ties to the earlier line). Needs 0 ≤ total ≤ sum(weights); then no
 * share exceeds its weight.
 */
export function allocate(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((acc, weight) => acc + weight, 0);
  if (total <= 0 || sum <= 0) return weights.map(() => 0);
  const bigTotal = BigInt(total);
  const bigSum = BigInt(sum);
  const shares = weights.map((weight) => {
    const product = bigTotal * BigInt(weight);
    return { floor: Number(product / bigSum), remainder: product % bigSum };
  });
  let left = total - shares.reduce((acc, share) => acc + share.floor, 0);
  const order = shares
    .map((share, index) => ({ index, remainder: share.remainder }))
    .sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  const result = shares.map((share) => share.floor);
  for (const { index } of order) {
    if (left <= 0) break;
    if ((result[index] ?? 0) < (weights[index] ?? 0)) {
      result[index] = (result[index] ?? 0) + 1;
      left -= 1;
    }
  }
  return result;
}

/** `amount × percent / 100`, rounded half up, in integers. */
export function percentOf(amount: number, percent: number): number {
  return Number((BigInt(amount) * BigInt(percent) + 50n) / 100n);
}

/** What one promotion takes off each line, given what earlier discounts left on them. */
function amountsFor(promotion: EnginePromotion, lines: readonly EngineLine[], left: readonly number[]): number[] {
  const eligible = eligibleLines(lines, promotion);
  const weights = left.map((amount, index) => (eligible[index] ? amount : 0));
  const base = weights.reduce((acc, weight) => acc + weight, 0);
  switch (promotion.kind) {
    case "free_delivery":
      return lines.map(() => 0);
    case "percent":
      return allocate(Math.min(base, percentOf(base, promotion.percentOff ?? 0)), weights);
    case "fixed":
      return allocate(Math.min(base, Math.max(0, promotion.amountOff ?? 0)), weights);
    case "buy_x_get_y": {
      const buy = promotion.buyQuantity ?? 0;
      const get = promotion.getQuantity ?? 0;
      if (buy < 1 || get < 1) return lines.map(() => 0);
      // Every eligible unit, dearest first; in each group of buy + get, the cheapest `get` are discounted.
      const units: { line: number; price: number }[] = [];
      lines.forEach((line, index) => {
        if (!eligible[index]) return;
        for (let unit = 0; unit < line.quantity; unit += 1) units.push({ line: index, price: line.unitPrice });
      });
      units.sort((a, b) => b.price - a.price || a.line - b.line);
      const result = lines.map(() => 0);
      const group = buy + get;
      for (let start = 0; start + group <= units.length; start += group) {
        for (let offset = buy; offset < group; offset += 1) {
          const unit = units[start + offset];
          if (!unit) continue;
          result[unit.line] = (result[unit.line] ?? 0) + percentOf(unit.price, promotion.getPercentOff ?? 100);
        }
      }
      // Never more than what is left on the line after earlier discounts.
      return result.map((amount, index) => Math.min(amount, left[index] ?? 0));
    }
  }
  return lines.map(() => 0);
}

/** Why a promotion does not apply to these lines at all (minimums on the eligible items, no eligible item). */
export function requirementProblem(promotion: EnginePromotion, lines: readonly EngineLine[]): CodeProblem | null {
  const eligible = eligibleLines(lines, promotion);
  let subtotal = 0;
  let quantity = 0;
  lines.forEach((line, index) => {
    if (!eligible[index]) return;
    subtotal += line.unitPrice * line.quantity;
    quantity += line.quantity;
  });
  if (quantity === 0) return { reason: "no_items" };
  if (promotion.minSubtotal !== null && subtotal < promotion.minSubtotal) {
    return { reason: "minimum_subtotal", minSubtotal: promotion.minSubtotal };
  }
  if (promotion.minQuantity !== null && quantity < promotion.minQuantity) {
    return { reason: "minimum_quantity", minQuantity: promotion.minQuantity };
  }
  if (promotion.kind === "buy_x_get_y" && quantity < (promotion.buyQuantity ?? 0) + (promotion.getQuantity ?? 0)) {
    return { reason: "minimum_quantity", minQuantity: (promotion.buyQuantity ?? 0) + (promotion.getQuantity ?? 0) };
  }
  return null;
}

const classRank: Record<DiscountClass, number> = { product: 0, order: 1, delivery: 2 };

function applyAll(chosen: readonly EnginePromotion[], lines: readonly EngineLine[]): AppliedPromotion[] {
  const left = lines.map((line) => line.unitPrice * line.quantity);
  const ordered = [...chosen].sort((a, b) => classRank[classOf(a)] - classRank[classOf(b)]);
  return ordered.map((promotion) => {
    const lineAmounts = amountsFor(promotion, lines, left);
    lineAmounts.forEach((amount, index) => {
      left[index] = (left[index] ?? 0) - amount;
    });
    return {
      promotion,
      amount: lineAmounts.reduce((acc, amount) => acc + amount, 0),
      freeDelivery: promotion.kind === "free_delivery",
      lineAmounts,
    };
  });
}

export function priceDiscounts(input: {
  lines: readonly EngineLine[];
  /** The coupon the shopper typed (already checked for dates, limits and eligibility). */
  coupon: EnginePromotion | null;
  automatic: readonly EnginePromotion[];
}): EngineResult {
  const { lines } = input;
  const chosen: EnginePromotion[] = [];
  let codeProblem: CodeProblem | null = null;
  if (input.coupon) {
    codeProblem = requirementProblem(input.coupon, lines);
    if (!codeProblem) {
      const alone = applyAll([input.coupon], lines)[0];
      if (alone && alone.amount === 0 && !alone.freeDelivery) codeProblem = { reason: "no_items" };
      else chosen.push(input.coupon);
    }
  }
  const candidates = input.automatic
    .filter((promotion) => requirementProblem(promotion, lines) === null)
    .map((promotion) => {
      const alone = applyAll([promotion], lines)[0];
      return { promotion, value: alone?.amount ?? 0, freeDelivery: alone?.freeDelivery ?? false };
    })
    .filter((candidate) => candidate.value > 0 || candidate.freeDelivery)
    .sort((a, b) => b.value - a.value || a.promotion.id - b.promotion.id);
  for (const candidate of candidates) {
    if (chosen.every((other) => compatible(other, candidate.promotion))) chosen.push(candidate.promotion);
  }
  const applied = applyAll(chosen, lines).filter((entry) => entry.amount > 0 || entry.freeDelivery);
  const lineDiscounts = lines.map((_, index) =>
    applied.reduce((acc, entry) => acc + (entry.lineAmounts[index] ?? 0), 0),
  );
  return {
    applied,
    discount: applied.reduce((acc, entry) => acc + entry.amount, 0),
    lineDiscounts,
    freeDelivery: applied.some((entry) => entry.freeDelivery),
    codeProblem,
  };
}

/**
 * What a refund of `quantity` units of a line gives back when `returned` units were given
 * back before: the line's paid amount (total − discount) spread over its units so that
 * refunding every unit, in any steps, gives back exactly what was paid.
 */
export function paidForUnits(
  line: { totalPrice: number; discount: number; quantity: number },
  returned: number,
  quantity: number,
): number {
  const paid = BigInt(Math.max(0, line.totalPrice - line.discount));
  const units = BigInt(line.quantity);
  if (units === 0n) return 0;
  const upTo = (count: number) => (paid * BigInt(Math.min(Math.max(count, 0), line.quantity))) / units;
  return Number(upTo(returned + quantity) - upTo(returned));
}
