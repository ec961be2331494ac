import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { priceOrder } from "../checkout/pricing.ts";
import {
  allocate,
  type EngineLine,
  type EnginePromotion,
  paidForUnits,
  priceDiscounts,
  requirementProblem,
} from "./engine.ts";

const line = (productId: number, unitPrice: number, quantity: number, extra: Partial<EngineLine> = {}): EngineLine => ({
  productId,
  unitPrice,
  quantity,
  categoryId: 1,
  subCategoryId: 10,
  subSubCategoryId: 100,
  seriesId: null,
  productTypeId: null,
  ...extra,
});

const promo = (extra: Partial<EnginePromotion>): EnginePromotion => ({
  id: 1,
  title: "Test",
  code: "TEST",
  kind: "percent",
  percentOff: 10,
  amountOff: null,
  buyQuantity: null,
  getQuantity: null,
  getPercentOff: null,
  appliesTo: "order",
  targets: [],
  minSubtotal: null,
  minQuantity: null,
  combinesWithOrder: false,
  combinesWithProduct: false,
  combinesWithDelivery: true,
  ...extra,
});

const zone = { fee: 500, freeOver: null };

describe("coupon kinds against hand-computed totals", () => {
  it("15% off the order: 2 × 19.99 + 1 × 45.00 = 84.98 → 12.75 off (12.747 rounded half up), lines 4.5 + 6.75 … sum exact", () => {
    const lines = [line(1, 1999, 2), line(2, 4500, 1)];
    const result = priceDiscounts({ lines, coupon: promo({ percentOff: 15 }), automatic: [] });
    expect(result.discount).toBe(1275);
    // Allocation in proportion to 3998 : 4500 → 599.7.. and 675.2.. → 600 + 675
    expect(result.lineDiscounts).toEqual([600, 675]);
    const totals = priceOrder({
      lines,
      discount: result.discount,
      zone,
      tax: { rateBasisPoints: 1000, appliesToDelivery: false },
    });
    // goods 8498 − 1275 = 7223; tax 10% = 722.3 → 722; + delivery 500
    expect(totals).toMatchObject({ subtotal: 8498, discount: 1275, deliveryFee: 500, tax: 722, total: 8445 });
  });

  it("fixed 10.00 off, never more than the goods", () => {
    const lines = [line(1, 300, 1), line(2, 400, 1)];
    const result = priceDiscounts({
      lines,
      coupon: promo({ kind: "fixed", percentOff: null, amountOff: 1000 }),
      automatic: [],
    });
    expect(result.discount).toBe(700);
    expect(result.lineDiscounts).toEqual([300, 400]);
    const totals = priceOrder({ lines, discount: result.discount, zone, tax: null });
    expect(totals.total).toBe(500);
  });

  it("fixed 10.00 off a 3 × 33.33 order: allocations 3.33 + 3.33 + 3.34 in some order, adding to 10.00", () => {
    const lines = [line(1, 3333, 1), line(2, 3333, 1), line(3, 3333, 1)];
    const result = priceDiscounts({
      lines,
      coupon: promo({ kind: "fixed", percentOff: null, amountOff: 1000 }),
      automatic: [],
    });
    expect(result.lineDiscounts).toEqual([334, 333, 333]);
  });

  it("free delivery: goods untouched, delivery 0", () => {
    const lines = [line(1, 2500, 2)];
    const result = priceDiscounts({ lines, coupon: promo({ kind: "free_delivery", percentOff: null }), automatic: [] });
    expect(result).toMatchObject({ discount: 0, freeDelivery: true });
    const totals = priceOrder({ lines, discount: 0, freeDelivery: result.freeDelivery, zone, tax: null });
    expect(totals).toMatchObject({ deliveryFee: 0, total: 5000 });
  });

  it("buy 2 tees get the third free: 3 tees at 20.00, 15.00, 10.00 → the 10.00 one is free", () => {
    const tees = { productTypeId: 7 };
    const lines = [line(1, 2000, 1, tees), line(2, 1500, 1, tees), line(3, 1000, 1, tees), line(4, 9900, 1)];
    const coupon = promo({
      kind: "buy_x_get_y",
      percentOff: null,
      buyQuantity: 2,
      getQuantity: 1,
      getPercentOff: 100,
      targets: [{ type: "productType", id: 7 }],
    });
    const result = priceDiscounts({ lines, coupon, automatic: [] });
    expect(result.discount).toBe(1000);
    expect(result.lineDiscounts).toEqual([0, 0, 1000, 0]);
  });

  it("buy 2 get 1 at 50% with 7 tees at 10.00: two groups → 2 × 5.00", () => {
    const lines = [line(1, 1000, 7, { seriesId: 3 })];
    const coupon = promo({
      kind: "buy_x_get_y",
      percentOff: null,
      buyQuantity: 2,
      getQuantity: 1,
      getPercentOff: 50,
      targets: [{ type: "series", id: 3 }],
    });
    expect(priceDiscounts({ lines, coupon, automatic: [] }).discount).toBe(1000);
  });

  it("targets categories at any level, series and types; other lines are untouched", () => {
    const lines = [line(1, 1000, 1, { subCategoryId: 20 }), line(2, 1000, 1, { subCategoryId: 21 })];
    const coupon = promo({ percentOff: 50, appliesTo: "items", targets: [{ type: "subCategory", id: 20 }] });
    expect(priceDiscounts({ lines, coupon, automatic: [] }).lineDiscounts).toEqual([500, 0]);
    const none = promo({ percentOff: 50, appliesTo: "items", targets: [{ type: "category", id: 99 }] });
    expect(priceDiscounts({ lines, coupon: none, automatic: [] }).codeProblem).toEqual({ reason: "no_items" });
  });

  it("minimum subtotal and quantity are checked on the eligible items", () => {
    const lines = [line(1, 1000, 1)];
    expect(requirementProblem(promo({ minSubtotal: 1001 }), lines)).toEqual({
      reason: "minimum_subtotal",
      minSubtotal: 1001,
    });
    expect(requirementProblem(promo({ minQuantity: 2 }), lines)).toEqual({
      reason: "minimum_quantity",
      minQuantity: 2,
    });
    expect(requirementProblem(promo({ minSubtotal: 1000, minQuantity: 1 }), lines)).toBeNull();
  });
});

