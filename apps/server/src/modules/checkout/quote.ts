/** What checkout offers (payment methods, zones) and a quote for a cart: prices, discounts, shipping and tax before placing. */
import { type CheckoutOptions, type Quote, shopperStockOf } from "@atelier/contract";
import { asc, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { addresses, users } from "../../db/schema/index.ts";
import { ValidationError } from "../../errors.ts";
import type { Shopper } from "../../http/shopper.ts";
import { type CheckoutLine, cartLines } from "./cart-lines.ts";
import type { CheckoutContext, QuoteInput } from "./checkout-context.ts";
import type { DiscountVerdict } from "./coupons.ts";
import { priceOrder } from "./pricing.ts";

/** The discount engine's answer for these lines: the typed code and any automatic discounts. */
async function discountsFor(
  deps: CheckoutContext,
  code: string | null,
  lines: readonly CheckoutLine[],
  shopper: Shopper,
  email: string | null,
  tx?: Tx,
): Promise<DiscountVerdict> {
  const { state } = deps;
  return state.coupons.evaluate({ code, lines, shopper, email, ...(tx ? { tx } : {}) });
}

export async function destinationRate(deps: CheckoutContext, country: string, region: string, tx?: Db | Tx) {
  const { settings } = deps;
  return settings.rateFor(country, region, tx);
}

export async function checkoutOptions(deps: CheckoutContext, shopper: Shopper | undefined): Promise<CheckoutOptions> {
  const { db, settings, gateway } = deps;
  const [current, zones] = await Promise.all([settings.payments(), settings.listZones()]);
  const methods: CheckoutOptions["paymentMethods"] = [];
  if (current.cashOnDelivery.enabled) {
    methods.push({
      method: "cod",
      title: "Cash on delivery",
      instructions: "Pay the courier when your order arrives.",
    });
  }
  if (current.manualTransfer.enabled) {
    methods.push({
      method: "manual_transfer",
      title: current.manualTransfer.title,
      instructions: current.manualTransfer.instructions,
    });
  }
  if (gateway) {
    methods.push({ method: "card", title: "Card", instructions: "You will pay on Stripe's secure page." });
  }
  let savedAddresses: CheckoutOptions["savedAddresses"] = [];
  let contact: CheckoutOptions["contact"] = null;
  if (shopper && "userId" in shopper) {
    savedAddresses = await db
      .select({
        id: addresses.id,
        label: addresses.label,
        fullName: addresses.fullName,
        phone: addresses.phone,
        line1: addresses.line1,
        line2: addresses.line2,
        city: addresses.city,
        region: addresses.region,
        postalCode: addresses.postalCode,
        country: addresses.country,
        deliveryZoneId: addresses.deliveryZoneId,
        isDefault: addresses.isDefault,
      })
      .from(addresses)
      .where(eq(addresses.userId, shopper.userId))
      .orderBy(sql`${addresses.isDefault} desc`, asc(addresses.id));
    const [user] = await db
      .select({ email: users.email, name: users.name })
      .from(users)
      .where(eq(users.id, shopper.userId));
    contact = user ?? null;
  }
  return {
    currency: current.currency,
    country: current.country,
    zones: zones.filter((zone) => zone.isActive).map(({ isActive: _active, sortOrder: _order, ...zone }) => zone),
    paymentMethods: methods,
    savedAddresses,
    contact,
  };
}

export async function quoteOrder(
  deps: CheckoutContext,
  shopper: Shopper | undefined,
  input: QuoteInput,
): Promise<Quote> {
  const { db, settings } = deps;
  const current = await settings.payments();
  const lines = shopper ? await cartLines(db, shopper) : [];
  // The "Only N left" limit (inventory settings): shoppers see no count above it (issue 37).
  const onlyLeftBelow =
    lines.length === 0
      ? 0
      : Math.max(
          0,
          (await db.execute<{ n: number }>(sql`select only_left_below as n from inventory_settings where id = 1`))
            .rows[0]?.n ?? 5,
        );
  const zone = input.deliveryZoneId === null ? null : ((await settings.activeZone(input.deliveryZoneId)) ?? null);
  if (input.deliveryZoneId !== null && !zone) {
    throw new ValidationError("Choose one of the delivery zones offered.", { deliveryZoneId: "is not offered" });
  }
  const destination = input.destination ?? { country: current.country, region: "" };
  const rate = await destinationRate(deps, destination.country, destination.region);
  const verdict = shopper ? await discountsFor(deps, input.couponCode, lines, shopper, input.email) : null;
  const coupon = verdict?.coupon ?? null;
  const totals = priceOrder({
    lines,
    discount: verdict?.discount ?? 0,
    freeDelivery: verdict?.freeDelivery ?? false,
    zone,
    tax: rate,
  });
  return {
    currency: current.currency,
    lines: lines.map((line, index) => ({
      variantId: line.variantId,
      productId: line.productId,
      productName: line.productName,
      sizeName: line.sizeName,
      colorName: line.colorName,
      image: line.image,
      unitPrice: line.unitPrice,
      quantity: line.quantity,
      totalPrice: line.unitPrice * line.quantity,
      ...shopperStockOf(line.isPublished ? line.stock : 0, onlyLeftBelow),
      orderable: line.isPublished && line.stock >= line.quantity,
      discount: verdict?.lineDiscounts[index] ?? 0,
    })),
    totals,
    coupon: coupon ? { code: coupon.code, valid: coupon.valid, message: coupon.message } : null,
    discounts: verdict?.discounts ?? [],
  };
}
