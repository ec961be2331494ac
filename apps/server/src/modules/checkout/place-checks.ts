/** What placing an order reads and checks before it writes: the one read (ADR 0017), stock, the payment method, a custom order's line. */
import type { DeliveryZone, TaxRate } from "@atelier/contract";
import { and, eq, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { executePrepared } from "../../db/prepared.ts";
import { customizationRequests, type PaymentMethod, type PostalAddress, products } from "../../db/schema/index.ts";
import { ConflictError, NotFoundError, ValidationError } from "../../errors.ts";
import type { Shopper } from "../../http/shopper.ts";
import { type ShippableLevel, shippableLevelsSql, shortMessage } from "../inventory/index.ts";
import { type CheckoutLine, ownerCondition } from "./cart-lines.ts";
import { type CheckoutContext, lineName, type PlaceInput } from "./checkout-context.ts";
import { type PaymentSettings, placementSettingsSql } from "./settings.ts";

export function allowedMethod(deps: CheckoutContext, method: PaymentMethod, current: PaymentSettings): void {
  const { gateway } = deps;
  const enabled =
    method === "cod"
      ? current.cashOnDelivery.enabled
      : method === "manual_transfer"
        ? current.manualTransfer.enabled
        : gateway !== null;
  if (!enabled) {
    throw new ValidationError("This shop does not take that payment method now.", {
      paymentMethod: "is not available",
    });
  }
}

export function checkStock(lines: readonly CheckoutLine[], onlyLeftBelow: number): void {
  for (const line of lines) {
    const field = `lines.${line.variantId}`;
    if (!line.isPublished) {
      throw new ValidationError(`${lineName(line)} is no longer sold. Remove it from your cart.`, {
        [field]: "is no longer sold",
      });
    }
    if (line.stock < line.quantity) {
      const short = shortMessage(lineName(line), line.stock, onlyLeftBelow, "");
      throw new ConflictError(short.message, { [field]: short.field });
    }
  }
}

/**
 * The place-order transaction's one read (ADR 0017), after the cart lines (or the
 * customization request) are locked, so that it sees what the locks protect as of now:
 * an earlier order with this Idempotency-Key, the payment settings, the zone, the tax
 * rate of a typed address, the saved address, the stock levels the zone can ship from,
 * the "Only N left" limit, the customer's name, and each placement guard's and the
 * discount engine's own reads.
 */
export async function readForOrder(
  deps: CheckoutContext,
  tx: Tx,
  shopper: Shopper,
  input: PlaceInput,
  idempotencyKey: string,
  lines: readonly CheckoutLine[],
) {
  const { state } = deps;
  const variantIds = lines.map((line) => line.variantId).filter((id) => id > 0);
  const userId = "userId" in shopper ? shopper.userId : null;
  const owner = ownerCondition(shopper, { userId: sql.raw("o.user_id"), guestId: sql.raw("o.guest_id") });
  const engineRead =
    lines.length > 0 && variantIds.length > 0 && state.coupons.placementRead
      ? state.coupons.placementRead({ code: input.couponCode, lines, shopper })
      : sql`null::json`;
  const guardReads = variantIds.length > 0 ? state.guards.map((guard) => guard.read({ lines })) : [];
  const { rows } = await executePrepared<{
    earlier: { id: number; request_hash: string | null } | null;
    payments: unknown;
    zone: DeliveryZone | null;
    rate: TaxRate | null;
    saved: PostalAddress | null;
    levels: ShippableLevel[] | null;
    only_left_below: number | null;
    actor_name: string | null;
    discounts: unknown;
    guards: unknown[] | null;
  }>(
    tx,
    "checkout_read",
    sql`select
    (select json_build_object('id', o.id, 'request_hash', o.request_hash) from buying_history o
      where o.idempotency_key = ${idempotencyKey} and ${owner}) as earlier,
    ${placementSettingsSql.payments} as payments,
    ${placementSettingsSql.zone(input.deliveryZoneId)} as zone,
    ${input.address ? placementSettingsSql.rate(input.address.country, input.address.region) : sql`null::json`} as rate,
    ${
      input.savedAddressId !== null && userId !== null
        ? sql`(select json_build_object('fullName', a.full_name, 'phone', a.phone, 'line1', a.line1, 'line2', a.line2,
            'city', a.city, 'region', a.region, 'postalCode', a.postal_code, 'country', a.country)
            from addresses a where a.id = ${input.savedAddressId} and a.user_id = ${userId})`
        : sql`null::json`
    } as saved,
    ${variantIds.length > 0 ? shippableLevelsSql(input.deliveryZoneId, variantIds) : sql`null::json`} as levels,
    (select only_left_below from inventory_settings where id = 1) as only_left_below,
    ${userId === null ? sql`null::text` : sql`(select name from "user" where id = ${userId})`} as actor_name,
    ${engineRead} as discounts,
    ${guardReads.length > 0 ? sql`json_build_array(${sql.join(guardReads, sql`, `)})` : sql`null::json`} as guards`,
  );
  const row = rows[0];
  if (!row) throw new Error("the order read returned nothing");
  return row;
}

/** The accepted quote of the shopper's customization request as a checkout line (locked). */
export async function customizationLine(
  tx: Tx,
  shopper: Shopper,
  input: PlaceInput,
): Promise<{ requestId: number; productId: number | null; line: CheckoutLine }> {
  const requestId = input.customizationRequestId ?? 0;
  const [request] = await tx
    .select()
    .from(customizationRequests)
    .where(
      and(
        eq(customizationRequests.id, requestId),
        ownerCondition(shopper, { userId: customizationRequests.userId, guestId: customizationRequests.guestId }),
      ),
    )
    .for("update");
  if (!request) throw new NotFoundError("That customization request was not found.");
  if (request.status !== "accepted" || request.quotePrice === null) {
    throw new ConflictError("Only an accepted quote can be ordered.");
  }
  if (input.couponCode) {
    throw new ValidationError("Coupons do not apply to custom orders.", { couponCode: "does not apply" });
  }
  const [product] = request.productId
    ? await tx.select({ name: products.name }).from(products).where(eq(products.id, request.productId))
    : [];
  return {
    requestId,
    productId: request.productId,
    line: {
      variantId: 0,
      productId: request.productId ?? 0,
      productName: `Custom order #${request.id}${product ? `: ${product.name}` : ""}`.slice(0, 160),
      sizeName: request.size,
      colorName: request.color,
      sku: `CUSTOM-${request.id}`,
      image: request.images[0] ?? null,
      unitPrice: request.quotePrice,
      quantity: request.quantity,
      stock: request.quantity,
      isPublished: true,
    },
  };
}