describe("combination rules", () => {
  const lines = [line(1, 10000, 1, { seriesId: 5 })];
  const order10 = promo({ id: 1, code: "ORDER10", percentOff: 10 });
  const autoOrder20 = promo({ id: 2, code: null, percentOff: 20 });
  const autoItems = promo({
    id: 3,
    code: null,
    percentOff: 50,
    appliesTo: "items",
    targets: [{ type: "series", id: 5 }],
    combinesWithOrder: true,
  });
  const autoShip = promo({ id: 4, code: null, kind: "free_delivery", percentOff: null, combinesWithOrder: true });

  it("at most one order-level discount: the typed coupon wins over an automatic one", () => {
    const result = priceDiscounts({ lines, coupon: order10, automatic: [autoOrder20] });
    expect(result.applied.map((entry) => entry.promotion.id)).toEqual([1]);
    expect(result.discount).toBe(1000);
  });

  it("an item discount and an order discount combine only when both allow it; items first", () => {
    const blocked = priceDiscounts({ lines, coupon: order10, automatic: [autoItems] });
    expect(blocked.applied.map((entry) => entry.promotion.id)).toEqual([1]);
    const both = priceDiscounts({ lines, coupon: { ...order10, combinesWithProduct: true }, automatic: [autoItems] });
    // 50% of 100.00 first, then 10% of the 50.00 left
    expect(both.discount).toBe(5000 + 500);
  });

  it("free delivery combines as the discounts allow", () => {
    const result = priceDiscounts({ lines, coupon: order10, automatic: [autoShip] });
    expect(result.freeDelivery).toBe(true);
    expect(result.discount).toBe(1000);
    const refused = priceDiscounts({
      lines,
      coupon: { ...order10, combinesWithDelivery: false },
      automatic: [autoShip],
    });
    expect(refused.freeDelivery).toBe(false);
  });
});

describe("allocation and refunds", () => {
  it("allocates exactly, never above a weight", () => {
    expect(allocate(10, [10, 10, 10])).toEqual([4, 3, 3]);
    expect(allocate(3, [1, 1, 1])).toEqual([1, 1, 1]);
    expect(allocate(0, [5, 5])).toEqual([0, 0]);
    expect(allocate(7, [7, 0])).toEqual([7, 0]);
  });

  it("refunding a discounted line unit by unit gives back exactly what was paid", () => {
    const paidLine = { totalPrice: 3000, discount: 1001, quantity: 3 };
    const parts = [paidForUnits(paidLine, 0, 1), paidForUnits(paidLine, 1, 1), paidForUnits(paidLine, 2, 1)];
    expect(parts.reduce((a, b) => a + b, 0)).toBe(1999);
    expect(paidForUnits(paidLine, 0, 3)).toBe(1999);
    expect(paidForUnits(paidLine, 3, 1)).toBe(0);
  });
});

