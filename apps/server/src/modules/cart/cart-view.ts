/**
 * Turns cart lines as they are now into what the shopper is shown: each line's stock
 * state and price change, and the estimate from `priceOrder()` (the same function that
 * prices a placed order). The estimate counts each line at the units that can be had
 * now: a sold-out or no-longer-sold line at none, a line asking more than the stock at
 * the stock when that is at or under the "Only N left" limit, else at none until the
 * shopper lowers it (counting it at the stock would tell the count, issue 37); each such
 * line carries a notice for the shopper to settle.
 */
import { type Cart, type CartLine, type DeliveryZoneOption, type StockState, shopperStockOf } from "@atelier/contract";
import { cartLimits } from "@atelier/contract/constants";
import { lineTotal, priceOrder, type TaxRate } from "../checkout/index.ts";
import type { CartLineRow } from "./cart-repository.ts";

export function stockStateOf(row: Pick<CartLineRow, "stock" | "isPublished"> & { onlyLeftBelow?: number }): StockState {
  if (!row.isPublished) return "unavailable";
  return shopperStockOf(row.stock, row.onlyLeftBelow ?? cartLimits.lowStock).stockState;
}

export function cartLineOf(row: CartLineRow): CartLine & { countable: number } {
  const stockState = stockStateOf(row);
  const available = stockState === "unavailable" ? 0 : Math.max(0, row.stock);
  const overStock = available > 0 && row.quantity > available;
  return {
    id: row.id,
    variantId: row.variantId,
    productId: row.productId,
    productName: row.productName,
    filename: row.filename,
    size: { id: row.sizeId, name: row.sizeName },
    color: { id: row.colorId, name: row.colorName, hex: row.colorHex },
    unitPrice: row.unitPrice,
    seenUnitPrice: row.seenUnitPrice,
    priceChanged: row.unitPrice !== row.seenUnitPrice,
    stockState,
    onlyLeft: stockState === "low" ? available : null,
    overStock,
    quantity: row.quantity,
    lineTotal: lineTotal({ unitPrice: row.unitPrice, quantity: row.quantity }),
    orderable: available > 0 && row.quantity <= available,
    // The units the estimate counts (not part of the answer).
    countable: overStock ? (stockState === "low" ? available : 0) : available > 0 ? row.quantity : 0,
  };
}

export function buildCart(input: {
  rows: readonly CartLineRow[];
  currency: string;
  zones: readonly DeliveryZoneOption[];
  zoneId: number | undefined;
  tax: (TaxRate & { name: string; region: string }) | undefined;
}): Cart {
  const counts = input.rows.map(cartLineOf);
  const lines: CartLine[] = counts.map(({ countable: _countable, ...line }) => line);
  const zone = (input.zoneId === undefined ? input.zones[0] : input.zones.find((z) => z.id === input.zoneId)) ?? null;
  const counted = counts
    .map((line) => ({ unitPrice: line.unitPrice, quantity: line.countable }))
    .filter((line) => line.quantity > 0);
  const totals = priceOrder({
    lines: counted,
    // An empty cart costs nothing to deliver.
    zone: counted.length > 0 ? zone : null,
    tax: input.tax ?? null,
  });
  const notices = {
    // A line that cannot be had is settled by removing it, not by accepting its price.
    priceChanges: lines.filter(
      (line) => line.priceChanged && (line.stockState === "in_stock" || line.stockState === "low"),
    ).length,
    soldOut: lines.filter((line) => line.stockState === "sold_out").length,
    unavailable: lines.filter((line) => line.stockState === "unavailable").length,
    overStock: lines.filter((line) => line.overStock).length,
  };
  return {
    currency: input.currency,
    lines,
    count: lines.reduce((sum, line) => sum + line.quantity, 0),
    totals: { ...totals, deliveryKnown: zone !== null },
    delivery: { zones: [...input.zones], zoneId: zone?.id ?? null },
    tax: input.tax
      ? { name: input.tax.name, region: input.tax.region, rateBasisPoints: input.tax.rateBasisPoints }
      : null,
    notices,
    readyForCheckout: counted.length > 0 && Object.values(notices).every((n) => n === 0),
  };
}