describe("property: random carts and coupons", () => {
  const arbLine = fc.record({
    productId: fc.integer({ min: 1, max: 6 }),
    unitPrice: fc.integer({ min: 0, max: 500_000 }),
    quantity: fc.integer({ min: 1, max: 99 }),
    categoryId: fc.option(fc.integer({ min: 1, max: 3 }), { nil: null }),
    subCategoryId: fc.option(fc.integer({ min: 1, max: 3 }), { nil: null }),
    subSubCategoryId: fc.option(fc.integer({ min: 1, max: 3 }), { nil: null }),
    seriesId: fc.option(fc.integer({ min: 1, max: 3 }), { nil: null }),
    productTypeId: fc.option(fc.integer({ min: 1, max: 3 }), { nil: null }),
  });
  const arbPromotion = (id: number) =>
    fc.record({
      id: fc.constant(id),
      title: fc.constant(`P${id}`),
      code: fc.constant(id === 1 ? "CODE" : null),
      kind: fc.constantFrom("percent", "fixed", "free_delivery", "buy_x_get_y") as fc.Arbitrary<
        EnginePromotion["kind"]
      >,
      percentOff: fc.integer({ min: 1, max: 100 }),
      amountOff: fc.integer({ min: 0, max: 5_000_000 }),
      buyQuantity: fc.integer({ min: 1, max: 5 }),
      getQuantity: fc.integer({ min: 1, max: 5 }),
      getPercentOff: fc.integer({ min: 1, max: 100 }),
      appliesTo: fc.constantFrom("order", "items") as fc.Arbitrary<"order" | "items">,
      targets: fc.array(
        fc.record({
          type: fc.constantFrom("product", "category", "subCategory", "subSubCategory", "series", "productType"),
          id: fc.integer({ min: 1, max: 6 }),
        }) as fc.Arbitrary<EnginePromotion["targets"][number]>,
        { minLength: 1, maxLength: 3 },
      ),
      minSubtotal: fc.option(fc.integer({ min: 0, max: 100_000 }), { nil: null }),
      minQuantity: fc.option(fc.integer({ min: 1, max: 5 }), { nil: null }),
      combinesWithOrder: fc.boolean(),
      combinesWithProduct: fc.boolean(),
      combinesWithDelivery: fc.boolean(),
    });

  it("the total is never negative nor above the undiscounted total, and allocations add up", () => {
    fc.assert(
      fc.property(
        fc.array(arbLine, { minLength: 1, maxLength: 8 }),
        fc.option(arbPromotion(1), { nil: null }),
        fc.tuple(arbPromotion(2), arbPromotion(3), arbPromotion(4)),
        fc.integer({ min: 0, max: 2000 }),
        (lines, coupon, automatic, taxBasisPoints) => {
          const result = priceDiscounts({ lines, coupon, automatic });
          const subtotal = lines.reduce((acc, entry) => acc + entry.unitPrice * entry.quantity, 0);
          expect(result.discount).toBeGreaterThanOrEqual(0);
          expect(result.discount).toBeLessThanOrEqual(subtotal);
          expect(result.lineDiscounts.reduce((a, b) => a + b, 0)).toBe(result.discount);
          expect(result.applied.reduce((a, b) => a + b.amount, 0)).toBe(result.discount);
          result.lineDiscounts.forEach((amount, index) => {
            const entry = lines[index];
            expect(Number.isInteger(amount)).toBe(true);
            expect(amount).toBeGreaterThanOrEqual(0);
            expect(amount).toBeLessThanOrEqual((entry?.unitPrice ?? 0) * (entry?.quantity ?? 0));
          });
          for (const applied of result.applied) {
            expect(applied.lineAmounts.reduce((a, b) => a + b, 0)).toBe(applied.amount);
          }
          expect(
            result.applied.filter(
              (entry) =>
                entry.promotion.kind !== "free_delivery" &&
                entry.promotion.kind !== "buy_x_get_y" &&
                entry.promotion.appliesTo === "order",
            ).length,
          ).toBeLessThanOrEqual(1);
          const tax = { rateBasisPoints: taxBasisPoints, appliesToDelivery: true };
          const plain = priceOrder({ lines, zone, tax });
          const priced = priceOrder({ lines, discount: result.discount, freeDelivery: result.freeDelivery, zone, tax });
          expect(priced.total).toBeGreaterThanOrEqual(0);
          expect(priced.total).toBeLessThanOrEqual(plain.total);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe("collab targets (issue 16)", () => {
  it("takes a targeted percent off only the lines of the collaborator's products", () => {
    const lines = [
      line(1, 2000, 2, { collaboratorIds: [7] }),
      line(2, 1500, 1, { collaboratorIds: [8] }),
      line(3, 1000, 1),
    ];
    const result = priceDiscounts({
      lines,
      coupon: promo({ appliesTo: "items", percentOff: 25, targets: [{ type: "collab", id: 7 }] }),
      automatic: [],
    });
    // 25% of 2 × 20.00 on the first line only.
    expect(result.lineDiscounts).toEqual([1000, 0, 0]);
    expect(result.discount).toBe(1000);
  });

  it("says the code does not apply when no line belongs to the collaborator", () => {
    const result = priceDiscounts({
      lines: [line(1, 2000, 1, { collaboratorIds: [8] }), line(2, 1000, 1)],
      coupon: promo({ appliesTo: "items", targets: [{ type: "collab", id: 7 }] }),
      automatic: [],
    });
    expect(result.codeProblem).toEqual({ reason: "no_items" });
    expect(result.discount).toBe(0);
  });
});
